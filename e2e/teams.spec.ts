import { expect, test, type Page } from './fixtures.ts';
import { teamsMessages } from '../domain/teams.ts';
import { expectNoAxeViolations, expectNoHorizontalOverflow, signedInApi, storageState, tabTo } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** A unique text per run, so the tests find their own messages. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const teamsTable = (page: Page) => page.getByRole('table', { name: 'Teams' });
const usersTable = (page: Page) => page.getByRole('table', { name: 'Teams Users' });
const teamRow = (page: Page, team: string) => teamsTable(page).locator('tbody tr').filter({ hasText: team });
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messagesList = (page: Page, channel: string) => page.getByRole('list', { name: `Messages in ${channel}` });

/** The instance administrator acts in a practice (Ghost Mode), switched by keyboard through the palette. */
async function actIn(page: Page, account: string) {
  await page.goto('/home');
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('switch');
  await page.keyboard.press('Enter');
  await page.keyboard.type(account.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Ghost Mode' })).toContainText(`you are acting in ${account}`);
}

/**
 * A practice of its own with a Microsoft tenant of its own, the bot installed on Front Desk as in
 * the demo practices: a test that installs the bot or sends messages changes nothing another test
 * (or the same test run again) reads.
 */
async function practiceWithOwnTenant(page: Page): Promise<string> {
  const name = unique('Teams Practice');
  const api = await signedInApi(page);
  const created = await api.send('POST', '/accounts', { name, config: { azure: { tenantId: crypto.randomUUID() } } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const { teams } = (await (await api.send('GET', `/teamsbot/graph/team?accountId=${id}`)).json()) as { teams: { id: string; displayName: string }[] };
  const frontDesk = teams.find((team) => team.displayName === 'Front Desk');
  expect(frontDesk).toBeDefined();
  expect((await api.send('POST', `/teamsbot/graph/team/${frontDesk!.id}?accountId=${id}`)).ok()).toBe(true);
  return name;
}

test.describe('instance administrator in a practice', () => {
  test.use({ storageState: storageState('admin') });

  test('by mouse: the users list with its filter, installing the bot on a team, and sending a message that then shows', async ({ page }) => {
    await actIn(page, await practiceWithOwnTenant(page));
    const text = unique('Staff meeting moved to 3 pm');

    await test.step('Teams Users: display name, job title, id, bot installed; the filter', async () => {
      await page.goto('/system/microsoft/teams/users');
      await expect(h1(page, 'Teams Users')).toBeVisible();
      await expect(usersTable(page).getByRole('columnheader')).toHaveText(['Display Name', 'Job Title', 'Id', 'Bot Installed'].map((t) => new RegExp(`^${t}`)));
      await expect(usersTable(page).locator('tbody tr')).toHaveCount(10);
      await expect(usersTable(page).locator('tbody')).toContainText('Yes');
      await expect(usersTable(page).locator('tbody')).toContainText('No');
      await expectNoAxeViolations(page);
      await page.getByLabel('Filter users', { exact: true }).fill('Practice Manager');
      await expect(usersTable(page).locator('tbody tr')).toHaveCount(1);
      await expect(page).toHaveURL(/q=Practice/);
    });

    await test.step('Teams: bot status, and Install bot on a team without it', async () => {
      await page.getByRole('link', { name: 'System' }).or(page.getByRole('button', { name: 'System' })).first().click();
      await page.getByRole('menuitem', { name: 'Teams', exact: true }).or(page.getByRole('link', { name: 'Teams', exact: true })).first().click();
      await expect(h1(page, 'Teams')).toBeVisible();
      await expect(teamsTable(page).locator('tbody tr')).toHaveCount(3);
      await expect(teamRow(page, 'Front Desk')).toContainText('Yes');
      await expect(teamRow(page, 'Front Desk').getByRole('button', { name: /Install bot/ })).toHaveCount(0);
      await expect(teamRow(page, 'Practice Leadership')).toContainText('No');
      await expectNoAxeViolations(page);
      await teamRow(page, 'Practice Leadership').getByRole('button', { name: 'Install bot on Practice Leadership' }).click();
      await expect(page.getByText(teamsMessages.botInstalled)).toBeVisible();
      await expect(teamRow(page, 'Practice Leadership')).toContainText('Yes');
      await expect(teamRow(page, 'Practice Leadership').getByRole('button', { name: /Install bot/ })).toHaveCount(0);
    });

    await test.step('the team’s channels: choose one, a bad message keeps its text, a good one is sent and shows', async () => {
      await teamRow(page, 'Practice Leadership').getByRole('link').first().click();
      await expect(page).toHaveURL(/\/system\/microsoft\/teams\/teams\/[0-9a-f-]{36}\/channels/);
      await expect(h1(page, 'Practice Leadership channels')).toBeVisible();
      await page.getByRole('button', { name: '# Announcements' }).click();
      await expect(page.getByRole('button', { name: '# Announcements' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(/channel=19/);
      await messageBox(page).fill('   ');
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect(page.getByText(teamsMessages.messageRequired)).toBeVisible();
      await messageBox(page).fill(text);
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect(page.getByText(teamsMessages.messageSent)).toBeVisible();
      await expect(messagesList(page, 'Announcements').getByRole('listitem').first()).toContainText(text);
      await expect(messagesList(page, 'Announcements').getByRole('listitem').first()).toContainText('Astera Bot');
      await expect(messageBox(page)).toHaveValue('');
      await expectNoAxeViolations(page);
    });

    await test.step('the message stays after a reload, and the users the bot now reaches say Yes', async () => {
      await page.reload();
      await expect(messagesList(page, 'Announcements')).toContainText(text);
    });
  });

  test('a team without the bot refuses a message with a clear reason, keeping the text typed', async ({ page }) => {
    await actIn(page, 'Riverside Family Practice');
    await page.goto('/system/microsoft/teams/teams');
    await teamRow(page, 'Clinical Staff').getByRole('link').first().click();
    await expect(h1(page, 'Clinical Staff channels')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Install bot on Clinical Staff' })).toBeVisible();
    const text = unique('Lab results are in');
    await messageBox(page).fill(text);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: teamsMessages.botNotInstalled })).toBeVisible();
    await expect(messageBox(page)).toHaveValue(text);
    await expect(page.getByText('No messages sent to this channel yet.')).toBeVisible();
  });

  test('a team that is not in the account’s tenant says so under the screen’s header, with no Retry that cannot work', async ({ page }) => {
    await actIn(page, 'Riverside Family Practice');
    await page.goto(`/system/microsoft/teams/teams/${crypto.randomUUID()}/channels`);
    await expect(h1(page, 'Channels')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('This team was not found in the account’s tenant.');
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: '← Teams' })).toBeVisible();
  });

  test('by keyboard: G M, the palette’s "Send message to channel", J and Enter into a team, Install bot, Tab to the message, Enter sends; G Y', async ({ page }) => {
    await actIn(page, await practiceWithOwnTenant(page));
    const text = unique('Flu clinic Saturday');

    await page.keyboard.press('g');
    await page.keyboard.press('m');
    await expect(h1(page, 'Teams')).toBeVisible();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Send message to channel');
    await expect(palette(page).getByRole('option', { name: /Send message to channel/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(palette(page)).toBeHidden();
    const rows = teamsTable(page).locator('tbody tr');
    await expect(rows).toHaveCount(3);
    // Sorted by name: Clinical Staff, Front Desk, Practice Leadership. Focus is in the table once it has its rows.
    await teamsTable(page).locator('tbody').focus();
    await expect(teamsTable(page).locator('tbody')).toBeFocused();
    await page.keyboard.press('j');
    if ((await rows.nth(0).getAttribute('aria-selected')) !== 'true') await page.keyboard.press('k');
    await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(h1(page, 'Clinical Staff channels')).toBeVisible();

    const install = page.getByRole('button', { name: 'Install bot on Clinical Staff' });
    await tabTo(page, install);
    await page.keyboard.press('Enter');
    await expect(page.getByText(teamsMessages.botInstalled)).toBeVisible();
    await expect(install).toHaveCount(0);

    await tabTo(page, page.getByRole('button', { name: '# Handoffs' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: '# Handoffs' })).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, messageBox(page));
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(teamsMessages.messageSent)).toBeVisible();
    await expect(messagesList(page, 'Handoffs')).toContainText(text);

    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('g');
    await page.keyboard.press('y');
    await expect(h1(page, 'Teams Users')).toBeVisible();
    await expect(usersTable(page).locator('tbody tr')).toHaveCount(10);
  });

  test('in an account without a Microsoft tenant the screens say so', async ({ page }) => {
    await page.goto('/system/microsoft/teams/users');
    await expect(h1(page, 'Teams Users')).toBeVisible();
    await expect(page.getByText(teamsMessages.noTenant)).toBeVisible();
    await page.goto('/system/microsoft/teams/teams');
    await expect(page.getByText(teamsMessages.noTenant)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('Read Only', () => {
  test.use({ storageState: storageState('viewer') });

  test('sees the directory, teams and messages, but no Install bot, no message form and no palette command', async ({ page }) => {
    await page.goto('/system/microsoft/teams/teams');
    await expect(teamsTable(page).locator('tbody tr')).toHaveCount(3);
    await expect(page.getByRole('button', { name: /Install bot/ })).toHaveCount(0);
    await teamRow(page, 'Front Desk').getByRole('link').first().click();
    await expect(h1(page, 'Front Desk channels')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '# General' })).toBeVisible();
    await expect(page.getByText(/No messages sent to this channel yet|Astera Bot/).first()).toBeVisible();
    await expect(messageBox(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send message' })).toHaveCount(0);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Send message to channel');
    await expect(palette(page).getByRole('option', { name: /Send message to channel/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/system/microsoft/teams/users');
    await expect(usersTable(page).locator('tbody tr')).toHaveCount(10);
  });
});

test.describe('phone size', () => {
  test.use({ storageState: storageState('viewer'), viewport: { width: 390, height: 844 } });

  test('the users list, the teams list and a team’s channels fit 390×844 and pass axe', async ({ page }) => {
    await page.goto('/system/microsoft/teams/users');
    await expect(usersTable(page).locator('tbody tr')).toHaveCount(10);
    await expectNoHorizontalOverflow(page);
    await page.goto('/system/microsoft/teams/teams');
    await expect(teamsTable(page).locator('tbody tr')).toHaveCount(3);
    await expectNoHorizontalOverflow(page);
    await teamRow(page, 'Front Desk').getByRole('link').first().click();
    await expect(h1(page, 'Front Desk channels')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
  });
});
