import { expect, test, type Page } from './fixtures.ts';
import { demo, expectNoAxeViolations, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const paletteInput = (page: Page) => palette(page).getByRole('combobox');

/** The shell is ready for the keyboard once the access policy has loaded (the avatar shows). */
async function ready(page: Page) {
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
}

async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(paletteInput(page)).toBeFocused();
}

test.describe('keyboard-first workspace (administrator)', () => {
  test.use({ storageState: storageState('admin') });

  test('the palette opens from Ctrl+K, "/" and the header search box, and goes to a screen by name', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('button', { name: `Account menu for ${demo.admin.name}` })).toBeVisible();
    await openPalette(page);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();

    await page.keyboard.press('/');
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.type('practition');
    await expect(palette(page).getByRole('option', { name: /^Practitioners/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/practice\/practitioners$/);
    await expect(palette(page)).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search Astera' }).click();
    await expect(palette(page)).toBeVisible();
    // Recent items come first when the query is empty.
    await expect(palette(page).getByRole('group', { name: 'Recent' }).getByRole('option', { name: /Practitioners/ })).toBeVisible();
  });

  test('G shortcuts navigate, "?" lists every shortcut, and no shortcut fires while typing', async ({ page }) => {
    await page.goto('/system/logs');
    await ready(page);
    await page.keyboard.press('g');
    await page.keyboard.press('h');
    await expect(page).toHaveURL(/\/home$/);

    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row', { name: /Go to Home/ })).toContainText('Shortcut: G then H');
    await expect(dialog.getByRole('row', { name: /Open the command palette/ }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    // Typing "g h" in a field types text and goes nowhere.
    await page.goto('/system/logs');
    await page.getByRole('button', { name: `Account menu for ${demo.admin.name}` }).click();
    await page.getByRole('menuitem', { name: 'Languages & Region' }).click();
    await page.getByLabel('Time zone').focus();
    await page.keyboard.press('g');
    await page.keyboard.press('h');
    await expect(page).toHaveURL(/\/system\/logs$/);
  });

  test('screens open as workspace tabs that survive a reload, switch and close by keyboard', async ({ page }) => {
    await page.goto('/home');
    await ready(page);
    for (const name of ['Users', 'Practitioners']) {
      await openPalette(page);
      await page.keyboard.type(name);
      await expect(palette(page).getByRole('option', { name: new RegExp(name) }).first()).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Control+Enter');
    }
    const tabs = page.getByRole('tablist', { name: 'Workspace tabs' });
    await expect(tabs.getByRole('tab')).toHaveText(['Users', 'Practitioners']);
    await expect(tabs.getByRole('tab', { name: 'Practitioners' })).toHaveAttribute('aria-selected', 'true');

    await page.reload();
    await ready(page);
    await expect(tabs.getByRole('tab')).toHaveText(['Users', 'Practitioners']);
    await page.keyboard.press('t');
    await page.keyboard.press('p');
    await expect(page).toHaveURL(/\/practice\/users$/);
    await expect(tabs.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('t');
    await page.keyboard.press('x');
    await expect(tabs.getByRole('tab')).toHaveText(['Practitioners']);
    await expect(page).toHaveURL(/\/practice\/practitioners$/);
  });

  test('Ghost Mode: switch into Lakeside Pediatrics, see the banner and its data, then leave', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByText('You are working in Astera Health')).toBeVisible();
    await openPalette(page);
    await page.keyboard.type('switch acc');
    await page.keyboard.press('Enter');
    await expect(paletteInput(page)).toHaveAttribute('placeholder', 'Switch to account…');
    // Every account, sorted by name (other specs may have created more: accounts are shared by the run).
    await expect(palette(page).getByRole('option', { name: /Riverside Family Practice/ })).toBeVisible();
    const demo = /Astera Health|Lakeside Pediatrics|Riverside Family Practice/;
    const names = (await palette(page).getByRole('option').allTextContents()).filter((name) => demo.test(name));
    expect(names.map((name) => name.match(demo)![0])).toEqual(['Astera Health', 'Lakeside Pediatrics', 'Riverside Family Practice']);
    await page.keyboard.type('lake');
    await page.keyboard.press('Enter');

    const banner = page.getByRole('region', { name: 'Ghost Mode' });
    await expect(banner).toContainText('you are acting in Lakeside Pediatrics');
    await expect(page.getByText('You are working in Lakeside Pediatrics')).toBeVisible();
    await expect(page.getByText('Astera seed created account “Lakeside Pediatrics”')).toBeVisible();
    await expectNoAxeViolations(page);

    await banner.getByRole('button', { name: 'Leave Lakeside Pediatrics' }).click();
    await expect(banner).toBeHidden();
    await expect(page.getByText('You are working in Astera Health')).toBeVisible();
  });

  test('Backspace on an empty query goes back a palette page', async ({ page }) => {
    await page.goto('/home');
    await ready(page);
    await openPalette(page);
    await page.keyboard.type('switch acc');
    await page.keyboard.press('Enter');
    await expect(paletteInput(page)).toHaveAttribute('placeholder', 'Switch to account…');
    await page.keyboard.press('Backspace');
    await expect(paletteInput(page)).toHaveAttribute('placeholder', 'Search screens, actions and records…');
  });
});

test.describe('assumed accounts (practice administrator)', () => {
  test.use({ storageState: storageState('manager') });

  test('the selector offers the own account plus the assumed one, and switching shows the banner', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('button', { name: /Account: Riverside Family Practice/ }).click();
    const options = page.getByRole('option');
    await expect(options).toHaveText([/Lakeside Pediatrics/, /Riverside Family Practice/]);
    await page.getByRole('option', { name: /Lakeside Pediatrics/ }).click();
    await expect(page.getByRole('region', { name: 'Ghost Mode' })).toContainText('Lakeside Pediatrics');
    await expect(page.getByText('You are working in Lakeside Pediatrics as Practice Administrator')).toBeVisible();
    await page.getByRole('button', { name: 'Leave Lakeside Pediatrics' }).click();
    await expect(page.getByText('You are working in Riverside Family Practice')).toBeVisible();

    // The same by keyboard alone: "G then G" opens the palette's account page.
    await ready(page);
    await page.keyboard.press('g');
    await page.keyboard.press('g');
    await expect(paletteInput(page)).toHaveAttribute('placeholder', 'Switch to account…');
    await expect(palette(page).getByRole('option')).toHaveText([/Lakeside Pediatrics/, /Riverside Family Practice/]);
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.type('lake');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Ghost Mode' })).toContainText('Lakeside Pediatrics');
  });
});

