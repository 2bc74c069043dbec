import { expect, test, type Page } from '@playwright/test';
import { storageState } from './support.ts';

/**
 * Keyboard-first in fact (issue 8): these tests type as a fast typist does, without waiting for
 * anything to appear between the keys, also right after a page load.
 */
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const paletteInput = (page: Page) => palette(page).getByRole('combobox');

test.describe('keystrokes are never lost (administrator)', () => {
  test.use({ storageState: storageState('admin') });

  test('Ctrl+K then typing at once, right after a fresh page load, puts every character in the query', async ({ page }) => {
    await page.goto('/home');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('persons');
    await expect(paletteInput(page)).toHaveValue('persons');
    await expect(paletteInput(page)).toBeFocused();
  });

  test('on later opens too, and with "/"', async ({ page }) => {
    await page.goto('/home');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('abc');
    await expect(paletteInput(page)).toHaveValue('abc');
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('users');
    await expect(paletteInput(page)).toHaveValue('users');
    await page.keyboard.press('Escape');
    await page.keyboard.press('/');
    await page.keyboard.type('roles');
    await expect(paletteInput(page)).toHaveValue('roles');
  });

  test('"Ctrl+K, switch, Enter, account name, Enter" switches the account in one motion', async ({ page }) => {
    await page.goto('/home');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('switch');
    await page.keyboard.press('Enter');
    await page.keyboard.type('lake');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Ghost Mode' })).toContainText('you are acting in Lakeside Pediatrics');
    await expect(palette(page)).toBeHidden();
  });

  test('G shortcuts and "?" work from the moment the page loads', async ({ page }) => {
    await page.goto('/home');
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await expect(page).toHaveURL(/\/practice\/persons$/);
    await page.goto('/home');
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  });
});

test.describe('focus lands somewhere useful (practice administrator)', () => {
  test.use({ storageState: storageState('manager') });

  test('after G P focus is in the table: J moves the active row at once, Enter opens it, the title is announced', async ({ page }) => {
    await page.goto('/home');
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await page.keyboard.press('j');
    const table = page.getByRole('table', { name: 'Persons' });
    await expect(table.locator('tbody')).toBeFocused();
    const second = table.locator('tbody tr').nth(1);
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/^Row 2 of \d+: /)).toBeAttached();
    const name = (await second.locator('td').nth(1).textContent())!.trim();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/practice\/persons\/[0-9a-f-]{36}$/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeFocused();
    await expect(page.locator('[data-slot="route-announcer"]')).toHaveText((await heading.textContent())!.trim());
    expect(name.length).toBeGreaterThan(0);
  });

  test('a palette entry moves focus into the new screen, keys typed at once included', async ({ page }) => {
    await page.goto('/home');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Users');
    await page.keyboard.press('Enter');
    await page.keyboard.press('j');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.locator('tbody')).toBeFocused();
    await expect(table.locator('tbody tr').nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[data-slot="route-announcer"]')).toHaveText('Users');
  });

  test('J/K work on a list shown by a reload, without tabbing into the table', async ({ page }) => {
    await page.goto('/practice/users');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await page.keyboard.press('j');
    await expect(table.locator('tbody')).toBeFocused();
    await expect(table.locator('tbody tr').first()).toHaveAttribute('aria-selected', 'true');
  });

  test('a form screen focuses its first field; Cancel goes back to the list with focus in its table', async ({ page }) => {
    await page.goto('/practice/persons');
    await expect(page.getByRole('table', { name: 'Persons' }).locator('tbody tr').first()).toBeVisible();
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/practice\/person\/create$/);
    await expect(page.getByRole('button', { name: 'Add Name' })).toBeFocused();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('table', { name: 'Persons' }).locator('tbody')).toBeFocused();
    await expect(page.locator('[data-slot="route-announcer"]')).toHaveText('Persons');
  });

  test('closing Add Name returns focus to the Add Name button; the side panel returns it to its row', async ({ page }) => {
    await page.goto('/practice/person/create');
    const addName = page.getByRole('button', { name: 'Add Name' });
    await addName.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Add Name' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(addName).toBeFocused();

    await page.goto('/practice/persons');
    const table = page.getByRole('table', { name: 'Persons' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect(table.locator('tbody tr').nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Shift+Enter');
    const panel = page.getByRole('dialog').filter({ has: page.getByRole('link', { name: 'Open full page' }) });
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(table.locator('tbody')).toBeFocused();
    await expect(table.locator('tbody tr').nth(1)).toHaveAttribute('aria-selected', 'true');
  });

  test('closing the palette gives focus back to what had it', async ({ page }) => {
    await page.goto('/practice/persons');
    const filter = page.getByRole('searchbox', { name: 'Filter persons' });
    await filter.focus();
    await page.keyboard.press('Control+k');
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(filter).toBeFocused();
  });
});
