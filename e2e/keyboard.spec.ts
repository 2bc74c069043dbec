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
