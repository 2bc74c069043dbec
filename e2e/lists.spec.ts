import { expect, test, type Locator, type Page } from './fixtures.ts';
import { expectNoAxeViolations, screenshotToLookAt, signedInApi, storageState, type DemoUser } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/**
 * Issue 24, every list alike (the shared table): the record's name is its row's link and the row's
 * one Tab stop, a click anywhere on the row opens it; at phone size no word or number breaks, no
 * column is dropped, and the name stays in view when the table scrolls sideways; an empty list says
 * what is empty and offers the next step.
 */

type List = {
  /** The table's accessible name. */
  table: string;
  /** Where the list is, or how to find it (campaign results: under the first campaign). */
  path: string | ((page: Page) => Promise<string>);
  user: DemoUser;
  /** The list is of a practice's Microsoft tenant: the administrator acts in Riverside (Ghost Mode) for it. */
  inPractice?: boolean;
  /** The header of the name column (the link), and of a plain column to click. */
  name: string;
  other: string;
  /** The record's page, from the name link's href. */
  href: RegExp;
  /** Spec §2 says "Id (link)": the Id cell links to the record's page too, out of the Tab order. */
  idLink?: true;
  /** Columns of prose, which wrap between words (all others keep to one line). */
  prose?: string[];
};

const firstCampaignResults = async (page: Page) => {
  await page.goto('/campaigns');
  const href = await page.getByRole('table', { name: 'Campaigns' }).locator('tbody tr').first().getByRole('link').getAttribute('href');
  return `${href}/results`;
};

const lists: List[] = [
  { table: 'Persons', path: '/practice/persons', user: 'manager', name: 'Name', other: 'User', href: /^\/practice\/persons\/[0-9a-f-]{36}$/, idLink: true },
  { table: 'Users', path: '/practice/users', user: 'manager', name: 'Name', other: 'Active', href: /^\/practice\/users\/[0-9a-f-]{36}$/ },
  { table: 'Practitioners', path: '/practice/practitioners', user: 'manager', name: 'Name', other: 'Active', href: /^\/practice\/practitioners\/[0-9a-f-]{36}$/ },
  { table: 'Contact Points', path: '/practice/contact-points', user: 'manager', name: 'Name', other: 'Value', href: /^\/practice\/contact-points\/[0-9a-f-]{36}$/ },
  { table: 'Locations', path: '/practice/locations', user: 'manager', name: 'Name', other: 'Services', href: /^\/practice\/locations\/[0-9a-f-]{36}$/ },
  { table: 'Schedules', path: '/practice/schedules', user: 'manager', name: 'Name', other: 'For', href: /^\/practice\/schedules\/[0-9a-f-]{36}$/, prose: ['Description'] },
  { table: 'Issues', path: '/practice/issues', user: 'manager', name: 'Name', other: 'Urgent', href: /^\/practice\/issues\/[0-9a-f-]{36}$/ },
  { table: 'Insurances', path: '/practice/insurances', user: 'manager', name: 'Plan Name', other: 'In Network', href: /^\/practice\/insurances\/[0-9a-f-]{36}$/ },
  { table: 'Campaigns', path: '/campaigns', user: 'manager', name: 'Name', other: 'Requests', href: /^\/campaigns\/campaign\/[0-9a-f-]{36}$/ },
  {
    table: 'Responses to',
    path: firstCampaignResults,
    user: 'manager',
    name: 'Received',
    other: 'Answer',
    href: /^\/campaigns\/campaign\/[0-9a-f-]{36}\/results\/[0-9a-f-]{36}$/,
    prose: ['Comment'],
  },
  { table: 'Call Center Queues', path: '/system/call-center/queues', user: 'manager', name: 'Name', other: 'Dispositions', href: /^\/system\/call-center\/queues\/[0-9a-f-]{36}$/ },
  { table: 'Roles', path: '/system/roles', user: 'admin', name: 'Name', other: 'Users', href: /^\/system\/roles\/[0-9a-f-]{36}$/ },
  { table: 'API Keys', path: '/system/apikeys', user: 'admin', name: 'Name', other: 'Last used', href: /^\/system\/apikeys\/[0-9a-f-]{36}$/ },
  { table: 'Audit log', path: '/system/audit', user: 'manager', name: 'When', other: 'Who', href: /^\/system\/audit\/\d+$/, prose: ['Record'] },
  { table: 'Accounts', path: '/accounts', user: 'admin', name: 'Name', other: 'Active', href: /^\/account\/[0-9a-f-]{36}$/ },
  {
    table: 'Teams',
    path: '/system/microsoft/teams/teams',
    user: 'admin',
    inPractice: true,
    name: 'Name',
    other: 'Bot Installed',
    href: /^\/system\/microsoft\/teams\/teams\/[^/]+\/channels$/,
    prose: ['Description'],
  },
];

