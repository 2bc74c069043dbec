import { expect, test, type Page } from './fixtures.ts';
import { brokenWords, expectNoAxeViolations, signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** A unique name per run, so the tests find their own changes among everyone's. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const table = (page: Page) => page.getByRole('table', { name: 'Audit log' });
const rows = (page: Page) => table(page).locator('tbody tr');
const changes = (page: Page) => page.getByRole('table', { name: 'Before and after' });

/** The shell is ready for the keyboard once the access policy has loaded (the avatar shows). */
async function ready(page: Page) {
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
}

/** An issue created, renamed and deleted through the API: three changes of this test's own. */
async function issueHistory(page: Page, name: string) {
  const api = await signedInApi(page);
  const created = await api.send('POST', '/issues', { name, category: 'Other' });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await api.send('PATCH', `/issues/${id}`, { name: `${name} renamed`, version: 1 })).status()).toBe(200);
  expect((await api.send('DELETE', `/issues/${id}`)).status()).toBe(204);
  return id;
}

async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test.describe('practice administrator', () => {
  test.use({ storageState: storageState('manager') });
  // Each test writes its own history through the API and runs axe: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('View all from the home page lands on the list, focused; J/K move; filter by action with the keyboard', async ({ page }) => {
    const name = unique('Audit e2e issue');
    await issueHistory(page, name);

    await page.goto('/home');
    await ready(page);
    await page.getByRole('link', { name: 'View all changes' }).click();
    await expect(page).toHaveURL(/\/system\/audit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const body = table(page).locator('tbody');
    await expect(body).toBeFocused();
    await expect(table(page).getByRole('columnheader')).toHaveText(['When', 'Who', 'Action', 'Record']);
    // Newest first: this test's deletion is among the first rows.
    await expect(rows(page).filter({ hasText: `${name} renamed` }).filter({ hasText: 'delete' })).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('j');
    await expect(rows(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('k');
    await expect(rows(page).first()).toHaveAttribute('aria-selected', 'true');
    await expectNoAxeViolations(page);

    // The Action filter is a native select: focused, a typed letter picks the action.
    await page.getByLabel('Action', { exact: true }).focus();
    await page.keyboard.type('d');
    await expect(page.getByLabel('Action', { exact: true })).toHaveValue('delete');
    await expect(page).toHaveURL(/[?&]action=delete/);
    await expect(rows(page).filter({ hasText: `${name} renamed` })).toHaveCount(1);
    for (const action of await rows(page).locator('td:nth-child(3)').allTextContents()) expect(action).toBe('Deleted');
    // The URL keeps the filter: a reload shows the same list.
    await page.reload();
    await expect(page.getByLabel('Action', { exact: true })).toHaveValue('delete');
    await expect(rows(page).filter({ hasText: `${name} renamed` })).toHaveCount(1);
  });

  test('a row opens the change with its before and after side by side, the changed field highlighted', async ({ page }) => {
    const name = unique('Audit diff issue');
    await issueHistory(page, name);
    await page.goto('/system/audit?type=Issue&action=update');
    await ready(page);
    const row = rows(page).filter({ hasText: `${name} renamed` });
    await expect(row).toHaveCount(1);
    // Keyboard: the list has the focus once shown (on its first row, issue 40); J moves to the row, Enter opens it.
    await expect(table(page).locator('tbody')).toBeFocused();
    const index = await rows(page).evaluateAll((all, text) => all.findIndex((r) => r.textContent?.includes(text)), `${name} renamed`);
    for (let i = 0; i < index; i++) await page.keyboard.press('j');
    await expect(row).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/system\/audit\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`updated issue “${name} renamed”`);
    await expect(changes(page).getByRole('columnheader')).toHaveText(['Field', 'Before', 'After']);
    const nameRow = changes(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Name/ }) });
    await expect(nameRow).toHaveAttribute('data-changed', 'true');
    await expect(nameRow.getByRole('cell')).toHaveText([name, `${name} renamed`]);
    await expect(nameRow).toContainText('Changed');
    const categoryRow = changes(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Category/ }) });
    await expect(categoryRow).not.toHaveAttribute('data-changed');
    await expectNoAxeViolations(page);

    // Back to the list, as it was (filters kept).
    await page.goBack();
    await expect(page).toHaveURL(/type=Issue/);
    await expect(row).toHaveCount(1);
  });

  test('at phone size the list and a change fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const name = unique('Audit phone issue');
    await issueHistory(page, name);
    await page.goto('/system/audit?type=Issue');
    await expect(rows(page).filter({ hasText: `${name} renamed` }).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await rows(page).filter({ hasText: `${name} renamed` }).filter({ hasText: 'update' }).getByRole('link').click();
    await expect(changes(page)).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });

  test('records, kinds, actions and fields are named as people name them, and no word breaks at phone size (issue 40)', async ({ page }) => {
    const api = await signedInApi(page);
    const start = new Date(Date.now() - 60 * 60_000);
    start.setUTCSeconds(0, 0);
    const team = await api.send('POST', '/teams/teams', { name: unique('Audit team') });
    const teamId = ((await team.json()) as { id: string }).id;
    const call = await api.send('POST', '/interactions/interactions', { startTimestamp: start.toISOString(), agentNotes: 'First note', team: { id: teamId, name: 'Audit team' } });
    expect(call.status()).toBe(201);
    const { id } = (await call.json()) as { id: string };
    expect((await api.send('PATCH', `/interactions/interactions/${id}`, { version: 1, agentNotes: 'A second, longer note' })).status()).toBe(200);
    expect((await api.send('POST', `/interactions/interactions/${id}/comments`, { body: { content: 'Audited comment' } })).status()).toBe(201);
    const when = `${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(start)} UTC`;

    // Home's recent changes say what people say.
    await page.goto('/home');
    await expect(page.getByText(`Maria Lopez created comment “Comment on the call of ${when}”`).first()).toBeVisible();
    await expect(page.getByText(/InteractionComment/)).toHaveCount(0);

    // The log's filters offer the kinds and actions in words.
    await page.goto('/system/audit');
    const kindSelect = page.getByLabel('Kind of record', { exact: true });
    await expect(kindSelect.locator('option', { hasText: /^Contact point$/ })).toHaveCount(1);
    const kinds = await kindSelect.locator('option').allTextContents();
    expect(kinds).toContain('Contact point');
    expect(kinds).toContain('Comment');
    expect(kinds.filter((kind) => /^[A-Z][a-z]+[A-Z]/.test(kind))).toEqual([]);
    expect(await page.getByLabel('Action', { exact: true }).locator('option').allTextContents()).toEqual(['Any action', 'Created', 'Updated', 'Deleted', 'Restored', 'Revoked', 'Signed out', 'Resent']);

    // The change of the call: fields as the form labels them, the team's id short and on one line.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/system/audit?type=Interaction&action=update');
    await rows(page).first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/system\/audit\/\d+$/);
    await expect(changes(page).getByRole('rowheader', { name: /^Agent notes/ })).toBeVisible();
    await expect(changes(page).getByRole('rowheader', { name: /^agentNotes/ })).toHaveCount(0);
    const teamRow = changes(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Team/ }) });
    await expect(teamRow.getByRole('cell').first()).toHaveText(`${teamId.slice(0, 8)}…${teamId}`);
    expect(await brokenWords(changes(page))).toEqual([]);
  });

  test('G then O opens the audit log, and the palette lists it', async ({ page }) => {
    await page.goto('/home');
    await ready(page);
    await page.keyboard.press('g');
    await page.keyboard.press('o');
    await expect(page).toHaveURL(/\/system\/audit$/);
    await expect(table(page).locator('tbody')).toBeFocused();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette).toBeVisible();
    await page.keyboard.type('Audit log');
    await expect(palette.getByRole('option', { name: /Audit log/ }).first()).toBeVisible();
  });
});

