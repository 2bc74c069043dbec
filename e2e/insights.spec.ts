import type { Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import pg from 'pg';
import { e2ePort } from '../playwright.config.ts';
import { freshRoleHolder, signInAs } from './fresh-user.ts';
import { brokenWords, expectNoAxeViolations, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

const phone = { width: 390, height: 844 };
const today = () => new Date().toISOString().slice(0, 10);
/** Today's UTC day as the screen names it: the user's date format (here the browser's, en-US), not `YYYY-MM-DD` (issue 40). */
const todayName = () => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date());

/**
 * Calls of today for the viewer's account (Riverside), one of them abandoned, written into the
 * e2e database as the contact-center ingestion writes them (the trigger counts them): the seed's
 * calls end two hours before the server started, so a 7-day window would otherwise depend on it.
 */
test.beforeAll(async () => {
  const db = new pg.Client({ connectionString: `postgres://postgres:postgres@localhost:${e2ePort + 7}/astera` });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string }>("select id from accounts where name = 'Riverside Family Practice'");
    const account = rows[0]!.id;
    const { rows: queues } = await db.query<{ queue_id: string }>('select queue_id from queues where account_id = $1 and removed_at is null order by queue_name limit 1', [account]);
    const start = new Date(Date.now() - 5 * 60_000).toISOString();
    for (const status of ['abandoned', 'completed', 'completed']) {
      await db.query(
        `insert into interactions (account_id, created_by, modified_by, start_timestamp, end_timestamp, direction, status, queue_id, wait_seconds, handle_seconds, latest_disposition)
         values ($1, 'e2e', 'e2e', $2, now(), 'inbound', $3, $4, 12, $5, $6)`,
        [account, start, status, queues[0]?.queue_id ?? null, status === 'abandoned' ? 0 : 200, status === 'abandoned' ? null : 'Scheduled'],
      );
    }
  } finally {
    await db.end();
  }
});

const chartSections = ['Calls per day by direction', 'Average handle and wait time', 'Abandoned calls', 'Dispositions', /^Service level by queue/];

