import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, storageState } from './support.ts';

/** Issue 10 "Roles": the roles list and the role form, by keyboard, at phone size, and for Read Only. */

test.describe('administrator', () => {
  test.use({ storageState: storageState('admin') });

  test('creates a role with the permission grid by keyboard (arrows + Space) and sees it saved', async ({ page }) => {
    const name = `Grid role ${Date.now()}`;
    await page.goto('/system/roles');
    await page.getByRole('link', { name: 'Add Role' }).click();
    await expect(page).toHaveURL(/\/system\/role\/create$/);
    await page.getByLabel('Role Name').fill(name);
    // The first method box is the grid's one Tab stop; arrows move, Space ticks.
    const first = page.getByRole('checkbox', { name: 'Portal access policy GET' });
    await first.focus();
    await page.keyboard.press('Space');
    await expect(first).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('checkbox', { name: 'Account GET' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('checkbox', { name: 'Account POST' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'Account POST' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Account GET' })).toHaveAttribute('tabindex', '-1');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Add Role' }).click();
    await expect(page.getByText('Successfully Saved Role')).toBeVisible();
    await expect(page).toHaveURL(/\/system\/roles$/);
    await page.getByLabel('Filter roles').fill(name);
    await page.getByRole('row', { name: new RegExp(name) }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Account POST' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Account PATCH' })).not.toBeChecked();
  });

  test('a role that cannot load says "Failed to load role"', async ({ page }) => {
    await page.goto('/system/roles/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load role' })).toBeVisible();
  });

  test('at phone size the list and the form fit the width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/system/roles', '/system/role/create']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    }
  });
});

test.describe('read only', () => {
  test.use({ storageState: storageState('viewer') });

  test('sees roles and their users but no Add Role or Edit', async ({ page }) => {
    await page.goto('/system/roles');
    await expect(page.getByRole('table', { name: 'Roles' }).locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Role' })).toHaveCount(0);
    await page.getByRole('row', { name: /Read Only/ }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Read Only' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Victor Chen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Persons GET' })).toBeDisabled();
  });
});
