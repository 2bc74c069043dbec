import { expect, test, type Page } from './fixtures.ts';
import { messages } from '../domain/messages.ts';
import { demo, expectNoAxeViolations, screenshotToLookAt, signedInApi, signInOnProviderPage, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/**
 * "It works on a phone": the main screens at desktop and phone size, with no horizontal
 * overflow and no axe violation; the header folded into one menu on a phone.
 */

const sizes = {
  desktop: { width: 1280, height: 720 },
  phone: { width: 390, height: 844 },
} as const;

/** Nothing wider than the viewport: the page never scrolls sideways. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}

/** A screen shot to look at (test-results/screens/<size>-<name>.png, with E2E_SCREENS=1). */
const shoot = (page: Page, size: string, name: string) => screenshotToLookAt(page, `${size}-${name}`);

async function firstRecord(page: Page, list: string, table: string) {
  await page.goto(list);
  const link = page.getByRole('table', { name: table }).locator('tbody tr').first().getByRole('link').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href'))!.split('/').at(-1)!;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** A table too wide for the screen scrolls sideways inside its own box (issue 24), never the page. */
async function expectTableScrollsInside(page: Page, name: string) {
  const table = page.getByRole('table', { name });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  const overflow = await table.evaluate((element) => getComputedStyle(element.parentElement!).overflowX);
  expect.soft(overflow, `${name} table box`).toBe('auto');
}

for (const [size, viewport] of Object.entries(sizes)) {
  test.describe(`${size} (${viewport.width}×${viewport.height}), practice administrator`, () => {
    test.use({ storageState: storageState('manager'), viewport });

    // The walk is in parts, each with its own budget against a hang (not a timing check): on a busy
    // machine (load 15, CPU throttled) the whole walk once took over 300 s while every step went on.
    const check = async (page: Page, name: string) => {
      await expectNoHorizontalOverflow(page);
      await expectNoAxeViolations(page);
      await shoot(page, size, name);
    };
    /** The first person, user and practitioner of their lists (each list checked when `checked`). */
    const records = async (page: Page, checked: boolean) => {
      const ids: Record<'persons' | 'users' | 'practitioners', string> = { persons: '', users: '', practitioners: '' };
      for (const [name, path, table] of [
        ['persons', '/practice/persons', 'Persons'],
        ['users', '/practice/users', 'Users'],
        ['practitioners', '/practice/practitioners', 'Practitioners'],
      ] as const) {
        ids[name] = await firstRecord(page, path, table);
        if (checked) await check(page, `${name}-list`);
      }
      return ids;
    };

    test('home, the people lists and their records fit the width and pass axe', async ({ page }) => {
      test.setTimeout(180_000);
      await test.step('home', async () => {
        await page.goto('/home');
        await expect(page.getByRole('heading', { name: 'Recent changes' })).toBeVisible();
        await expect(page.getByRole('region', { name: 'Recent changes' }).locator('li').first()).toBeVisible();
        await check(page, 'home');
      });
      const ids = await test.step('persons, users and practitioners lists', () => records(page, true));
      await test.step('person page', async () => {
        await page.goto(`/practice/persons/${ids.persons}`);
        await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
        await check(page, 'person');
      });
      await test.step('user and practitioner pages', async () => {
        await page.goto(`/practice/users/${ids.users}`);
        await expect(page.getByRole('link', { name: 'View person' })).toBeVisible();
        await check(page, 'user');
        await page.goto(`/practice/practitioners/${ids.practitioners}`);
        await expect(page.getByRole('link', { name: 'View person' })).toBeVisible();
        await check(page, 'practitioner');
      });
    });

    test('the people create and edit forms fit the width and pass axe, the Add Name dialog too', async ({ page }) => {
      test.setTimeout(180_000);
      const ids = await test.step('the records to edit', () => records(page, false));
      await test.step('create person, with the Add Name dialog open', async () => {
        await page.goto('/practice/person/create');
        await expect(h1(page, /Create/)).toBeVisible();
        await check(page, 'person-create');
        await page.getByRole('button', { name: 'Add Name' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add Name' });
        await expect(dialog.getByLabel('First Name')).toBeVisible();
        await check(page, 'name-dialog');
        // The whole dialog is on screen, its buttons included.
        const box = (await dialog.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        await expect(dialog.getByRole('button', { name: 'Save Name' })).toBeInViewport();
        await page.keyboard.press('Escape');
      });
      await test.step('edit forms', async () => {
        for (const [name, path] of [
          ['persons', '/practice/persons/edit/'],
          ['users', '/practice/users/edit/'],
          ['practitioners', '/practice/practitioners/edit/'],
        ] as const) {
          await page.goto(path + ids[name]);
          await expect(page.getByRole('button', { name: /^Save/ })).toBeVisible();
          await check(page, `${name}-edit`);
        }
      });
    });

    test("the practice's lists and records (contact points, locations, schedules, issues, insurances) fit the width", async ({ page }) => {
      test.setTimeout(180_000);
      await test.step('issue 9 screens: lists and records (contact points, locations, schedules with the week, issues, insurances)', async () => {
        for (const [name, path, table] of [
          ['contact-points', '/practice/contact-points', 'Contact Points'],
          ['locations', '/practice/locations', 'Locations'],
          ['schedules', '/practice/schedules', 'Schedules'],
          ['issues', '/practice/issues', 'Issues'],
          ['insurances', '/practice/insurances', 'Insurances'],
        ] as const) {
          const id = await firstRecord(page, path, table);
          await expectNoHorizontalOverflow(page);
          await shoot(page, size, `${name}-list`);
          await page.goto(`${path}/${id}`);
          await expect(page.locator('h1')).toBeVisible();
          if (name === 'schedules') await expect(page.getByRole('heading', { level: 2, name: /^Week of/ })).toBeVisible();
          await expect(page.getByText('Loading', { exact: false })).toHaveCount(0);
          await expectNoHorizontalOverflow(page);
          await shoot(page, size, name);
        }
      });
    });

    test('every list scrolls sideways inside its table, not the page; the 404 screen fits', async ({ page }) => {
      test.setTimeout(180_000);
      await test.step('every list scrolls sideways inside its table, not the page', async () => {
        // A long unbroken word (a typed city) first in the list is never broken (issue 24): it widens the table's box, not the page.
        const api = await signedInApi(page);
        const city = `Brookhaven${'x'.repeat(30)}${Date.now().toString(36)}`;
        const created = await api.send('POST', '/locations/locations', { name: `A long city ${Date.now().toString(36)}`, addresses: [{ city }] });
        expect(created.status()).toBe(201);
        for (const [path, table] of [
          ['/practice/persons', 'Persons'],
          ['/practice/users', 'Users'],
          ['/practice/practitioners', 'Practitioners'],
          ['/practice/contact-points', 'Contact Points'],
          ['/practice/locations', 'Locations'],
          ['/practice/schedules', 'Schedules'],
          ['/practice/issues', 'Issues'],
          ['/practice/insurances', 'Insurances'],
        ] as const) {
          await page.goto(path);
          await expectTableScrollsInside(page, table);
        }
      });
      await test.step('404', async () => {
        await page.goto('/no/such/page');
        await expect(h1(page, messages.notFoundTitle)).toBeVisible();
        await check(page, '404');
      });
    });
  });
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

test.describe('phone header (instance administrator)', () => {
  test.use({ storageState: storageState('admin'), viewport: sizes.phone });

  test('one menu button reaches every menu, the account switcher, search and the avatar menu', async ({ page }) => {
    await page.goto('/home');
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
    await expect(menuButton).toBeVisible();
    // The wide header's pieces do not fit, and are not there.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('searchbox', { name: 'Search Astera' })).toBeHidden();
    await expect(page.getByRole('button', { name: `Account menu for ${demo.admin.name}` })).toBeHidden();

    const menu = page.getByRole('menu', { name: 'Menu' });
    // One click opens it, also while the first screen is still arriving, and it stays open.
    await menuButton.click();
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeAttached();
    await expect(page.locator('#main h1')).toBeVisible();
    await expect(menu).toBeVisible();
    const items = (await menu.getByRole('menuitem').allTextContents()).map((text) => text.replace('↗', '').trim());
    expect(items).toEqual([
      'Search Astera…',
      'Ghost Mode accountAstera Health',
      'Interactions',
      'Accounts',
      'Campaigns',
      'Persons',
      'Users',
      'Practitioners',
      'Contact Points',
      'Locations',
      'Schedules',
      'Issues',
      'Insurances',
      'Practice Teams',
      'Masked calls',
      'Telephony',
      'Web chat',
      'Workflows',
      'Teams Users',
      'Teams',
      'Call Center Queues',
      'Logs',
      'Roles',
      'API Keys',
      'Webhooks',
      'Reporting',
      'Real time metrics',
      'Call insights',
      expect.stringMatching(/^[0-9a-f-]{36}$/),
      'User Settings',
      'Languages & Region',
      'Logout',
    ]);
    // The menu fits the screen (it scrolls inside itself) and passes axe.
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(sizes.phone.width);
    expect(box.y + box.height).toBeLessThanOrEqual(sizes.phone.height);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await shoot(page, 'phone', 'menu');

    // Its scrolling part is reached by keyboard (issue 40): the menu is taller than the screen
    // (it scrolls), and End brings its last item into view with focus, Home its first.
    expect(await menu.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await page.keyboard.press('End');
    const logout = menu.getByRole('menuitem', { name: 'Logout' });
    await expect(logout).toBeFocused();
    await expect(logout).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Home');
    await expect(menu.getByRole('menuitem', { name: 'Search Astera…' })).toBeFocused();
    await expect(menu.getByRole('menuitem', { name: 'Search Astera…' })).toBeInViewport({ ratio: 1 });

    // Its entries are links too.
    await expect(menu.getByRole('menuitem', { name: 'Persons' })).toHaveAttribute('href', '/practice/persons');
    await menu.getByRole('menuitem', { name: 'Persons' }).click();
    await expect(page).toHaveURL(/\/practice\/persons$/);
    await expect(menu).toBeHidden();

    await test.step('search', async () => {
      await menuButton.click();
      await menu.getByRole('menuitem', { name: 'Search Astera…' }).click();
      await expect(palette(page).getByRole('combobox')).toBeFocused();
      await expectNoHorizontalOverflow(page);
      await page.keyboard.press('Escape');
      await expect(palette(page)).toBeHidden();
    });

    await test.step('account switcher', async () => {
      await menuButton.click();
      await menu.getByRole('menuitem', { name: /Ghost Mode account/ }).click();
      await expect(palette(page).getByRole('combobox')).toHaveAttribute('placeholder', 'Switch to account…');
      await page.keyboard.type('lake');
      await page.keyboard.press('Enter');
      const banner = page.getByRole('region', { name: 'Ghost Mode' });
      await expect(banner).toContainText('you are acting in Lakeside Pediatrics');
      await expectNoHorizontalOverflow(page);
      await banner.getByRole('button', { name: 'Leave Lakeside Pediatrics' }).click();
      await expect(banner).toBeHidden();
    });

    await test.step('the avatar menu’s dialogs', async () => {
      await menuButton.click();
      await menu.getByRole('menuitem', { name: 'User Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'User Settings' });
      await expect(dialog).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await shoot(page, 'phone', 'user-settings');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  });

  test('ids in lists are shown in full after the name, with a copy button', async ({ page }) => {
    // The page's own context: with a shared page (fixtures.ts) the test's `context` is not the page's.
    const context = page.context();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/practice/persons');
    const row = page.getByRole('table', { name: 'Persons' }).locator('tbody tr').first();
    // The name link, which comes first on a phone (the Id cell links too: spec "Id (link)").
    const link = row.locator('td').first().getByRole('link');
    await expect(link).toBeVisible();
    const id = (await link.getAttribute('href'))!.split('/').at(-1)!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // On a phone the name comes first (and stays in view when the row scrolls sideways); the id follows in full.
    await expect(row.locator('td').first()).toContainText((await link.textContent())!);
    await expect(row.locator('td').nth(1)).toContainText(id);
    await row.getByRole('button', { name: `Copy id ${id}` }).click();
    await expect(page.getByText('Id copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);
  });
});

test.describe('between phone and desktop (instance administrator, who has the most menus)', () => {
  test.use({ storageState: storageState('admin'), viewport: { width: 1024, height: 768 } });

  test('the wide header fits from 1024 px on; narrower screens get the Menu button', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Recent changes' })).toBeVisible();
    for (const width of [1024, 1152]) {
      await page.setViewportSize({ width, height: 768 });
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('button', { name: `Account menu for ${demo.admin.name}` })).toBeVisible();
      await expectNoHorizontalOverflow(page);
    }
    await page.setViewportSize({ width: 1023, height: 768 });
    await expect(page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expectNoHorizontalOverflow(page);
  });
});

test('Logout from the phone menu signs out', async ({ browser }) => {
  const context = await browser.newContext({ viewport: sizes.phone });
  const page = await context.newPage();
  await page.goto('/home');
  await signInOnProviderPage(page, 'viewer');
  const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  await menuButton.click();
  // A user without other accounts is offered no switcher.
  await expect(page.getByRole('menuitem', { name: /Switch account|Ghost Mode/ })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await context.close();
});

/** Words of the main content split across lines (an id, an ARN, a number broken mid-token), as “word” (where). */
function brokenTokens(page: Page) {
  return page.locator('main').evaluate((main) => {
    const lines = (rects: DOMRectList) => new Set([...rects].filter((r) => r.width > 0 && r.height > 0).map((r) => Math.round(r.top + r.height / 2))).size;
    const broken: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('.sr-only')) continue;
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (lines(range.getClientRects()) > 1) broken.push(`“${match[0]}” (${node.parentElement?.closest('dd, td, th, h1, li, p')?.previousElementSibling?.textContent ?? node.parentElement?.tagName})`);
      }
    }
    return broken;
  });
}

test.describe('record screens at phone size (instance administrator)', () => {
  test.use({ storageState: storageState('admin'), viewport: sizes.phone });

  test('no id, ARN or other token is broken across lines; each is there in full and can be copied', async ({ page }) => {
    // The page's own context: with a shared page (fixtures.ts) the test's `context` is not the page's.
    const context = page.context();
    // Fourteen screens, each with an axe run: a budget for the whole walk, not a timing check.
    test.setTimeout(300_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const api = await signedInApi(page);
    const firstId = async (path: string) => {
      const body = (await (await api.send('GET', path)).json()) as Record<string, unknown> | unknown[];
      const list = (Array.isArray(body) ? body : Object.values(body).find(Array.isArray)) as { id: string }[];
      return list[0]!.id;
    };
    // An account with Amazon Connect settings: a role ARN is the longest token a record screen shows.
    const stamp = Date.now().toString(36);
    const roleArn = `arn:aws:iam::123456789012:role/AsteraPortalContactCenterAccess-${stamp}`;
    const account = await api.send('POST', '/accounts', {
      name: `Tokens ${stamp}`,
      config: { awsConnect: { accountId: '123456789012', instanceId: 'a1b2c3d4-5678-90ab-cdef-EXAMPLE11111', region: 'us-east-1', roleArn, externalId: `astera-external-id-${stamp}-0123456789abcdef` } },
    });
    expect(account.status(), await account.text()).toBe(201);
    const accountId = ((await account.json()) as { id: string }).id;
    const person = await firstId('/person/persons?limit=1');
    const screens = [
      `/account/${accountId}`,
      `/system/call-center/queues/${await firstId('/callcenter/queues')}`,
      `/system/apikeys/${await firstId('/permissions/apikeys?limit=1')}`,
      `/system/roles/${await firstId('/permissions/roles?limit=1')}`,
      `/system/audit/${await firstId('/audit/entries?limit=1')}`,
      `/practice/persons/${person}`,
      `/practice/users/${await firstId('/person/users?limit=1')}`,
      `/practice/practitioners/${await firstId('/person/practitioners?limit=1')}`,
      `/practice/locations/${await firstId('/locations/locations?limit=1')}`,
      `/practice/contact-points/${await firstId('/contactpoints/contact-points?limit=1')}`,
      `/practice/issues/${await firstId('/issues?limit=1')}`,
      `/practice/insurances/${await firstId('/insurances?limit=1')}`,
      `/campaigns/campaign/${await firstId('/surveys/campaigns?limit=1')}`,
    ];
    for (const screen of screens) {
      await page.goto(screen);
      await expect(page.getByRole('heading', { level: 1 }), screen).toBeVisible();
      expect.soft(await brokenTokens(page), screen).toEqual([]);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect.soft(scrollWidth, `${screen}: page width`).toBeLessThanOrEqual(innerWidth);
      await expectNoAxeViolations(page);
    }
    // The role ARN is there in full (read aloud, and in its title), and its button copies it.
    await page.goto(`/account/${accountId}`);
    const arn = page.getByTitle(roleArn, { exact: true });
    await expect(arn).toHaveText(roleArn);
    await page.getByRole('button', { name: 'Copy Role ARN' }).click();
    await expect(page.getByText('Role ARN copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(roleArn);
  });
});
