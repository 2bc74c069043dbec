import { expect, test, type Page } from './fixtures.ts';
import { messages } from '../domain/messages.ts';
import { practiceTeamMessages } from '../domain/practice-teams.ts';
import { expectNoAxeViolations, expectNoHorizontalOverflow, holdToast, storageState, tabTo } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** A unique name per run, so the tests find their own records among the seed's. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const recordUrl = /\/practice\/teams\/[0-9a-f-]{36}$/;
const listUrl = /\/practice\/teams(\?.*)?$/;
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const table = (page: Page) => page.getByRole('table', { name: 'Practice Teams' });

/** The value shown next to a label on a detail screen. */
const shown = (page: Page, label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

const membersList = (page: Page) => page.getByRole('list', { name: 'Members' });

test.describe('practice administrator: practice teams', () => {
  test.use({ storageState: storageState('manager') });

  test('by keyboard: C creates, Enter saves; a member is added with the picker and removed with Undo; J/K and Enter open from the list', async ({ page }) => {
    const name = unique('Keyboard team');
    await page.goto('/practice/teams');
    await expect(table(page).locator('tbody tr').first()).toBeVisible();
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/practice\/teams\/create$/);
    await expect(page.getByLabel('Name')).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Type')).toBeFocused();
    await page.getByLabel('Type').selectOption('Care team');
    await page.getByLabel('Name').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(recordUrl);
    await expect(page.getByRole('status').filter({ hasText: practiceTeamMessages.added })).toBeVisible();
    await expect(h1(page, name)).toBeVisible();
    await expect(shown(page, 'Type')).toHaveText('Care team');
    await expect(page.getByRole('heading', { name: 'Members (0)' })).toBeVisible();

    await test.step('Add Member: type a name, Enter takes the first match; focus goes back to the button', async () => {
      const add = page.getByRole('button', { name: 'Add Member' });
      await tabTo(page, add);
      await page.keyboard.press('Enter');
      const box = page.getByRole('dialog', { name: 'Add Member' });
      await expect(box.getByPlaceholder('Find a person…')).toBeFocused();
      await page.keyboard.type('Victor Chen');
      await expect(box.getByRole('option', { name: /Victor Chen/ }).first()).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(box).toBeHidden();
      await expect(add).toBeFocused();
      await expect(membersList(page).getByText('Victor Chen')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Members (1)' })).toBeVisible();
    });

    await test.step('remove by Delete on the chip, then Undo from the toast', async () => {
      const remove = page.getByRole('button', { name: 'Remove member Victor Chen' });
      await tabTo(page, remove);
      await page.keyboard.press('Delete');
      await expect(membersList(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add Member' })).toBeFocused();
      const undo = page.getByRole('status').filter({ hasText: `Victor Chen removed from “${name}”` }).getByRole('button', { name: 'Undo' });
      // The pointer rests on the toast, so it stays while the keys reach its Undo on a slow machine.
      await holdToast(page.getByRole('status').filter({ hasText: `Victor Chen removed from “${name}”` }));
      await tabTo(page, undo);
      await page.keyboard.press('Enter');
      await expect(membersList(page).getByText('Victor Chen')).toBeVisible();
    });

    await test.step('the list: J and K move the selection, Enter opens the selected team', async () => {
      await page.goto('/practice/teams');
      const rows = table(page).locator('tbody tr');
      await expect(rows.nth(2)).toBeVisible();
      await table(page).locator('tbody').focus();
      await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      await expect(rows.nth(2)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('k');
      await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
      await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'false');
      await page.getByLabel('Filter teams', { exact: true }).fill(name);
      await expect(rows).toHaveCount(1);
      await table(page).locator('tbody').focus();
      await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(recordUrl);
      await expect(h1(page, name)).toBeVisible();
      await expect(shown(page, 'Type')).toHaveText('Care team');
    });

    await test.step('Edit and Save by keyboard; Delete, then Undo', async () => {
      await tabTo(page, page.getByRole('button', { name: 'Edit' }));
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('Name')).toBeFocused();
      await tabTo(page, page.getByLabel('Schedulable'));
      await page.keyboard.press('Space');
      await tabTo(page, page.getByRole('button', { name: 'Save' }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
      await expect(shown(page, 'Schedulable')).toHaveText('Yes');

      await tabTo(page, page.getByRole('button', { name: 'Delete' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(listUrl);
      const undo = page.getByRole('status').filter({ hasText: `Team “${name}” deleted` }).getByRole('button', { name: 'Undo' });
      // The pointer rests on the toast, so it stays while the keys reach its Undo on a slow machine.
      await holdToast(page.getByRole('status').filter({ hasText: `Team “${name}” deleted` }));
      await tabTo(page, undo);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: `Restored team “${name}”` })).toBeVisible();
    });
  });

  test('the palette: "Create practice team"; the Practice menu links to the teams', async ({ page }) => {
    await page.goto('/home');
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await page.keyboard.type('Create practice team');
    await expect(palette.getByRole('option', { name: /Create practice team/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/practice\/teams\/create$/);
    await expect(page.getByLabel('Name')).toBeFocused();

    await page.getByRole('button', { name: 'Practice', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Practice Teams' }).click();
    await expect(page).toHaveURL(listUrl);
    await expect(table(page).getByRole('link', { name: 'Front Desk' })).toBeVisible();
  });

  test('a missing team shows the 404 screen', async ({ page }) => {
    await page.goto('/practice/teams/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText(messages.notFoundTitle)).toBeVisible();
  });
});

test.describe('practice administrator: member chips', () => {
  test.use({ storageState: storageState('manager') });

  test("each member's chip is a link to the member's record page, beside its remove button (issue 40)", async ({ page }) => {
    await page.goto('/practice/teams');
    await table(page).getByRole('link', { name: 'Care Team Blue' }).click();
    await expect(page).toHaveURL(recordUrl);
    await expect(page.getByRole('heading', { name: 'Members (5)' })).toBeVisible();
    const chips = membersList(page).getByRole('listitem');
    await expect(chips).toHaveCount(5);
    // Care Team Blue: four practitioners and one user, each linking to the page of what they are on the team.
    const links = membersList(page).getByRole('link');
    await expect(links).toHaveCount(5);
    await expect(membersList(page).locator('a[href^="/practice/practitioners/"]')).toHaveCount(4);
    await expect(membersList(page).locator('a[href^="/practice/users/"]')).toHaveCount(1);
    await expect(membersList(page).getByRole('button', { name: /^Remove member / })).toHaveCount(5);

    const user = membersList(page).locator('a[href^="/practice/users/"]');
    const name = (await user.textContent())!.trim();
    await user.click();
    await expect(page).toHaveURL(/\/practice\/users\/[0-9a-f-]{36}$/);
    await expect(h1(page, name)).toBeVisible();
  });
});

test.describe('read only', () => {
  test.use({ storageState: storageState('viewer') });

  test('sees teams and their members but no control that changes them', async ({ page }) => {
    await page.goto('/practice/teams');
    const rows = table(page).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Add Team/ })).toHaveCount(0);
    await page.keyboard.press('c');
    await expect(page).toHaveURL(listUrl);

    await table(page).getByRole('link', { name: 'Front Desk' }).click();
    await expect(page).toHaveURL(recordUrl);
    await expect(h1(page, 'Front Desk')).toBeVisible();
    await expect(membersList(page).getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Member' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remove member/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    await page.goto('/practice/teams/create');
    await expect(h1(page, "You don't have permission to create practice teams.")).toBeVisible();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Create practice team');
    await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('option', { name: /Create practice team/ })).toHaveCount(0);
  });
});

for (const [size, viewport] of [
  ['desktop', { width: 1280, height: 720 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`${size} (${viewport.width}×${viewport.height})`, () => {
    test.use({ storageState: storageState('manager'), viewport });

    test('practice team screens fit the width and pass axe', async ({ page }) => {
      test.setTimeout(120_000);
      const check = async () => {
        await expectNoHorizontalOverflow(page);
        await expectNoAxeViolations(page);
      };
      await page.goto('/practice/teams');
      const link = table(page).getByRole('link', { name: 'Care Team Blue' });
      await expect(link).toBeVisible();
      await check();
      await link.click();
      await expect(page).toHaveURL(recordUrl);
      await expect(membersList(page)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Tags' })).toBeVisible();
      await check();
      await page.getByRole('button', { name: 'Add Member' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Member' }).getByRole('option').first()).toBeVisible();
      await check();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
      await check();
      await page.goto('/practice/teams/create');
      await expect(h1(page, 'Create practice team')).toBeVisible();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.locator('[data-slot="field-error"]').first()).toBeVisible();
      await check();
    });
  });
}
