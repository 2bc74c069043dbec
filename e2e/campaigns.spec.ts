import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { campaignResponseCount, campaignResultTitle, editingCampaignTitle, messages } from '../domain/messages.ts';
import { brokenWords, expectNoAxeViolations, patientPhone, pressListKey, signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** A unique name per run, so the tests find their own records among the seed's and other tests'. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const phone = { width: 390, height: 844 };
const missingId = '00000000-0000-4000-8000-000000000000';

/** The value shown next to a label on a detail screen (a description list's term and definition). */
const shown = (scope: Page | Locator, label: string) => scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** Nothing wider than the viewport: the page never scrolls sideways. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}

/** Creates a campaign through the API as the signed-in user; answers its id. */
async function createCampaign(page: Page, body: { name: string; surveyType: 'thumbs' | 'three'; question: string; commentLabel?: string | null; description?: string | null }) {
  const api = await signedInApi(page);
  const res = await api.send('POST', '/surveys/campaigns', body);
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test.describe('campaigns: practice administrator', () => {
  test.use({ storageState: storageState('manager') });

  test('create → a patient answers on a phone → the response is in the results, its page and the CSV', async ({ page, browser }) => {
    // The page's own context: with a shared page (fixtures.ts) the test's `context` is not the page's.
    const context = page.context();
    test.slow();
    const name = unique('After your visit');
    const externalId = unique('visit').replace(/\s/g, '-');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    // The chart library comes with the campaign's page only (its own chunk), not with the list or the first screen.
    const chartChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/answers-chart-[^/]+\.js$/.test(request.url())) chartChunks.push(request.url());
    });

    await test.step('the list offers Create; the create screen has the spec’s fields and buttons', async () => {
      await page.goto('/campaigns');
      await expect(h1(page, 'Campaigns')).toBeVisible();
      await expect(page.getByRole('table', { name: 'Campaigns' })).toBeVisible();
      for (const header of ['Name', 'Status', 'Start', 'End', 'Requests', 'Reached', 'Completed', 'Responses']) {
        await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
      }
      await page.getByRole('link', { name: /^Create/ }).click();
      await expect(page).toHaveURL(/\/campaigns\/campaign\/create$/);
      await expect(h1(page, 'Create New Campaign')).toBeVisible();
      await expect(page.getByLabel('Campaign Name')).toBeFocused();
      for (const label of ['Campaign Description', 'Survey Type', 'Campaign Question', 'Comment Label']) await expect(page.getByLabel(label)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
    });

    await test.step('a failed create shows the spec’s alert and keeps what was typed', async () => {
      await page.getByLabel('Campaign Name').fill(name);
      await page.getByLabel('Campaign Description').fill('Asked the day after a visit');
      await page.getByLabel('Survey Type').selectOption({ label: 'Good / Neutral / Bad' });
      await page.getByLabel('Campaign Question').fill('How was your visit?');
      await page.getByLabel('Comment Label').fill('Anything we could do better?');
      await page.route('**/api/surveys/campaigns', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { error: { code: 'server_error', message: 'Server Error' } } }) : route.fallback()));
      await page.getByRole('button', { name: 'Create Survey' }).click();
      await expect(page.getByRole('alert').filter({ hasText: messages.campaignSubmissionError })).toBeVisible();
      await expect(page.getByLabel('Campaign Name')).toHaveValue(name);
      await expect(page.getByLabel('Comment Label')).toHaveValue('Anything we could do better?');
      await page.unrouteAll();
    });

    await test.step('create goes to /campaigns, where the new campaign is running', async () => {
      await page.getByRole('button', { name: 'Create Survey' }).click();
      // Back on the list with the new campaign's row active (issue 24).
      await expect(page).toHaveURL(/\/campaigns\?.*selected=[0-9a-f-]{36}/);
      await page.getByLabel('Filter campaigns').fill(name);
      await expect(page).toHaveURL(/[?&]q=/);
      await expect(page.getByRole('table', { name: 'Campaigns' }).locator('tbody tr')).toHaveCount(1);
      const row = page.getByRole('row').filter({ hasText: name });
      await expect(row).toContainText('Running');
      expect(chartChunks).toEqual([]);
      await row.getByRole('link', { name }).click();
    });

    let surveyPath = '';
    await test.step('the campaign page: counts, the public link and its copy button, the chart', async () => {
      await expect(h1(page, name)).toBeVisible();
      // The Campaigns tab is highlighted on every /campaign… path (spec §2).
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' })).toHaveClass(/bg-white\/20/);
      await expect(shown(page.getByRole('region', { name: 'Counts' }), 'Responses')).toHaveText('0');
      const link = page.getByRole('link', { name: /\/survey\// });
      const url = (await link.textContent())!;
      surveyPath = new URL(url).pathname;
      expect(surveyPath).toMatch(/^\/survey\/[0-9a-f-]{36}$/);
      await page.getByRole('button', { name: 'Copy link' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      await expect(page.getByRole('img', { name: /^Answers per day/ })).toBeVisible();
      expect(chartChunks).toHaveLength(1);
    });

    // The link the practice sends this patient (issue 40): their externalId and the token that lets
    // their own link, and no guessed one, hear that the answer was already received.
    let patientLink = '';
    await test.step('the practice makes the patient’s link', async () => {
      const api = await signedInApi(await context.newPage());
      const res = await api.send('GET', `/surveys/campaigns/${surveyPath.split('/').at(-1)}/link?externalId=${externalId}&externalUser=%2B15550001111`);
      expect(res.status()).toBe(200);
      const url = new URL(((await res.json()) as { url: string }).url);
      expect(url.pathname).toBe(surveyPath);
      expect(url.searchParams.get('token')).toBeTruthy();
      patientLink = `${url.pathname}${url.search}&utm=sms`;
    });

    await test.step('the patient answers on a phone, by keyboard, under the page’s CSP, loading no portal code', async () => {
      const patient = await patientPhone(browser);
      await patient.page.goto(patientLink);
      await expect(h1(patient.page, name)).toBeVisible();
      const group = patient.page.getByRole('radiogroup', { name: 'How was your visit?' });
      await expect(group.getByRole('radio')).toHaveCount(3);
      await patient.page.keyboard.press('Tab');
      await expect(group.getByRole('radio', { name: 'Good' })).toBeFocused();
      await patient.page.keyboard.press('ArrowRight');
      await expect(group.getByRole('radio', { name: 'Neutral' })).toBeChecked();
      await patient.page.keyboard.press('Tab');
      await expect(patient.page.getByLabel('Anything we could do better?')).toBeFocused();
      await patient.page.keyboard.type('Short wait, <b>kind</b> staff');
      await expectNoHorizontalOverflow(patient.page);
      await patient.page.keyboard.press('Tab');
      await expect(patient.page.getByRole('button', { name: 'Send' })).toBeFocused();
      await patient.page.keyboard.press('Enter');
      await expect(patient.page.getByRole('status')).toContainText(messages.surveyThanks);
      await expect(h1(patient.page, 'Thank you')).toBeFocused();
      expect(await patient.violations()).toEqual([]);
      // Its own small bundle: nothing of the signed-in portal (sign-in, router) was loaded.
      expect(patient.scripts.length).toBeGreaterThan(0);
      expect(patient.scripts.filter((path) => /\/assets\/(index|auth|_app)-/.test(path))).toEqual([]);

      await test.step('the same link again: already received', async () => {
        await patient.page.reload();
        await expect(h1(patient.page, 'Already received')).toBeFocused();
        await expect(patient.page.getByRole('status')).toContainText(messages.surveyAlreadyReceived);
        await expect(patient.page.getByRole('radiogroup')).toHaveCount(0);
      });
      await test.step('the externalId without the link’s token (guessed, or an old link): the form, as for a patient who has not answered', async () => {
        await patient.page.goto(`${surveyPath}?externalId=${externalId}&utm=sms`);
        await expect(h1(patient.page, name)).toBeVisible();
        await expect(patient.page.getByRole('radiogroup', { name: 'How was your visit?' })).toBeVisible();
      });
      await patient.context.close();
    });

    await test.step('the creator hears of the first response in the bell, without a reload, and it opens the results', async () => {
      const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
      await expect(bell).toBeVisible();
      await bell.click();
      const item = page.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: /First campaign response/ }).filter({ hasText: name });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(`Campaign "${name}" received its first response.`);
      await item.click();
      await expect(page).toHaveURL(/\/campaigns\/campaign\/[0-9a-f-]{36}\/results$/);
      await page.goto(surveyPath.replace('/survey/', '/campaigns/campaign/'));
      await expect(h1(page, name)).toBeVisible();
    });

    await test.step('the results grid counts it and shows its row; a row click opens the response', async () => {
      await page.getByRole('link', { name: 'Results' }).click();
      await expect(page).toHaveURL(/\/results$/);
      await expect(page.getByText(campaignResponseCount(1), { exact: true })).toBeVisible();
      const row = page.getByRole('table', { name: `Responses to ${name}` }).locator('tbody tr');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Neutral');
      await expect(row).toContainText(externalId);
      await expect(row).toContainText('+15550001111');

      await test.step('export to CSV: the file has the row', async () => {
        const downloading = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Export CSV' }).click();
        const download = await downloading;
        expect(download.suggestedFilename()).toMatch(/-responses\.csv$/);
        const csv = await readFile((await download.path())!, 'utf8');
        const lines = csv.trim().split(/\r\n/);
        expect(lines[0]).toBe('Response ID,Started,Received,Answer,Answer value,Comment,External Id,External User');
        expect(lines).toHaveLength(2);
        expect(lines[1]).toContain(`Neutral,3,"Short wait, <b>kind</b> staff",${externalId},`);
      });

      await row.getByRole('cell', { name: 'Neutral' }).click();
      await expect(page).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
      const responseId = page.url().split('/').at(-1)!;
      await expect(h1(page, campaignResultTitle(name, responseId))).toBeVisible();
      await expect(shown(page, 'How was your visit\\?')).toHaveText('Neutral (3)');
      // Shown as text, never as HTML.
      await expect(shown(page, 'Anything we could do better\\?')).toHaveText('Short wait, <b>kind</b> staff');
      await expect(shown(page, 'External Id')).toHaveText(externalId);
    });

    await test.step('the campaign page counts the response', async () => {
      await page.goto(surveyPath.replace('/survey/', '/campaigns/campaign/'));
      await expect(shown(page.getByRole('region', { name: 'Counts' }), 'Responses')).toHaveText('1');
      await expect(page.getByRole('img', { name: /Neutral 1/ })).toBeVisible();
      // At phone size its table of answers by day breaks no word or date across lines, and stays axe clean.
      await page.setViewportSize(phone);
      await page.getByText('Answers by day as a table').click();
      const table = page.getByRole('table', { name: 'Answers per day' });
      await expect(table).toBeVisible();
      expect(await brokenWords(table)).toEqual([]);
      await expectNoAxeViolations(page);
    });
  });

  test('edit: the title, the status rules said and applied (running, start now, end cleared), a failed save’s alert', async ({ page }) => {
    const name = unique('Flu shot reminder');
    const id = await createCampaign(page, { name, surveyType: 'thumbs', question: 'Did the reminder help?', commentLabel: null });

    await page.goto(`/campaigns/campaign/${id}`);
    await expect(shown(page, 'Status')).toHaveText('Running');
    // Spec §4: create sets endTimestamp to now.
    await expect(shown(page, 'End')).not.toHaveText(/Not given/);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/campaign/edit/${id}$`));
    await expect(h1(page, editingCampaignTitle(id))).toBeVisible();
    await expect(page.getByLabel('Campaign Name')).toBeFocused();
    await expect(page.getByRole('region', { name: 'What saving does' })).toContainText('Saving sets the status to Running, the start to now, and clears the end.');

    await page.getByLabel('Campaign Question').fill('Did our reminder help you?');
    await page.route(`**/api/surveys/campaigns/${id}`, (route) => (route.request().method() === 'PATCH' ? route.fulfill({ status: 500, json: { error: { code: 'server_error', message: 'Server Error' } } }) : route.fallback()));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: messages.campaignSubmissionError })).toBeVisible();
    await expect(page.getByLabel('Campaign Question')).toHaveValue('Did our reminder help you?');
    await page.unrouteAll();

    const before = Date.now();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/campaign/${id}$`));
    await expect(shown(page, 'Campaign Question')).toHaveText('Did our reminder help you?');
    await expect(shown(page, 'Status')).toHaveText('Running');
    await expect(shown(page, 'End')).toHaveText(/Not given/);
    const api = await signedInApi(page);
    const saved = (await (await api.send('GET', `/surveys/campaigns/${id}`)).json()) as { status: string; startTimestamp: string; endTimestamp: string | null };
    expect(saved.status).toBe('running');
    expect(saved.endTimestamp).toBeNull();
    // Start is "now" of the save: not before the click (a minute of clock skew allowed between test and server).
    expect(Date.parse(saved.startTimestamp)).toBeGreaterThan(before - 60_000);
  });

  test('not-found texts, an empty campaign’s results, /campaign redirects, and the public page of an unknown campaign', async ({ page, browser }) => {
    await page.goto('/campaign');
    await expect(page).toHaveURL(/\/campaigns$/);
    await expect(h1(page, 'Campaigns')).toBeVisible();

    await page.goto(`/campaigns/campaign/edit/${missingId}`);
    await expect(h1(page, messages.campaignNotFound)).toBeVisible();
    await page.goto(`/campaigns/campaign/${missingId}`);
    await expect(h1(page, messages.campaignNotFound)).toBeVisible();

    const name = unique('Nobody answered');
    const id = await createCampaign(page, { name, surveyType: 'thumbs', question: 'Was it easy to book?' });
    await page.goto(`/campaigns/campaign/${id}/results`);
    await expect(page.getByText(campaignResponseCount(0), { exact: true })).toBeVisible();
    await expect(page.getByText(messages.campaignNoResults)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await page.goto(`/campaigns/campaign/${id}/results/${missingId}`);
    await expect(h1(page, messages.campaignResponseNotFound)).toBeVisible();

    const patient = await patientPhone(browser);
    await patient.page.goto(`/survey/${missingId}`);
    await expect(patient.page.getByText(messages.surveyUnavailable)).toBeVisible();
    await patient.context.close();
  });

  test('by keyboard: G V, C creates, Enter submits; J/K and Enter open a response; the palette creates', async ({ page, browser }) => {
    test.slow();
    const name = unique('Keyboard survey');
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Recent changes' })).toBeVisible();
    await page.keyboard.press('g');
    await page.keyboard.press('v');
    await expect(page).toHaveURL(/\/campaigns$/);
    const listBody = page.getByRole('table', { name: 'Campaigns' }).locator('tbody');
    await expect(listBody).toBeFocused();
    // Shift+Enter opens the active campaign in the side panel; Escape gives the focus back to the list.
    await page.keyboard.press('j');
    await page.keyboard.press('Shift+Enter');
    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('region', { name: 'Counts' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(listBody).toBeFocused();
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/campaigns\/campaign\/create$/);
    await expect(page.getByLabel('Campaign Name')).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Survey Type')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Campaign Question')).toBeFocused();
    await page.keyboard.type('Would you recommend us?');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/campaigns\?.*selected=[0-9a-f-]{36}/);

    // Two answers from two patients, then the grid by keyboard.
    await page.getByLabel('Filter campaigns').fill(name);
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByRole('table', { name: 'Campaigns' }).locator('tbody tr')).toHaveCount(1);
    await page.getByRole('row').filter({ hasText: name }).getByRole('link', { name }).click();
    const surveyPath = new URL((await page.getByRole('link', { name: /\/survey\// }).textContent())!).pathname;
    const patient = await patientPhone(browser);
    for (const [who, answer] of [['kb-a', 'Thumbs up'], ['kb-b', 'Thumbs down']] as const) {
      await patient.page.goto(`${surveyPath}?externalId=${unique(who).replace(/\s/g, '-')}`);
      await patient.page.getByText(answer, { exact: true }).click();
      await patient.page.getByRole('button', { name: 'Send' }).click();
      await expect(patient.page.getByText(messages.surveyThanks)).toBeVisible();
    }
    await patient.context.close();

    await page.getByRole('link', { name: 'Results' }).click();
    await expect(page.getByText(campaignResponseCount(2), { exact: true })).toBeVisible();
    const body = page.getByRole('table', { name: `Responses to ${name}` }).locator('tbody');
    await expect(body).toBeFocused();
    for (const key of ['j', 'j', 'k'] as const) await pressListKey(page, body.locator('tr'), key, { active: '[data-active]' });
    const active = (await body.locator('tr[data-active]').textContent())!;
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
    await expect(h1(page, /^Campaign Result for: /)).toBeVisible();
    expect(active).toContain((await shown(page, 'Would you recommend us\\?').textContent())!.replace(/ \(\d\)$/, ''));

    await page.keyboard.press('Control+k');
    await page.keyboard.type('Create campaign');
    await expect(page.getByRole('option', { name: /Create campaign/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/campaigns\/campaign\/create$/);
    await expect(page.getByLabel('Campaign Name')).toBeFocused();
  });

  test('phone 390×844 and axe: list, create, campaign, results, response, and the patients’ page', async ({ page, browser }) => {
    test.slow();
    const name = unique('Phone check');
    const id = await createCampaign(page, { name, surveyType: 'three', question: 'How was the call?', commentLabel: 'Tell us more' });
    await page.setViewportSize(phone);

    await page.goto('/campaigns');
    await expect(page.getByRole('table', { name: 'Campaigns' }).locator('tbody tr').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    await page.goto('/campaigns/campaign/create');
    await expect(h1(page, 'Create New Campaign')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // The patients' page (axe needs its script injected: this context bypasses the CSP).
    const patientContext = await browser.newContext({ viewport: phone, storageState: { cookies: [], origins: [] } });
    const patient = await patientContext.newPage();
    await patient.goto(`/survey/${id}?externalId=${unique('phone').replace(/\s/g, '-')}`);
    await expect(patient.getByRole('radiogroup', { name: 'How was the call?' })).toBeVisible();
    await expectNoHorizontalOverflow(patient);
    await expectNoAxeViolations(patient);
    await patient.getByRole('button', { name: 'Send' }).click();
    await expect(patient.getByRole('alert')).toHaveText('Please choose an answer.');
    await expect(patient.getByRole('radio', { name: 'Good' })).toBeFocused();
    await patient.getByText('Bad', { exact: true }).click();
    await patient.getByLabel('Tell us more').fill('The hold music was loud');
    await patient.getByRole('button', { name: 'Send' }).click();
    await expect(patient.getByText(messages.surveyThanks)).toBeVisible();
    await expectNoAxeViolations(patient);
    await patientContext.close();

    await page.goto(`/campaigns/campaign/${id}`);
    await expect(page.getByRole('img', { name: /Bad 1/ })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    await page.goto(`/campaigns/campaign/${id}/results`);
    await expect(page.getByText(campaignResponseCount(1), { exact: true })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await page.getByRole('table', { name: `Responses to ${name}` }).locator('tbody tr').first().click();
    await expect(h1(page, /^Campaign Result for: /)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
  });
});

test.describe('campaigns: the patients’ page (issue 24)', () => {
  test.use({ storageState: storageState('manager') });

  for (const [size, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone 390×844', phone]] as const) {
    test(`${size}: a missing answer is said by its question; reopening an answered link says it was received; axe`, async ({ page, browser }) => {
      const id = await createCampaign(page, { name: unique('Trust first'), surveyType: 'three', question: 'How was the visit?', commentLabel: 'Tell us more' });
      // axe needs its script injected: this context bypasses the CSP.
      const context = await browser.newContext({ viewport, storageState: { cookies: [], origins: [] } });
      const patient = await context.newPage();
      // The patient's own link, with its token (issue 40: only that link hears "already received").
      const made = await (await signedInApi(page)).send('GET', `/surveys/campaigns/${id}/link?externalId=${unique('trust').replace(/\s/g, '-')}`);
      const url = new URL(((await made.json()) as { url: string }).url);
      const link = `${url.pathname}${url.search}`;
      await patient.goto(link);
      const group = patient.getByRole('radiogroup', { name: 'How was the visit?' });
      await expect(group).toBeVisible();

      await patient.getByRole('button', { name: 'Send' }).click();
      // The message is the question's: inside its group, between the question and the choices, its description.
      const message = group.getByText('Please choose an answer.');
      await expect(message).toBeVisible();
      await expect(group).toHaveAttribute('aria-invalid', 'true');
      await expect(group).toHaveAccessibleDescription('Please choose an answer.');
      await expect(group.getByRole('radio', { name: 'Good' })).toBeFocused();
      const [legend, shown, choice] = await Promise.all([group.locator('legend').boundingBox(), message.boundingBox(), group.getByText('Good', { exact: true }).boundingBox()]);
      expect(shown!.y).toBeGreaterThan(legend!.y);
      expect(shown!.y).toBeLessThan(choice!.y);
      await expectNoAxeViolations(patient);

      await group.getByText('Good', { exact: true }).click();
      await expect(group).not.toHaveAttribute('aria-invalid', 'true');
      await patient.getByRole('button', { name: 'Send' }).click();
      await expect(patient.getByText(messages.surveyThanks)).toBeVisible();

      // The same link opened again: the page asks the server and says the answer was received, no form.
      await patient.goto(link);
      await expect(h1(patient, 'Already received')).toBeFocused();
      await expect(patient.getByText(messages.surveyAlreadyReceived)).toBeVisible();
      await expect(patient.getByRole('radiogroup')).toHaveCount(0);
      await expect(patient.getByRole('button', { name: 'Send' })).toHaveCount(0);
      await expectNoHorizontalOverflow(patient);
      await expectNoAxeViolations(patient);
      await context.close();
    });
  }
});

test.describe('campaigns: the create form’s messages (issue 24)', () => {
  test.use({ storageState: storageState('manager') });

  for (const [size, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone 390×844', phone]] as const) {
    test(`${size}: a too-long and a missing field each say their label, in sentence case, by the field; axe`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/campaigns/campaign/create');
      await expect(h1(page, 'Create New Campaign')).toBeVisible();
      const name = page.getByLabel('Campaign Name');
      // A pasted text longer than the bound (the box's maxlength is a hint; the rule is the schema's).
      await name.evaluate((element) => element.removeAttribute('maxlength'));
      await name.fill('x'.repeat(201));
      await page.getByRole('button', { name: 'Create Survey' }).click();
      await expect(name).toHaveAccessibleDescription(/Campaign Name must be at most 200 characters/);
      await expect(page.getByLabel('Campaign Question')).toHaveAccessibleDescription(/Campaign Question is required/);
      await expect(page.getByText('Campaign Name must be at most 200 characters', { exact: true })).toBeVisible();
      await expect(page.getByText('Campaign Question is required', { exact: true })).toBeVisible();
      // No message by a field starts in lower case or names an API key.
      const shownMessages = await page.locator('[data-slot="field-error"]').allTextContents();
      expect(shownMessages.length).toBeGreaterThanOrEqual(2);
      for (const text of shownMessages) {
        expect(text.trim(), text).toMatch(/^[A-Z]/);
        expect(text, text).not.toMatch(/\b[a-z]+[A-Z][A-Za-z]*\b/);
      }
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('campaigns: Read Only', () => {
  test.use({ storageState: storageState('viewer') });

  test('sees campaigns and results, but no Create, no Edit, no C, no palette command; the create page says why', async ({ page }) => {
    await page.goto('/campaigns');
    await expect(page.getByRole('table', { name: 'Campaigns' }).locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /^Create/ })).toHaveCount(0);
    await page.getByRole('table', { name: 'Campaigns' }).locator('tbody').focus();
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/campaigns$/);

    await page.getByRole('table', { name: 'Campaigns' }).locator('tbody tr').first().getByRole('link').click();
    await expect(page).toHaveURL(/\/campaigns\/campaign\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('link', { name: 'Results' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);

    await page.keyboard.press('Control+k');
    await page.keyboard.type('Create campaign');
    await expect(page.getByRole('option', { name: /Create campaign/ })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/campaigns/campaign/create');
    await expect(page.getByText("You don't have permission to create campaigns.")).toBeVisible();
    await expect(page.getByLabel('Campaign Name')).toHaveCount(0);
  });
});
