import { expect, test, type Page } from './fixtures.ts';
import { demo, expectNoAxeViolations, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** "Menus are links": header menu entries with a route are real links the menu drives by keyboard. */

const accountMenu = (page: Page) => page.getByRole('button', { name: `Account menu for ${demo.admin.name}` });

test.describe('instance administrator', () => {
  test.use({ storageState: storageState('admin') });

  test('menu entries are links with an href, chosen by keyboard or opened in a new tab', async ({ page }) => {
    // The page's own context: with a shared page (fixtures.ts) the test's `context` is not the page's.
    const context = page.context();
    await page.goto('/home');
    await expect(accountMenu(page)).toBeVisible();

    await page.getByRole('button', { name: 'Practice', exact: true }).click();
    const persons = page.getByRole('menuitem', { name: 'Persons' });
    await expect(persons).toHaveAttribute('href', '/practice/persons');
    expect(await persons.evaluate((element) => element.tagName)).toBe('A');
    await expect(page.getByRole('menuitem', { name: 'Contact Points' })).toHaveAttribute('href', '/practice/contact-points');

    // Ctrl+click: the browser opens the link in a new tab; this page stays where it was.
    const [opened] = await Promise.all([context.waitForEvent('page'), persons.click({ modifiers: ['Control'] })]);
    // A new tab starts at about:blank, whose load can come first: wait for the link's address (to
    // be committed: a tab opened in the background may not finish loading while it stays there).
    await opened.waitForURL(/\/practice\/persons$/, { waitUntil: 'commit' });
    await opened.close();
    // This page's address as it stands (toHaveURL waits for a navigation of this page to finish, and
    // the click that opened the tab can count as one that never does: the check hung until the timeout).
    expect(new URL(page.url()).pathname).toBe('/home');

    // Middle-click does the same. The menu may still be open after the Ctrl+click (the browser took
    // that click, not the menu): a click on Practice would then close it, and the click on Users
    // land on a closing menu, opening nothing (1 run in 4). Closed first, then opened.
    const practice = page.getByRole('button', { name: 'Practice', exact: true });
    if ((await practice.getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape');
    await expect(practice).toHaveAttribute('aria-expanded', 'false');
    await practice.click();
    await expect(practice).toHaveAttribute('aria-expanded', 'true');
    const [middle] = await Promise.all([context.waitForEvent('page'), page.getByRole('menuitem', { name: 'Users' }).click({ button: 'middle' })]);
    await middle.waitForURL(/\/practice\/users$/, { waitUntil: 'commit' });
    await middle.close();
    expect(new URL(page.url()).pathname).toBe('/home');
    await page.keyboard.press('Escape');

    // The keyboard still drives the menu: arrows move, Enter follows the link inside the app.
    // The mouse leaves the menu's area first: Chromium sends a synthetic pointer move when a menu
    // opens under a resting pointer, and Radix (like a native menu) highlights the item under it.
    await page.mouse.move(0, 0);
    await page.getByRole('button', { name: 'System', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Teams Users' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Logs' })).toBeFocused();
    await expect(page.getByRole('menuitem', { name: 'Logs' })).toHaveAttribute('href', '/system/logs');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/system\/logs$/);
    await expect(page.getByRole('menu')).toHaveCount(0);

    // The avatar menu's account entry is a link too.
    await accountMenu(page).click();
    await expect(page.getByRole('menuitem', { name: /^[0-9a-f-]{36}$/ })).toHaveAttribute('href', /^\/account\/[0-9a-f-]{36}$/);
    await page.keyboard.press('Escape');
    await expect(accountMenu(page)).toBeFocused();
  });

  test('Enter on a menu whose code is still arriving opens it on its first entry; arrow keys pressed faster than a frame each move one entry', async ({ page }) => {
    // The menu library is held back until Enter has been pressed on its stand-in button.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/menu-radix-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/home');
    await page.mouse.move(0, 0);
    await page.getByRole('button', { name: 'System', exact: true }).focus();
    await page.keyboard.press('Enter');
    release();
    // As Enter on the library's own button does: focus on the first entry, not on the menu.
    await expect(page.getByRole('menuitem', { name: 'Teams Users' })).toBeFocused();
    // Three ArrowDowns and an ArrowUp, each to what has focus, in one task: no timer runs between them.
    await page.evaluate(() => {
      for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp']) {
        document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      }
    });
    await expect(page.getByRole('menuitem', { name: 'Call Center Queues' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Webhooks' })).toBeFocused();
    // No wrapping at the end, as before.
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Webhooks' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(page.getByRole('menuitem', { name: 'Teams Users' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'System', exact: true })).toBeFocused();
  });

  test('axe passes with the avatar menu and the Ghost Mode popover open', async ({ page }) => {
    await page.goto('/home');
    await accountMenu(page).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    // The page under an open menu is not hidden from assistive technology while it stays focusable.
    await expect(page.locator('[aria-hidden="true"] :is(a[href], button, input, [tabindex="0"])')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /Ghost Mode account:/ }).click();
    const popover = page.getByRole('dialog', { name: 'Ghost Mode: act in account' });
    await expect(popover.getByRole('option', { name: /Lakeside Pediatrics/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
  });
});

test.describe('phone size, under load', () => {
  test.use({ storageState: storageState('admin'), viewport: { width: 390, height: 844 } });

  test('a press on Menu while the menu code is still arriving opens the menu once, and it stays open', async ({ page }) => {
    // The menu library is on its way (a slow network, a busy machine) when the user presses Menu:
    // it arrives between the press and the release, and replaces the stand-in button under the pointer.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = () => {};
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.route('**/assets/menu-radix-*.js', async (route) => {
      asked();
      await released;
      await route.continue();
    });
    await page.goto('/home');
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
    await expect(menuButton).toBeVisible();
    await expect(page.locator('#main h1')).toBeVisible();
    const box = (await menuButton.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await requested;
    release();
    // The library's own trigger (Radix gives it an id) has replaced the stand-in.
    await expect(menuButton).toHaveAttribute('id', /^radix-/);
    await page.mouse.up();

    const menu = page.getByRole('menu', { name: 'Menu' });
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    // It has the keyboard.
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Search Astera…' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});
