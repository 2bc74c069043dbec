import { expect, test, type Page } from './fixtures.ts';
import { storageState } from './support.ts';
import { registeredScreens } from './screens-registry.ts';

/**
 * Issue 40: after any navigation, in-app or by address (a reload, a bookmark, a link in a mail),
 * focus lands where the screen's first task is: a list's table, a record's heading; never in a
 * field, except on a screen that is a form to fill (create, edit), which starts at its first field.
 * Walks every screen the features declare (src/features/*\/screens.ts) and the first record of each
 * list.
 */
test.use({ storageState: storageState('admin'), sharedPage: true });

const screens = registeredScreens;

const isForm = (path: string) => /\/(create\w*|edit|update\w*)(\/|$)/.test(path);

/**
 * Where focus is: 'table' (inside the screen's table or the place it declares for focus), 'h1'
 * (the screen's heading), 'field' (a control of a form in the screen), else what it is ('body').
 */
const focusKind = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    if (!active.closest('#main')) return `outside: ${active.tagName} ${active.textContent?.slice(0, 30)}`;
    if (active.closest('[data-route-focus]')) return 'table';
    if (active.tagName === 'H1') return 'h1';
    if (active.matches('input, select, textarea, [role="combobox"], form button')) return 'field';
    return `${active.tagName} ${active.getAttribute('aria-label') ?? active.textContent?.slice(0, 30)}`;
  });

/**
 * Focus is at the screen's start: inside its table (or the place it declares for focus) when it
 * shows one, else on its heading. `left` is the heading of the screen being left: its elements
 * (still shown while the new screen loads) do not count.
 */
async function expectAtStart(page: Page, where: string, left?: string) {
  await expect
    .poll(
      () =>
        page.evaluate((left) => {
          const heading = document.querySelector('#main h1');
          if (!heading || (left !== undefined && heading.textContent === left)) return 'the screen is not shown yet';
          const active = document.activeElement;
          const place = document.querySelector('#main [data-route-focus]');
          if (place) return place.contains(active) ? 'at its start' : `not in its table: ${active?.tagName} ${active?.textContent?.slice(0, 30)}`;
          return active === heading ? 'at its start' : `not on its heading: ${active?.tagName} ${active?.getAttribute('aria-label') ?? active?.textContent?.slice(0, 30)}`;
        }, left),
      { message: `focus on ${where}` },
    )
    .toBe('at its start');
  expect(await focusKind(page)).not.toBe('field');
}

const headingText = (page: Page) => page.locator('#main h1').first().textContent();

/** The record a list's first row opens, when the list has one. */
async function firstRecord(page: Page): Promise<string | null> {
  const body = page.locator('#main table tbody');
  // Loaded: record rows, or the one row of an empty list, which says so (and may link to the
  // list's create screen: no record, as on a practice with no masked calls yet).
  await expect(body.locator('tr[aria-selected], tr:not(.sr-only):not([aria-hidden]) > td[colspan]').first()).toBeVisible();
  const row = body.locator('tr[aria-selected]').first();
  if ((await row.count()) === 0) return null;
  const link = row.getByRole('link').first();
  if ((await link.count()) === 0) return null;
  const href = await link.getAttribute('href');
  return href && href.startsWith('/') ? href : null;
}

const lists = screens.filter((screen) => !isForm(screen.path));
const forms = screens.filter((screen) => isForm(screen.path));

test.describe('by its address: focus starts where the screen\'s task is', () => {
  for (const screen of lists) {
    test(`${screen.title} (${screen.path}) and its first record`, async ({ page }) => {
      await page.goto(screen.path);
      await expectAtStart(page, screen.path);
      // Taking focus scrolled nothing away: a list taller than the window kept its heading and
      // filters in view (focus on /interactions scrolled them 233 pixels up).
      await expect(page.locator('#main h1')).toBeInViewport();
      const table = await page.locator('#main [data-route-focus]').count();
      if (table === 0) return;
      const record = await firstRecord(page);
      if (!record) return;
      await page.goto(record);
      await expect(page.locator('#main h1')).toBeVisible();
      await expectAtStart(page, record);
    });
  }

  for (const screen of forms) {
    test(`${screen.title} (${screen.path}) starts at its first field`, async ({ page }) => {
      await page.goto(screen.path);
      await expect.poll(() => focusKind(page), { message: `focus on ${screen.path}` }).toBe('field');
    });
  }
});

test.describe('in-app: focus starts where the screen\'s task is', () => {
  for (const screen of lists.filter((entry) => entry.shortcut)) {
    test(`${screen.shortcut!.toUpperCase()} to ${screen.title}, then Enter on its first row`, async ({ page }) => {
      await page.goto(screen.path === '/home' ? '/practice/persons' : '/home');
      await expectAtStart(page, 'the first screen');
      const first = await headingText(page);
      for (const key of screen.shortcut!.split(' ')) await page.keyboard.press(key);
      await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
      await expectAtStart(page, screen.path, first ?? undefined);
      if ((await focusKind(page)) !== 'table') return;
      const record = await firstRecord(page);
      if (!record) return;
      const list = await headingText(page);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${record.split('?')[0]}$`));
      await expectAtStart(page, record, list ?? undefined);
    });
  }
});

test("an account's page opened by its address: G shortcuts work at once, nothing is typed into its Domain name", async ({ page }) => {
  await page.goto('/accounts');
  const record = await firstRecord(page);
  expect(record).toMatch(/^\/account\//);
  await page.goto(record!);
  const domain = page.getByRole('textbox', { name: 'Domain name' });
  await expect(domain).toBeVisible();
  for (const key of ['g', 'h']) await page.keyboard.press(key);
  await expect(page).toHaveURL(/\/home$/);
});
