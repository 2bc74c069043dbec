import { expect, test, type Page, type Route } from '@playwright/test';
import { demo, storageState } from './support.ts';

test.use({ storageState: storageState('admin') });

/**
 * Holds back the header menus' library (loaded on first use or when idle, not with the first
 * screen) until `release` is called, so the test acts on the stand-in trigger first.
 */
async function holdBack(page: Page, chunk: RegExp) {
  const held: Route[] = [];
  let released = false;
  await page.route(chunk, (route) => (released ? route.continue() : void held.push(route)));
  return {
    requested: () => held.length > 0,
    async release() {
      released = true;
      for (const route of held) await route.continue();
    },
  };
}

test.describe('header menus load after the first screen without losing what the user did', () => {
  test('a click on a menu before its library has loaded opens it once loaded', async ({ page }) => {
    const menus = await holdBack(page, /\/assets\/menu-radix-[^/]+\.js$/);
    await page.goto('/home');
    const avatar = page.getByRole('button', { name: `Account menu for ${demo.admin.name}` });
    await expect(avatar).toHaveAttribute('aria-haspopup', 'menu');
    await expect(avatar).toHaveAttribute('aria-expanded', 'false');
    await avatar.click();
    await expect.poll(menus.requested).toBe(true);
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toHaveCount(0);
    await menus.release();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(avatar).toBeFocused();
  });

  test('focus on a menu stays there when its library arrives, and ArrowDown opens it', async ({ page }) => {
    const menus = await holdBack(page, /\/assets\/menu-radix-[^/]+\.js$/);
    await page.goto('/home');
    const practice = page.getByRole('button', { name: 'Practice', exact: true });
    await practice.focus();
    await expect.poll(menus.requested).toBe(true);
    await menus.release();
    await expect(practice).toHaveAttribute('data-state', 'closed');
    await expect(practice).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Persons' })).toBeVisible();
  });

  test('the Ghost Mode account switcher opens when clicked before its library has loaded', async ({ page }) => {
    const popover = await holdBack(page, /\/assets\/popover-radix-[^/]+\.js$/);
    await page.goto('/home');
    const switcher = page.getByRole('button', { name: /^Ghost Mode account: / });
    await switcher.click();
    await expect.poll(popover.requested).toBe(true);
    await popover.release();
    // The demo accounts (other specs may have created more: accounts are shared by the run).
    for (const name of ['Astera Health', 'Lakeside Pediatrics', 'Riverside Family Practice']) await expect(page.getByRole('option', { name: new RegExp(name) })).toBeVisible();
  });
});