/** A person of this test's own, read once through the API: one "view" in the access log once its batch is written. */
async function viewedPerson(page: Page, family: string) {
  const api = await signedInApi(page);
  const created = await api.send('POST', '/person/persons', { name: [{ use: 'official', given: ['Vera'], family, prefix: [], suffix: [] }], communication: [] });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await api.send('GET', `/person/persons/${id}`)).status()).toBe(200);
  return id;
}

/** The row of that read: reads are written in batches off the request path, so the list is reloaded until it shows. */
async function expectReadRow(page: Page, family: string) {
  // The read by its action (the log's own pages are reads too: each reload lists the person again, 'Listed').
  const row = rows(page).filter({ hasText: `Vera ${family}` }).filter({ has: page.locator('td:nth-child(3)', { hasText: /^Viewed$/ }) });
  await expect(async () => {
    await page.reload();
    await expect(row).toHaveCount(1, { timeout: 2_000 });
  }).toPass();
  return row;
}

test.describe('who read patient data (Viewed)', () => {
  test.use({ storageState: storageState('manager') });
  test.describe.configure({ timeout: 90_000 });

  test('a practice administrator switches the log to Viewed (kept in the URL) and opens the record read', async ({ page }) => {
    const family = unique('Viewede2e').replace(' ', '');
    const id = await viewedPerson(page, family);
    await page.goto('/system/audit');
    await ready(page);
    const show = page.getByLabel('Show', { exact: true });
    await expect(show).toHaveValue('changed');
    await show.selectOption({ label: 'Viewed' });
    await expect(page).toHaveURL(/[?&]log=viewed/);
    const row = await expectReadRow(page, family);
    await expect(show).toHaveValue('viewed');
    await expect(row).toContainText('Person');
    // Reads have their own actions.
    await expect(page.getByLabel('Action', { exact: true }).locator('option')).toHaveText(['Any action', 'Viewed', 'Listed', 'Played']);
    await expectNoAxeViolations(page);
    await row.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/practice/persons/${id}$`));
    // Back to Changed: the changes again.
    await page.goto('/system/audit?log=viewed');
    await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Changed' });
    await expect(page).not.toHaveURL(/log=/);
    await expect(rows(page).filter({ hasText: `Vera ${family}` }).filter({ hasText: 'create' })).toHaveCount(1);
  });

  test('at phone size the reads fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const family = unique('Phoneread').replace(' ', '');
    await viewedPerson(page, family);
    await page.goto('/system/audit?log=viewed');
    await expectReadRow(page, family);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
  });
});

test.describe('read only', () => {
  test.use({ storageState: storageState('viewer') });

  test('reads the audit log (through the system log grant), without an account column, and not who read what', async ({ page }) => {
    await page.goto('/system/audit');
    await ready(page);
    await expect(rows(page).first()).toBeVisible();
    await expect(table(page).getByRole('columnheader')).toHaveText(['When', 'Who', 'Action', 'Record']);
    await expect(page.getByLabel('Account', { exact: true })).toHaveCount(0);
    // Who read patient data is for administrators: no choice, and a hand-made URL shows the changes.
    await expect(page.getByLabel('Show', { exact: true })).toHaveCount(0);
    await page.goto('/system/audit?log=viewed');
    await expect(rows(page).first()).toBeVisible();
    await expect(rows(page).locator('td:nth-child(3)').filter({ hasText: /^(Viewed|Listed|Played)$/ })).toHaveCount(0);
  });
});

test.describe('instance administrator', () => {
  test.use({ storageState: storageState('admin') });

  test("sees every account's changes, with an account column and filter", async ({ page }) => {
    await page.goto('/system/audit');
    await ready(page);
    await expect(table(page).getByRole('columnheader')).toHaveText(['When', 'Who', 'Action', 'Record', 'Account']);
    const account = page.getByLabel('Account', { exact: true });
    await account.selectOption({ label: 'Lakeside Pediatrics' });
    await expect(page).toHaveURL(/[?&]account=[0-9a-f-]{36}/);
    // The rows of the filter, not the unfiltered ones still shown while they load (the table is busy then).
    await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
    await expect(rows(page).first()).toBeVisible();
    await expect(rows(page).locator('td:nth-child(5)').filter({ hasNotText: 'Lakeside Pediatrics' })).toHaveCount(0);
    await account.selectOption({ label: 'Riverside Family Practice' });
    await expect(rows(page).locator('td:nth-child(5)').first()).toHaveText('Riverside Family Practice');
    await expectNoAxeViolations(page);
  });
});