test.describe('read only', () => {
  test.use({ storageState: storageState('viewer') });

  test('no account selector and no switch action for a user without assumed accounts', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByText('You are working in Riverside Family Practice as Read Only')).toBeVisible();
    await ready(page);
    await expect(page.getByRole('button', { name: /Account:/ })).toHaveCount(0);
    await openPalette(page);
    await page.keyboard.type('switch account');
    await expect(palette(page).getByRole('option', { name: /Switch account/ })).toHaveCount(0);
  });
});

test('user settings and languages are kept for the user, on the server', async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageState('viewer') });
  const page = await context.newPage();
  await page.goto('/home');
  await page.getByRole('button', { name: `Account menu for ${demo.viewer.name}` }).click();
  await page.getByRole('menuitem', { name: 'Languages & Region' }).click();
  await page.getByLabel('Time zone').selectOption('Asia/Tokyo');
  await page.getByLabel('Locale').selectOption('de-DE');
  await page.getByRole('button', { name: 'Done' }).click();
  await context.close();

  // A fresh browser (no local storage) gets the same settings from the server.
  const fresh = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const other = await fresh.newPage();
  await other.goto('/home');
  await other.getByLabel('Email').fill(demo.viewer.email);
  await other.getByLabel('Password').fill(demo.viewer.password);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await other.getByRole('button', { name: `Account menu for ${demo.viewer.name}` }).click();
  await other.getByRole('menuitem', { name: 'Languages & Region' }).click();
  await expect(other.getByLabel('Time zone')).toHaveValue('Asia/Tokyo');
  await expect(other.getByLabel('Locale')).toHaveValue('de-DE');
  // Dates on the page follow the chosen locale (German month names).
  await other.keyboard.press('Escape');
  await expect(other.locator('time').first()).toHaveText(/\d{2}\.\d{2}\.\d{4}|\d+\. \w+/);
  await fresh.close();
});

test.describe('records from the palette (practice administrator)', () => {
  test.use({ storageState: storageState('manager') });

  test('finds a user by a misspelt name and opens it in the side panel, which reload and Back restore', async ({ page }) => {
    await page.goto('/home');
    await ready(page);
    await openPalette(page);
    await page.keyboard.type('Marai Lopes');
    const hit = palette(page).getByRole('group', { name: 'Users' }).getByRole('option', { name: /Maria Lopez/ });
    await expect(hit).toBeVisible();
    // Arrow down to the user, as a keyboard user would.
    for (let i = 0; i < 60 && (await hit.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
    await expect(hit).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Shift+Enter');

    const panel = page.getByRole('dialog').filter({ has: page.getByRole('link', { name: 'Open full page' }) });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('Maria Lopez');
    await expect(page).toHaveURL(/\/home\?panel=/);
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('Maria Lopez');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/home$/);
    await page.goBack();
    await expect(panel).toBeVisible();
  });

  test('a pasted id jumps straight to its record', async ({ page }) => {
    await page.goto('/practice/users');
    await ready(page);
    const link = page.getByRole('table', { name: 'Users' }).locator('tbody tr').first().getByRole('link');
    const id = (await link.getAttribute('href'))!.split('/').at(-1)!;
    await page.goto('/home');
    await ready(page);
    await openPalette(page);
    await paletteInput(page).evaluate((input, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, id);
    await paletteInput(page).fill(id);
    // A user is keyed by its person id: the id names the person first.
    await expect(page).toHaveURL(new RegExp(`/practice/persons/${id}$`));
    await expect(palette(page)).toBeHidden();
  });
});