/** A list with rows that open nothing (no page of their own): only the phone checks apply. */
const teamsUsers: List = { table: 'Teams Users', path: '/system/microsoft/teams/users', user: 'admin', inPractice: true, name: 'Display Name', other: 'Job Title', href: /$^/ };

/** The instance administrator acts in another account (Ghost Mode), switched through the palette. */
async function actIn(page: Page, account: string) {
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Recent changes' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('switch');
  await page.keyboard.press('Enter');
  await page.keyboard.type(account);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Ghost Mode' })).toContainText(`you are acting in ${account}`);
}

async function openList(page: Page, list: List) {
  if (list.inPractice && !(await page.getByRole('region', { name: 'Ghost Mode' }).isVisible())) await actIn(page, 'Riverside Family Practice');
  await page.goto(typeof list.path === 'string' ? list.path : await list.path(page));
  const table = page.getByRole('table', { name: list.table });
  await expect(table.locator('tbody tr').first().locator('td').first()).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  // Rows, not the one row of a list that failed to load.
  await expect(table.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  return table;
}

/** The 0-based index of the column with this header. */
async function columnIndex(table: Locator, header: string) {
  const headers = (await table.locator('thead th').allTextContents()).map((text) => text.replace(/[▲▼↕]/g, '').trim());
  const index = headers.indexOf(header);
  expect(index, `column “${header}” in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return index;
}

/** A row's name link (not the id: the Persons Id cell links too, spec "Id (link)"). */
const nameLink = (row: Locator) => row.getByRole('link').filter({ hasNotText: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/ });

/** How many Tab stops each row of the table has. */
const tabStopsPerRow = (table: Locator) =>
  table.locator('tbody tr').evaluateAll((rows) =>
    rows.map(
      (row) =>
        [...row.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
          (element) => element.tabIndex >= 0 && !(element as HTMLButtonElement).disabled && element.getClientRects().length > 0,
        ).length,
    ),
  );

for (const user of ['manager', 'admin'] as const) {
  test.describe(`every list (${user})`, () => {
    test.use({ storageState: storageState(user) });

    test('the name is the row’s link and its one Tab stop; a click elsewhere on the row opens the record', async ({ page }) => {
      test.setTimeout(180_000);
      for (const list of lists.filter((l) => l.user === user)) {
        await test.step(list.table, async () => {
          const table = await openList(page, list);
          const row = table.locator('tbody tr').first();
          const nameCell = row.locator('td').nth(await columnIndex(table, list.name));
          const link = nameCell.getByRole('link');
          await expect(link).toHaveCount(1);
          const href = (await link.getAttribute('href'))!;
          expect(href).toMatch(list.href);
          // The link is the name itself, not some other text in the cell.
          expect((await link.textContent())!.trim()).toBe((await nameCell.textContent())!.trim());
          if (list.idLink) {
            const idLink = row.locator('td').nth(await columnIndex(table, 'Id')).getByRole('link');
            await expect(idLink).toHaveAttribute('href', href);
            await expect(idLink).toHaveText(href.split('/').at(-1)!);
            await expect(idLink).toHaveAttribute('tabindex', '-1');
          }
          expect(await tabStopsPerRow(table)).toEqual((await tabStopsPerRow(table)).map(() => 1));
          await row.locator('td').nth(await columnIndex(table, list.other)).click();
          await expect(page).toHaveURL((url) => url.pathname === href);
        });
      }
    });
  });
}

test.describe('lists by keyboard', () => {
  test.use({ storageState: storageState('manager') });

  test('Tab reaches one link per row, J/K and Enter still work, Y copies the row’s id', async ({ page }) => {
    // The page's own context: with a shared page (fixtures.ts) the test's `context` is not the page's.
    const context = page.context();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const table = await openList(page, lists[0]!);
    const rows = table.locator('tbody tr');
    const firstLink = nameLink(rows.nth(0));
    await firstLink.focus();
    // Tab passes over the next row's Id link (out of the Tab order) to its name.
    await page.keyboard.press('Tab');
    await expect(nameLink(rows.nth(1))).toBeFocused();
    await page.keyboard.press('y');
    await expect(page.getByText('Id copied.')).toBeVisible();
    const id = (await nameLink(rows.nth(1)).getAttribute('href'))!.split('/').at(-1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);
    // J/K move the active row from the table's body; Enter opens it.
    await table.locator('tbody').focus();
    await page.keyboard.press('j');
    await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === `/practice/persons/${id}`);
  });

  test('Ctrl+click on a row opens the record in a new tab', async ({ page }) => {
    // The page's own context: with a shared page (fixtures.ts) the test's `context` is not the page's.
    const context = page.context();
    const table = await openList(page, lists[0]!);
    const row = table.locator('tbody tr').first();
    const href = (await nameLink(row).getAttribute('href'))!;
    const opened = context.waitForEvent('page');
    await row.locator('td').nth(await columnIndex(table, 'User')).click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await tab.waitForURL((url) => url.pathname === href);
    await tab.close();
    await expect(page).toHaveURL(/\/practice\/persons$/);
  });
});

/** Words split across lines, and one-line cells (all but prose) that take more than one line. */
function brokenText(table: Locator, prose: string[]) {
  return table.evaluate((element, proseHeaders) => {
    const lines = (rects: DOMRectList | DOMRect[]) => new Set([...rects].filter((r) => r.width > 0 && r.height > 0).map((r) => Math.round(r.top + r.height / 2))).size;
    const headers = [...element.querySelectorAll('thead th')].map((th) => (th.textContent ?? '').replace(/[▲▼↕]/g, '').trim());
    const broken: string[] = [];
    for (const cell of element.querySelectorAll<HTMLElement>('th, td')) {
      if (cell.closest('.sr-only')) continue;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const lineTops = new Set<number>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('.sr-only')) continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (lines(range.getClientRects()) > 1) broken.push(`word “${match[0]}”`);
          for (const r of range.getClientRects()) if (r.width > 0) lineTops.add(Math.round(r.top + r.height / 2));
        }
      }
      const column = cell.tagName === 'TD' ? headers[(cell as HTMLTableCellElement).cellIndex] : undefined;
      const blocks = cell.querySelectorAll('.block').length;
      if (cell.tagName === 'TD' && column !== undefined && !proseHeaders.includes(column) && lineTops.size > Math.max(1, blocks)) broken.push(`${column}: “${cell.textContent}” on ${lineTops.size} lines`);
    }
    return broken;
  }, prose);
}

/** Columns hidden (display: none, or no box at all): none may be. */
const hiddenColumns = (table: Locator) =>
  table.evaluate((element) =>
    [...element.querySelectorAll<HTMLElement>('thead th, tbody tr:first-child td')].filter((cell) => getComputedStyle(cell).display === 'none' || cell.getClientRects().length === 0).map((cell) => cell.textContent),
  );

test.describe('phone size (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const user of ['manager', 'admin'] as const) {
    test.describe(user, () => {
      test.use({ storageState: storageState(user) });

      test('every list: no word or number broken, every column there, the name in view when scrolled sideways, axe', async ({ page }) => {
        test.setTimeout(300_000);
        for (const list of [...lists, teamsUsers].filter((l) => l.user === user)) {
          await test.step(list.table, async () => {
            const table = await openList(page, list);
            // Prose, and a name in words (at most half the screen wide), wrap between words; every other cell (a date) keeps to one line.
            const wrapping = [...(list.prose ?? []), ...(['When', 'Received'].includes(list.name) ? [] : [list.name])];
            expect.soft(await brokenText(table, wrapping), `${list.table}: broken text`).toEqual([]);
            expect.soft(await hiddenColumns(table), `${list.table}: hidden columns`).toEqual([]);
            // The page itself never scrolls sideways: the table does, inside its box.
            expect.soft(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${list.table}: page width`).toBe(true);
            const nameCell = table.locator('tbody tr').first().locator('td').nth(await columnIndex(table, list.name));
            await table.evaluate((element) => element.parentElement!.scrollTo({ left: element.parentElement!.scrollWidth }));
            await expect.soft(nameCell, `${list.table}: name in view`).toBeInViewport({ ratio: 0.9 });
            await table.evaluate((element) => element.parentElement!.scrollTo({ left: 0 }));
            await screenshotToLookAt(page, `lists-phone-${list.table.toLowerCase().replace(/\W+/g, '-')}`);
            await expectNoAxeViolations(page);
          });
        }
      });
    });
  }

  test.describe('the role grid', () => {
    test.use({ storageState: storageState('admin') });

    test('methods and resource paths do not break inside', async ({ page }) => {
      await page.goto('/system/role/create');
      const grid = page.getByRole('table', { name: 'Resource Permissions' });
      await expect(grid.getByRole('checkbox').first()).toBeVisible();
      expect(await brokenText(grid, ['Resource'])).toEqual([]);
      await screenshotToLookAt(page, 'lists-phone-role-grid');
    });
  });
});

