import { expect, test, type Locator, type Page } from '@playwright/test';
import { storageState } from './support.ts';

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
