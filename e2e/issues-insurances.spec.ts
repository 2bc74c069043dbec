import { expect, test, type Page } from './fixtures.ts';
import { messages } from '../domain/messages.ts';
import { expectNoAxeViolations, expectNoHorizontalOverflow, holdToast, storageState, tabTo } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** A unique name per run, so the tests find their own records among the seed's. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const recordUrl = (area: 'issues' | 'insurances') => new RegExp(`/practice/${area}/[0-9a-f-]{36}$`);
const listUrl = (area: 'issues' | 'insurances') => new RegExp(`/practice/${area}(\\?.*)?$`);
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** The value shown next to a label on a detail screen (a description list's term and definition). */
const shown = (page: Page, label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test.describe('practice administrator: issues', () => {
  test.use({ storageState: storageState('manager') });

  test('by mouse: bad input keeps what was typed; creates, edits, deletes and undoes the delete', async ({ page }) => {
    const name = unique('Wound check');
    await page.goto('/practice/issues');
    await expect(page.getByRole('table', { name: 'Issues' }).locator('tbody tr').first()).toBeVisible();
    await page.getByRole('link', { name: /Add Issue/ }).click();
    await expect(page).toHaveURL(/\/practice\/issues\/create$/);
    await expect(h1(page, 'Create issue')).toBeVisible();

    await test.step('bad input: the field says why, and what was typed stays', async () => {
      await page.getByLabel('Description').fill('Typed before the mistake');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(messages.issueNameRequired)).toBeVisible();
      await expect(page.getByLabel('Description')).toHaveValue('Typed before the mistake');
      // A name the account already has: the server's 409 lands under the field.
      await page.getByLabel('Name').fill('Chest pain');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(/An issue named "Chest pain" already exists/)).toBeVisible();
      await expect(page.getByLabel('Name')).toHaveValue('Chest pain');
      await expect(page.getByLabel('Description')).toHaveValue('Typed before the mistake');
      await expect(page).toHaveURL(/\/practice\/issues\/create$/);
    });

    await test.step('create', async () => {
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Category').selectOption('Clinical');
      await page.getByLabel('Urgent').check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(recordUrl('issues'));
      await expect(page.getByRole('status').filter({ hasText: 'Successfully Added Issue' })).toBeVisible();
      await expect(h1(page, name)).toBeVisible();
      await expect(shown(page, 'Category')).toHaveText('Clinical');
      await expect(shown(page, 'Urgent')).toHaveText('Yes');
      await expect(shown(page, 'Active')).toHaveText('Yes');
    });

    await test.step('edit: Edit enables the fields, Save returns to view', async () => {
      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByLabel('Name')).toBeFocused();
      await page.getByLabel('Category').selectOption('Billing');
      await page.getByLabel('Urgent').uncheck();
      await page.getByLabel('Description').fill('Dressing change questions');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
      await expect(shown(page, 'Category')).toHaveText('Billing');
      await expect(shown(page, 'Urgent')).toHaveText('No');
      await expect(shown(page, 'Description')).toHaveText('Dressing change questions');
    });

    await test.step('delete leaves the list at once; Undo brings it back', async () => {
      await page.getByRole('button', { name: 'Delete' }).click();
      await expect(page).toHaveURL(listUrl('issues'));
      const toast = page.getByRole('status').filter({ hasText: `Issue “${name}” deleted` });
      await expect(toast).toBeVisible();
      await holdToast(toast);
      await page.getByLabel('Filter issues', { exact: true }).fill(name);
      await expect(page.getByText(`No issues match “${name}”.`)).toBeVisible();
      await toast.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Restored issue “${name}”` })).toBeVisible();
      const rows = page.getByRole('table', { name: 'Issues' }).locator('tbody tr');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(name);
    });
  });

  test('by keyboard: C creates, Enter saves, the side panel and the page open from the list, delete and Undo', async ({ page }) => {
    const name = unique('Keyboard issue');
    await page.goto('/practice/issues');
    await expect(page.getByRole('table', { name: 'Issues' }).locator('tbody tr').first()).toBeVisible();
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/practice\/issues\/create$/);
    await expect(page.getByLabel('Name')).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(recordUrl('issues'));
    await expect(h1(page, name)).toBeVisible();

    await test.step('Edit and Save by keyboard', async () => {
      await tabTo(page, page.getByRole('button', { name: 'Edit' }));
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('Name')).toBeFocused();
      await tabTo(page, page.getByLabel('Urgent'));
      await page.keyboard.press('Space');
      await tabTo(page, page.getByRole('button', { name: 'Save' }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
      await expect(shown(page, 'Urgent')).toHaveText('Yes');
    });

    await test.step('G E, filter, J, Shift+Enter (side panel), Enter (page)', async () => {
      await page.keyboard.press('g');
      await page.keyboard.press('e');
      await expect(page).toHaveURL(listUrl('issues'));
      await page.getByLabel('Filter issues', { exact: true }).fill(name);
      const rows = page.getByRole('table', { name: 'Issues' }).getByRole('row');
      await expect(rows).toHaveCount(2);
      await page.getByRole('table', { name: 'Issues' }).locator('tbody').focus();
      await page.keyboard.press('j');
      await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Shift+Enter');
      await expect(page.getByRole('dialog').getByRole('heading', { level: 1, name })).toBeVisible();
      await page.keyboard.press('Escape');
      await page.getByRole('table', { name: 'Issues' }).locator('tbody').focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(recordUrl('issues'));
    });

    await test.step('Delete by keyboard, Undo from the toast', async () => {
      await tabTo(page, page.getByRole('button', { name: 'Delete' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(listUrl('issues'));
      const undo = page.getByRole('status').filter({ hasText: `Issue “${name}” deleted` }).getByRole('button', { name: 'Undo' });
      // The pointer rests on the toast, so it stays while the keys reach its Undo on a slow machine.
      await holdToast(page.getByRole('status').filter({ hasText: `Issue “${name}” deleted` }));
      await tabTo(page, undo);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: `Restored issue “${name}”` })).toBeVisible();
    });
  });

  test('the palette: "Create issue", and finding an issue by name', async ({ page }) => {
    await page.goto('/home');
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await page.keyboard.type('Create issue');
    await expect(palette.getByRole('option', { name: /Create issue/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/practice\/issues\/create$/);
    await expect(page.getByLabel('Name')).toBeFocused();

    await page.keyboard.press('Control+k');
    await page.keyboard.type('Shortnes of breath');
    const hit = palette.getByRole('group', { name: 'Issues' }).getByRole('option', { name: /Shortness of breath/ });
    await expect(hit).toBeVisible();
    await hit.click();
    await expect(page).toHaveURL(recordUrl('issues'));
    await expect(h1(page, 'Shortness of breath')).toBeVisible();
  });

  test('an edit someone else saved first shows both versions instead of overwriting', async ({ page }) => {
    // The page's own context: with a shared page (fixtures.ts) the test's `context` is not the page's.
    const context = page.context();
    const name = unique('Conflicted');
    await page.goto('/practice/issues/create');
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(recordUrl('issues'));
    const url = page.url();

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Description').fill('Mine');

    const other = await context.newPage();
    await other.goto(url);
    await other.getByRole('button', { name: 'Edit' }).click();
    await other.getByLabel('Description').fill('Theirs');
    await other.getByRole('button', { name: 'Save' }).click();
    await expect(other.getByRole('button', { name: 'Edit' })).toBeVisible();
    await other.close();

    await page.getByRole('button', { name: 'Save' }).click();
    const notice = page.getByRole('alert').filter({ hasText: messages.conflict });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('row', { name: /Description/ })).toContainText('Mine');
    await expect(notice.getByRole('row', { name: /Description/ })).toContainText('Theirs');
    await expect(page.getByLabel('Description')).toHaveValue('Mine');
    await page.getByRole('button', { name: 'Overwrite with mine' }).click();
    await expect(shown(page, 'Description')).toHaveText('Mine');
  });

  test('a missing issue shows the 404 screen', async ({ page }) => {
    await page.goto('/practice/issues/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText(messages.notFoundTitle)).toBeVisible();
  });
});

test.describe('practice administrator: insurances', () => {
  test.use({ storageState: storageState('manager') });

  test('by mouse: every field of spec §3, the authorization rule, edit, delete and Undo', async ({ page }) => {
    const name = unique('Oscar Health EPO');
    await page.goto('/practice/insurances');
    await expect(page.getByRole('table', { name: 'Insurances' }).locator('tbody tr').first()).toBeVisible();
    await page.getByRole('link', { name: /Add Insurance/ }).click();
    await expect(page).toHaveURL(/\/practice\/insurances\/create$/);

    await test.step('fill every field', async () => {
      await page.getByLabel('Plan name').fill(name);
      await page.getByRole('button', { name: 'Insurance types' }).click();
      const types = page.getByRole('dialog', { name: 'Insurance types' });
      await types.getByRole('checkbox', { name: 'Commercial', exact: true }).check();
      await types.getByRole('checkbox', { name: 'EPO', exact: true }).check();
      await types.getByRole('button', { name: 'Done' }).click();
      await expect(types).toBeHidden();
      const prefixes = page.getByLabel('Plan prefixes');
      await prefixes.fill('osc');
      await prefixes.press('Enter');
      await prefixes.fill('OH1');
      await page.getByRole('button', { name: 'Add plan prefix' }).click();
      for (const flag of ['Secondary only', 'Referral required', 'Medicare', 'Medicaid', "Workers' compensation"]) await page.getByLabel(flag, { exact: true }).check();
      await page.getByLabel('In network', { exact: true }).uncheck();
    });

    await test.step('bad input: OK to bring authorization needs authorization required; nothing typed is lost', async () => {
      await page.getByLabel('OK to bring authorization', { exact: true }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(messages.insuranceBringWithoutRequired)).toBeVisible();
      await expect(page.getByLabel('Plan name')).toHaveValue(name);
      await expect(page.getByRole('list', { name: 'plan prefixs' })).toContainText('osc');
      await page.getByLabel('Authorization required', { exact: true }).check();
      await expect(page.getByText(messages.insuranceBringWithoutRequired)).toBeHidden();
      await page.getByRole('button', { name: 'Save' }).click();
    });

    await test.step('the page shows what was saved', async () => {
      await expect(page).toHaveURL(recordUrl('insurances'));
      await expect(h1(page, name)).toBeVisible();
      await expect(shown(page, 'Insurance types')).toHaveText(/Commercial\s*EPO/);
      await expect(shown(page, 'Plan prefixes')).toHaveText(/OSC\s*OH1/);
      for (const flag of ['Secondary only', 'Referral required', 'Authorization required', 'OK to bring authorization', 'Medicare', 'Medicaid', "Workers' compensation"]) {
        await expect(shown(page, flag)).toHaveText('Yes');
      }
      await expect(shown(page, 'In network')).toHaveText('No');
    });

    await test.step('edit', async () => {
      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByLabel('Plan name')).toBeFocused();
      await page.getByRole('button', { name: 'Remove plan prefix OSC' }).click();
      await page.getByLabel('In network', { exact: true }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
      await expect(shown(page, 'Plan prefixes')).toHaveText('OH1');
      await expect(shown(page, 'In network')).toHaveText('Yes');
    });

    await test.step('found in the list by its prefix; deleted, then Undo', async () => {
      await page.getByRole('button', { name: 'Delete' }).click();
      await expect(page).toHaveURL(listUrl('insurances'));
      const toast = page.getByRole('status').filter({ hasText: `Insurance “${name}” deleted` });
      await expect(toast).toBeVisible();
      await holdToast(toast);
      await page.getByLabel('Filter insurances', { exact: true }).fill(name);
      await expect(page.getByText(`No insurances match “${name}”.`)).toBeVisible();
      await toast.getByRole('button', { name: 'Undo' }).click();
      const rows = page.getByRole('table', { name: 'Insurances' }).locator('tbody tr');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('OH1');
    });
  });

  test('by keyboard: G B, C, type, Enter; the palette finds a plan by name and offers "Create insurance"', async ({ page }) => {
    const name = unique('Keyboard plan');
    await page.goto('/home');
    await expect(h1(page, /./)).toBeVisible();
    await page.keyboard.press('g');
    await page.keyboard.press('b');
    await expect(page).toHaveURL(listUrl('insurances'));
    await expect(page.getByRole('table', { name: 'Insurances' }).locator('tbody tr').first()).toBeVisible();
    await page.keyboard.press('c');
    await expect(page.getByLabel('Plan name')).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(recordUrl('insurances'));
    await expect(shown(page, 'In network')).toHaveText('Yes');

    await tabTo(page, page.getByRole('button', { name: 'Delete' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(listUrl('insurances'));
    // The pointer rests on the toast, so it stays while the keys reach its Undo on a slow machine.
    await holdToast(page.getByRole('status').filter({ hasText: `Insurance “${name}” deleted` }));
    await tabTo(page, page.getByRole('status').filter({ hasText: `Insurance “${name}” deleted` }).getByRole('button', { name: 'Undo' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `Restored insurance “${name}”` })).toBeVisible();

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await page.keyboard.type('Humana Gold');
    const hit = palette.getByRole('group', { name: 'Insurances' }).getByRole('option', { name: /Humana Gold Plus HMO/ });
    await expect(hit).toBeVisible();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Create insurance');
    await expect(palette.getByRole('option', { name: /Create insurance/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/practice\/insurances\/create$/);
  });

  test('a plan name the account has is refused under the field', async ({ page }) => {
    await page.goto('/practice/insurances/create');
    await page.getByLabel('Plan name').fill('medicare part b');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/An insurance plan named "Medicare Part B" already exists/)).toBeVisible();
    await expect(page.getByLabel('Plan name')).toHaveValue('medicare part b');
  });
});

test.describe('read only', () => {
  test.use({ storageState: storageState('viewer') });

  for (const [area, table, add, edit] of [
    ['issues', 'Issues', 'Add Issue', 'create issues'],
    ['insurances', 'Insurances', 'Add Insurance', 'create insurances'],
  ] as const) {
    test(`sees ${area} but no control that changes them`, async ({ page }) => {
      await page.goto(`/practice/${area}`);
      const rows = page.getByRole('table', { name: table }).locator('tbody tr');
      await expect(rows.first()).toBeVisible();
      await expect(page.getByRole('link', { name: new RegExp(add) })).toHaveCount(0);
      await page.keyboard.press('c');
      await expect(page).toHaveURL(listUrl(area));

      await rows.first().getByRole('link').first().click();
      await expect(page).toHaveURL(recordUrl(area));
      await expect(page.locator('dt', { hasText: /^Id$/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

      await page.goto(`/practice/${area}/create`);
      await expect(h1(page, `You don't have permission to ${edit}.`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

      await page.keyboard.press('Control+k');
      await page.keyboard.type(area === 'issues' ? 'Create issue' : 'Create insurance');
      await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('option', { name: /Create (issue|insurance)/ })).toHaveCount(0);
    });
  }
});

