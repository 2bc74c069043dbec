import { expect, test, type Locator, type Page } from './fixtures.ts';
import { expectNoAxeViolations, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/**
 * Issue 24, "focus is lost after a refused save": every form, refused by its own check or by the
 * server (400/409 naming fields), leaves the focus on the first field to mend, described by its
 * message.
 */
test.use({ storageState: storageState('admin') });

/** The focused control is `field`, marked invalid, and described by a message shown on the page. */
async function expectFocusedOnInvalid(page: Page, field: Locator, message?: string | RegExp) {
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const described = await field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id))
      .filter((node) => node?.getAttribute('data-slot') === 'field-error' || node?.id.endsWith('-error') || node?.textContent)
      .map((node) => node!.textContent ?? ''),
  );
  expect(described.join(' ').trim()).not.toBe('');
  if (message) await expect(field).toHaveAccessibleDescription(message);
}

/** Opens the first record of a list (by its first link in the table) and returns its id. */
async function firstRecordId(page: Page, list: string) {
  await page.goto(list);
  const link = page.getByRole('table').getByRole('link').first();
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  return href.split('/').at(-1)!;
}

type Row = {
  form: string;
  /** Opens the form and leaves it in a state its save refuses. */
  open(page: Page): Promise<void>;
  submit: string | RegExp;
  /** The first field to mend, by its label (a text box unless `role` says otherwise). */
  field: string;
  role?: 'combobox';
};

const clear = (page: Page, label: string) => page.getByRole('main').getByRole('textbox', { name: label, exact: true }).fill('');

const rows: Row[] = [
  { form: 'contact point create', open: (page) => page.goto('/practice/contact-points/create').then(() => undefined), submit: 'Save', field: 'Name' },
  {
    form: 'contact point edit',
    open: async (page) => {
      await page.goto(`/practice/contact-points/${await firstRecordId(page, '/practice/contact-points')}`);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await clear(page, 'Name');
    },
    submit: 'Save',
    field: 'Name',
  },
  { form: 'issue create', open: (page) => page.goto('/practice/issues/create').then(() => undefined), submit: 'Save', field: 'Name' },
  { form: 'insurance create', open: (page) => page.goto('/practice/insurances/create').then(() => undefined), submit: 'Save', field: 'Plan name' },
  { form: 'API key create', open: (page) => page.goto('/system/apikeys/create').then(() => undefined), submit: 'Create API key', field: 'Name' },
  { form: 'account create', open: (page) => page.goto('/accounts/create').then(() => undefined), submit: 'Create account', field: 'Name' },
  { form: 'campaign create', open: (page) => page.goto('/campaigns/campaign/create').then(() => undefined), submit: 'Create Survey', field: 'Campaign Name' },
  {
    form: 'user edit',
    open: async (page) => {
      await page.goto(`/practice/users/edit/${await firstRecordId(page, '/practice/users')}`);
      await clear(page, 'Email');
    },
    submit: 'Save Changes',
    field: 'Email',
  },
  {
    form: 'practitioner edit',
    open: async (page) => {
      await page.goto(`/practice/practitioners/edit/${await firstRecordId(page, '/practice/practitioners')}`);
      await clear(page, 'Name');
    },
    submit: 'Save Changes',
    field: 'Name',
  },
  {
    form: 'person create (administrator: no account chosen)',
    open: async (page) => {
      await page.goto('/practice/person/create');
      // The header's account is chosen to begin with: the administrator takes it away.
      await page.getByRole('main').getByRole('combobox', { name: 'Account', exact: true }).selectOption('');
      await page.getByRole('button', { name: 'Add Name' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Name' });
      await dialog.getByLabel('First Name').fill('Focus');
      await dialog.getByLabel('Last Name').fill('Tester');
      await dialog.getByRole('button', { name: 'Save Name' }).click();
      await expect(dialog).toBeHidden();
    },
    submit: 'Save Person',
    field: 'Account',
    role: 'combobox',
  },
  { form: 'location create', open: (page) => page.goto('/practice/locations/create').then(() => undefined), submit: 'Save', field: 'Name' },
  { form: 'role create', open: (page) => page.goto('/system/role/create').then(() => undefined), submit: 'Add Role', field: 'Role Name' },
  { form: 'schedule create', open: (page) => page.goto('/practice/schedules/create').then(() => undefined), submit: 'Save', field: 'Name' },
  {
    form: 'schedule edit',
    open: async (page) => {
      await page.goto(`/practice/schedules/${await firstRecordId(page, '/practice/schedules')}`);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await clear(page, 'Name');
    },
    submit: 'Save',
    field: 'Name',
  },
];

test.describe('a refused save puts the focus on the first field to mend', () => {
  for (const row of rows) {
    test(`${row.form}: its own check`, async ({ page }) => {
      await row.open(page);
      const save = page.getByRole('main').getByRole('button', { name: row.submit, exact: true });
      await save.click();
      await expectFocusedOnInvalid(page, page.getByRole('main').getByRole(row.role ?? 'textbox', { name: row.field, exact: true }));
    });
  }

  test('the server refusing a field (400 with error.fields) moves the focus there too', async ({ page }) => {
    await page.route('**/api/**', async (route) => {
      if (route.request().method() !== 'POST' || !/issue/i.test(route.request().url())) return route.fallback();
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'invalid_request', message: 'Invalid request', fields: { description: 'Description is not allowed here' } } }),
      });
    });
    await page.goto('/practice/issues/create');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Focus after a server refusal');
    await page.getByRole('main').getByRole('button', { name: 'Save', exact: true }).click();
    await expectFocusedOnInvalid(page, page.getByRole('textbox', { name: 'Description', exact: true }), /Description is not allowed here/);
  });

  test('a 409 naming a field (role create) moves the focus there', async ({ page }) => {
    await page.route('**/api/**', async (route) => {
      if (route.request().method() !== 'POST' || !/role/i.test(route.request().url())) return route.fallback();
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'conflict', message: 'Conflict', fields: { name: 'A role with this name already exists' } } }),
      });
    });
    await page.goto('/system/role/create');
    await page.getByRole('textbox', { name: 'Role Name', exact: true }).fill('Taken name');
    await page.getByRole('button', { name: 'Add Role', exact: true }).click();
    await expectFocusedOnInvalid(page, page.getByRole('textbox', { name: 'Role Name', exact: true }), /A role with this name already exists/);
  });
});