test.describe('a touch screen', () => {
  test.use({ storageState: storageState('manager'), viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('shows no keyboard hints', async ({ page }) => {
    await page.goto('/practice/persons');
    const create = page.getByRole('link', { name: /^Add Person/ });
    await expect(create).toBeVisible();
    await expect(create.locator('kbd')).toBeHidden();
  });
});

test.describe('desktop, for comparison', () => {
  test.use({ storageState: storageState('manager') });

  test('keyboard hints shown with a mouse', async ({ page }) => {
    await page.goto('/practice/persons');
    await expect(page.getByRole('link', { name: /^Add Person/ }).locator('kbd')).toBeVisible();
    for (const list of lists.filter((l) => l.user === 'manager' && ['Persons', 'Campaigns', 'Audit log', 'Contact Points'].includes(l.table))) {
      await openList(page, list);
      await screenshotToLookAt(page, `lists-desktop-${list.table.toLowerCase().replace(/\W+/g, '-')}`);
    }
  });
});

test.describe('an empty list', () => {
  test.use({ storageState: storageState('manager') });

  test('says what matched nothing and offers to clear the filter; no pager', async ({ page }) => {
    await page.goto('/practice/persons?q=zzzqqqnobody');
    const table = page.getByRole('table', { name: 'Persons' });
    await expect(table.getByText('No persons match “zzzqqqnobody”.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Persons pages' })).toHaveCount(0);
    await expect(page.getByText('No rows')).toHaveCount(0);
    await table.getByRole('button', { name: 'Clear filter' }).click();
    await expect(page.getByLabel('Filter persons')).toHaveValue('');
    await expect(nameLink(table.locator('tbody tr').first())).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Persons pages' })).toBeVisible();
  });

  test('a list with nothing in it yet offers to create the first (to a role that may)', async ({ page }) => {
    // A tag nobody has: filtered, so Clear filter; the tag filter is cleared too.
    await page.goto('/practice/locations?tag=zzznotag');
    const table = page.getByRole('table', { name: 'Locations' });
    await expect(table.getByText(/^No locations match tagged “zzznotag”\.$/)).toBeVisible();
    await table.getByRole('button', { name: 'Clear filter' }).click();
    await expect(page).toHaveURL(/\/practice\/locations$/);
    await expect(table.locator('tbody tr').first().getByRole('link')).toBeVisible();
  });
});

test.describe('an empty list, unfiltered', () => {
  test.use({ storageState: storageState('admin') });

  test('offers the create action', async ({ page }) => {
    // A new account has no issues yet.
    const api = await signedInApi(page);
    const name = `Empty Practice ${Date.now().toString(36)}`;
    expect((await api.send('POST', '/accounts', { name })).status()).toBe(201);
    await actIn(page, name);
    await page.goto('/practice/issues');
    const table = page.getByRole('table', { name: 'Issues' });
    await expect(table.getByText('No issues yet.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Issues pages' })).toHaveCount(0);
    await expect(page.getByText('No rows')).toHaveCount(0);
    await table.getByRole('link', { name: 'Add Issue' }).click();
    await expect(page).toHaveURL(/\/practice\/issues\/create$/);
  });
});