for (const [size, viewport] of [
  ['desktop', { width: 1280, height: 720 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`${size} (${viewport.width}×${viewport.height})`, () => {
    test.use({ storageState: storageState('manager'), viewport });

    test('issue and insurance screens fit the width and pass axe', async ({ page }) => {
      test.setTimeout(120_000);
      const check = async () => {
        await expectNoHorizontalOverflow(page);
        await expectNoAxeViolations(page);
      };
      for (const [area, table, createTitle] of [
        ['issues', 'Issues', 'Create issue'],
        ['insurances', 'Insurances', 'Create insurance'],
      ] as const) {
        await test.step(`${area}: list, page, edit mode, create`, async () => {
          await page.goto(`/practice/${area}`);
          const link = page.getByRole('table', { name: table }).locator('tbody tr').first().getByRole('link').first();
          await expect(link).toBeVisible();
          await check();
          await link.click();
          await expect(page).toHaveURL(recordUrl(area));
          await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
          await check();
          await page.getByRole('button', { name: 'Edit' }).click();
          await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
          await check();
          await page.goto(`/practice/${area}/create`);
          await expect(h1(page, createTitle)).toBeVisible();
          await page.getByRole('button', { name: 'Save' }).click();
          await expect(page.locator('[data-slot="field-error"]').first()).toBeVisible();
          await check();
        });
      }
    });
  });
}