test.describe('the Add Name dialog', () => {
  test('Enter on an empty First Name saves: the required message shows next to First Name, which keeps the focus', async ({ page }) => {
    await page.goto('/practice/person/create');
    await page.getByRole('button', { name: 'Add Name' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Name' });
    const first = dialog.getByRole('textbox', { name: 'First Name' });
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expectFocusedOnInvalid(page, first);
    await expect(dialog.getByRole('textbox', { name: 'Last Name' })).not.toBeFocused();
  });
});

test.describe('focus after a navigation lands where the screen starts, never in a field out of sight', () => {
  test('G C, Enter, G H, G C, Enter: the record opened again has its heading focused, not the Tags section\'s "Tag key"', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const key of ['g', 'c', 'Enter', 'g', 'h', 'g', 'c', 'Enter']) await page.keyboard.press(key);
    await expect(page).toHaveURL(/\/practice\/contact-points\/[^/]+$/);
    // The record is shown (the list being left holds focus on its own heading while it loads).
    await expect(page.getByRole('textbox', { name: 'Tag key' })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Tag key' })).not.toBeFocused();
    // The G shortcuts work on from there (they were typed into the hidden box).
    await page.keyboard.press('g');
    await page.keyboard.press('h');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('at a person\'s pace, each screen shown before the next key: the record opened again (its Tags already loaded) starts at its heading', async ({ page }) => {
    const tagKey = page.getByRole('textbox', { name: 'Tag key' });
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('g');
    await page.keyboard.press('c');
    await expect(page.getByRole('table', { name: 'Contact Points' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Contact Points' }).locator('tbody')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/practice\/contact-points\/[^/]+$/);
    await expect(tagKey).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.keyboard.press('g');
    await page.keyboard.press('h');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeFocused();
    await page.keyboard.press('g');
    await page.keyboard.press('c');
    await expect(page.getByRole('table', { name: 'Contact Points' }).locator('tbody')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/practice\/contact-points\/[^/]+$/);
    await expect(tagKey).toHaveCount(1);
    await expect(tagKey).not.toBeFocused();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.keyboard.press('g');
    await page.keyboard.press('h');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a create screen opened by its address takes what is typed at once in its first field ("Night Desk" holds G H)', async ({ page }) => {
    await page.goto('/system/role/create');
    await page.keyboard.type('Night Desk');
    const name = page.getByRole('textbox', { name: 'Role Name', exact: true });
    await expect(name).toHaveValue('Night Desk');
    await expect(name).toBeFocused();
    await expect(page).toHaveURL(/\/system\/role\/create$/);
  });

  test('and after a reload too', async ({ page }) => {
    await page.goto('/system/role/create');
    await expect(page.getByRole('textbox', { name: 'Role Name', exact: true })).toBeVisible();
    await page.reload();
    await page.keyboard.type('Night Desk');
    await expect(page.getByRole('textbox', { name: 'Role Name', exact: true })).toHaveValue('Night Desk');
    await expect(page).toHaveURL(/\/system\/role\/create$/);
  });
});

test.describe('the languages picker', () => {
  test('after filtering, the arrows move through the matches (aria-activedescendant) and Enter picks one', async ({ page }) => {
    await page.goto('/practice/person/create');
    await page.getByRole('button', { name: 'Communication languages' }).click();
    const popup = page.getByRole('dialog', { name: 'Communication languages' });
    const filter = popup.getByRole('combobox', { name: 'Filter communication languages' });
    await filter.fill('spanish');
    const activeLabel = () =>
      filter.evaluate((input) => {
        const id = input.getAttribute('aria-activedescendant');
        const option = id ? document.getElementById(id) : null;
        return option ? (document.querySelector(`label[for="${CSS.escape(option.id)}"]`)?.textContent ?? '') : null;
      });
    await expect.poll(activeLabel).toBe('Spanish (Spain)');
    await page.keyboard.press('ArrowDown');
    await expect.poll(activeLabel).toBe('Spanish (Mexico)');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect.poll(activeLabel).toBe('Spanish (Mexico)');
    await page.keyboard.press('Enter');
    await expect(popup.getByRole('checkbox', { name: 'Spanish (Mexico)', exact: true })).toBeChecked();
    await expect(popup.getByRole('checkbox', { name: 'Spanish (Spain)', exact: true })).not.toBeChecked();
    await expect(filter).toBeFocused();
    await expect(popup).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Communication languages' })).toHaveText(/Spanish \(Mexico\)/);
  });
});