test.describe('Insights as Read Only', () => {
  test.use({ storageState: storageState('viewer') });

  test('renders the charts, each with its table, the live strip and the totals; axe clean', async ({ page }) => {
    await page.goto('/insights?range=7');
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    for (const name of chartSections) {
      const section = page.getByRole('region', { name });
      await expect(section.getByRole('img')).toBeVisible();
      await expect(section.locator('summary')).toHaveText(/as a table$/);
    }
    // The live strip: the contact center's queues now.
    const live = page.getByRole('region', { name: 'Queues now' });
    await expect(live.getByRole('listitem').first()).toBeVisible();
    await expect(live.getByText('Waiting').first()).toBeVisible();
    // The table alternative of the abandoned calls: one row per day of the window.
    const abandoned = page.getByRole('region', { name: 'Abandoned calls' });
    await abandoned.locator('summary').click();
    const table = abandoned.getByRole('table', { name: 'Abandoned calls per day' });
    await expect(table.getByRole('row')).toHaveCount(8);
    await expect(table.getByRole('rowheader', { name: todayName() })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('opened by its address, asks for the live strip and the charts\' code while the figures are on their way, not after them (issue 25)', async ({ page }) => {
    const held: Route[] = [];
    let released = false;
    await page.route('**/api/metrics/historic**', (route) => (released ? route.continue() : void held.push(route)));
    const asked = new Set<string>();
    page.on('request', (request) => {
      const url = request.url();
      if (url.includes('/api/metrics/realtime')) asked.add('live strip');
      if (/\/assets\/bar-chart-[^/]+\.js$/.test(url)) asked.add('chart code');
    });
    await page.goto('/insights?range=7', { waitUntil: 'commit' });
    await expect.poll(() => held.length).toBeGreaterThan(0);
    // Asked for while the figures are held back: before, the chart's code waited for them, and the live strip for the screen's render.
    await expect.poll(() => [...asked].sort()).toEqual(['chart code', 'live strip']);
    released = true;
    for (const route of held) await route.continue();
    await expect(page.getByRole('region', { name: 'Abandoned calls' }).getByRole('img')).toBeVisible();
  });

  test('a chart shown is redrawn with new figures without going blank (issue 25)', async ({ page }) => {
    await page.goto('/insights?range=7');
    const canvas = page.getByRole('region', { name: 'Calls per day by direction' }).getByRole('img');
    await expect(canvas).toHaveAttribute('aria-busy', 'false');
    // Every state the canvas passes through from here on.
    await canvas.evaluate((element) => {
      const states: (string | null)[] = [];
      (window as unknown as { busyStates: typeof states }).busyStates = states;
      new MutationObserver(() => states.push(element.getAttribute('aria-busy'))).observe(element, { attributes: true, attributeFilter: ['aria-busy'] });
    });
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    const from30 = await page.evaluate(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.now() - 29 * 86_400_000)));
    await expect(canvas).toHaveAttribute('aria-label', new RegExp(`from ${from30} to`));
    await expect(canvas).toHaveAttribute('aria-busy', 'false');
    expect(await page.evaluate(() => (window as unknown as { busyStates: (string | null)[] }).busyStates)).not.toContain('true');
  });

  test('clicking a bar opens the interactions list filtered the same way', async ({ page }) => {
    await page.goto('/insights?range=7');
    const canvas = page.getByRole('region', { name: 'Abandoned calls' }).getByRole('img');
    await canvas.scrollIntoViewIfNeeded();
    // Drawn once near the viewport (the canvas is busy until then).
    await expect(canvas).toHaveAttribute('aria-busy', 'false');
    const box = (await canvas.boundingBox())!;
    // The last day's column (today), near the bottom where its bar starts: a click anywhere in a column selects its day.
    await canvas.click({ position: { x: box.width - 12, y: box.height - 40 } });
    await expect(page).toHaveURL(new RegExp(`/interactions\\?from=${today()}&to=${today()}&status=abandoned&days=utc$`));
  });

  test("the bars' links are reachable by keyboard through the tables, and keep the queue; a link keeps focus when new figures take a column away", async ({ page }) => {
    // The figures as the server gives them, but with an outbound call on the window's first day
    // for all queues, and none for the chosen queue: the Outbound column goes when the queue's
    // figures arrive. The queue's answer is held until the link has focus.
    type Historic = { days: { byDirection: Record<string, number> }[] };
    let releaseQueue = () => {};
    const queueHeld = new Promise<void>((resolve) => (releaseQueue = resolve));
    await page.route('**/api/metrics/historic?*', async (route) => {
      const byQueue = new URL(route.request().url()).searchParams.has('queueId');
      const response = await route.fetch();
      const body = (await response.json()) as Historic;
      for (const [index, day] of body.days.entries()) day.byDirection.outbound = byQueue || index > 0 ? 0 : 1;
      if (byQueue) await queueHeld;
      await route.fulfill({ response, json: body });
    });
    await page.goto('/insights?range=7');
    const calls = page.getByRole('region', { name: 'Calls per day by direction' });
    await expect(calls.getByRole('columnheader', { name: 'Outbound', includeHidden: true })).toBeAttached();
    const queue = page.getByRole('combobox', { name: 'Queue' });
    await expect(queue.locator('option').nth(1)).toBeAttached();
    const queueId = await queue.locator('option').nth(1).getAttribute('value');
    await queue.selectOption(queueId!);
    await expect(page).toHaveURL(new RegExp(`queue=${queueId}`));
    await calls.locator('summary').focus();
    await page.keyboard.press('Enter');
    const link = calls.getByRole('link', { name: new RegExp(`^\\d+ calls on ${todayName()}$`) });
    await link.focus();
    await expect(link).toBeFocused();
    releaseQueue();
    await expect(calls.getByRole('columnheader', { name: 'Outbound', includeHidden: true })).toHaveCount(0);
    // Its cell moved one column to the left: the same link, still focused (a cell keyed by its place lost it).
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/interactions?from=${today()}&to=${today()}&queue=${queueId}&days=utc`);
  });

  test('the range is in the URL: presets and a custom range, kept by a reload', async ({ page }) => {
    await page.goto('/insights');
    await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Last 90 days' }).click();
    await expect(page).toHaveURL(/\/insights\?range=90$/);
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('From', { exact: true }).fill('2026-01-01');
    await page.getByLabel('To', { exact: true }).fill('2025-12-01');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('alert')).toHaveText('The end date must not come before the start date');
    await page.getByLabel('To', { exact: true }).fill('2026-01-31');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/range=custom&from=2026-01-01&to=2026-01-31/);
    await expect(page.getByText('Calls from Jan 1, 2026 to Jan 31, 2026 (UTC days)')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Calls from Jan 1, 2026 to Jan 31, 2026 (UTC days)')).toBeVisible();
  });

  test('at phone size it fits the screen and stays axe clean', async ({ page }) => {
    await page.setViewportSize(phone);
    // Among the queues one whose name is a long hyphenated word (a call's queue the account's list
    // does not know is named by its id: 'e2e-front-desk'); it moves to the next line whole.
    await page.route('**/api/metrics/historic?*', async (route) => {
      const response = await route.fetch();
      const figures = (await response.json()) as { queues: { queueId: string; queueName: string }[] };
      if (figures.queues.length > 0) figures.queues.push({ ...figures.queues[0]!, queueId: 'after-hours-overflow', queueName: 'after-hours-overflow-front-desk' });
      await route.fulfill({ response, json: figures });
    });
    await page.goto('/insights?range=30');
    await expect(page.getByRole('region', { name: 'Dispositions' }).getByRole('img')).toBeVisible();
    // Every chart's table open: each scrolls inside its box, no word or date broken across lines.
    for (const name of chartSections) await page.getByRole('region', { name }).locator('summary').click();
    for (const table of await page.getByRole('table').all()) await expect(table).toBeVisible();
    await expect(page.getByRole('region', { name: /^Service level by queue/ }).getByRole('table')).toContainText('after-hours-overflow-front-desk');
    for (const name of chartSections) expect(await brokenWords(page.getByRole('region', { name }).getByRole('table')), String(name)).toEqual([]);
    // Scrolled sideways to its last column, the table still shows each row's day.
    const byDirection = page.getByRole('region', { name: 'Calls per day by direction' }).getByRole('table');
    const { scrolled, dayLeft, boxLeft } = await byDirection.evaluate((table) => {
      const box = table.parentElement!;
      box.scrollLeft = box.scrollWidth;
      return { scrolled: box.scrollLeft, dayLeft: table.querySelector('tbody th')!.getBoundingClientRect().left, boxLeft: box.getBoundingClientRect().left };
    });
    expect(scrolled).toBeGreaterThan(0);
    expect(dayLeft).toBeGreaterThanOrEqual(boxLeft - 1);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await expectNoAxeViolations(page);
  });

  test('at phone size, opened by its address, draws no chart until scrolled near it (issue 25)', async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto('/insights?range=7');
    await expect(page.locator('canvas')).toHaveCount(chartSections.length);
    // The first paint and a few tasks after it: the phone shows the live strip and the totals; the
    // charts screens below them are not drawn.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
    for (const name of chartSections.slice(2)) await expect(page.getByRole('region', { name }).getByRole('img')).toHaveAttribute('aria-busy', 'true');
    // Scrolled to, each chart is drawn.
    for (const name of chartSections) {
      const canvas = page.getByRole('region', { name }).getByRole('img');
      await canvas.scrollIntoViewIfNeeded();
      await expect(canvas).toHaveAttribute('aria-busy', 'false');
    }
  });

  test('the Insights menu leads to it; "Real time metrics" still has no route', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Insights', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Call insights' }).click();
    await expect(page).toHaveURL(/\/insights$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    await page.getByRole('button', { name: 'Insights', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Real time metrics' }).click();
    await expect(page.getByRole('alert')).toHaveText('No Route');
  });
});

test.describe('Insights as the Practice Administrator', () => {
  // A practice administrator runs the practice's call center: the default role grants the metrics.
  test.use({ storageState: storageState('manager') });

  test('sees the charts and the live strip, and the Insights menu leads there', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Insights', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Call insights' }).click();
    await expect(page).toHaveURL(/\/insights$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    for (const name of chartSections) await expect(page.getByRole('region', { name }).getByRole('img')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Queues now' }).getByRole('listitem').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('a role without the metrics', () => {
  // The administrator makes the role and its holder.
  test.use({ storageState: storageState('admin') });

  test('sees the no-permission screen and no Insights menu', async ({ page, browser }) => {
    const holder = await freshRoleHolder(page, 'No metrics', { '/permissions/accesspolicy': { GET: true }, '/interactions/interactions': { GET: true } });
    const user = await signInAs(browser, holder);
    await user.goto('/insights');
    await expect(user.getByRole('heading', { level: 1, name: "You don't have permission to see insights." })).toBeVisible();
    await expect(user.getByRole('button', { name: 'Insights', exact: true })).toHaveCount(0);
    await user.context().close();
  });
});
