import { expect, test, type Page } from './fixtures.ts';
import { maskingMessages, type MaskingSession } from '../domain/masking.ts';
import { optedOutText } from '../domain/opt-out.ts';
import { e2ePort } from '../playwright.config.ts';
import { connect } from '../server/db/client.ts';
import { createSimulatedTelephony } from '../server/integrations/telephony/simulator.ts';
import { freshRoleHolder, signInAs } from './fresh-user.ts';
import { expectNoAxeViolations, expectNoHorizontalOverflow, signedInApi, storageState, tabTo } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

const sessionUrl = /\/practice\/masked-calls\/[A-Za-z0-9_-]{22}$/;
const listUrl = /\/practice\/masked-calls(\?.*)?$/;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const table = (page: Page) => page.getByRole('table', { name: 'Masked calls' });

/** A patient number of this run, so the tests find their own sessions among others. */
const patientNumber = () => `(503) 555-${String(1000 + Math.floor(Math.random() * 9000))}`;

/** The value shown next to a label on the session's page. */
const shown = (page: Page, label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** Opens the palette, runs "Set up masked call"; the form starts at the patient number. */
async function setUpFromPalette(page: Page) {
  await page.goto('/home');
  await expect(h1(page)).toBeFocused();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await page.keyboard.type('Set up masked call');
  await expect(palette.getByRole('option', { name: /^Set up masked call/ }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/practice\/masked-calls\/create$/);
  await expect(page.getByLabel('Patient number')).toBeFocused();
}

/** Chooses the first practice line by keyboard (the select focused, Arrow Down). */
async function chooseLine(page: Page) {
  const line = page.getByLabel('Practice line');
  await expect(line.locator('option')).not.toHaveCount(1);
  await tabTo(page, line);
  await line.selectOption({ index: 1 });
  await expect(line).not.toHaveValue('');
}

test.describe('practice administrator: masked calls', () => {
  test.use({ storageState: storageState('manager') });

  test('by keyboard: the palette sets one up, bad input is mended in place, the session shows its link, End session ends it', async ({ page }) => {
    const number = patientNumber();
    await setUpFromPalette(page);

    await test.step('bad input: the field says why, keeps what was typed, and takes the focus', async () => {
      await page.keyboard.type('555-12');
      await chooseLine(page);
      const calls = page.getByLabel('Calls allowed');
      await expect(calls).toHaveAttribute('placeholder', '3');
      await tabTo(page, calls);
      await page.keyboard.type('0');
      await page.keyboard.press('Enter');
      await expect(page.getByText(maskingMessages.patientNumberInvalid)).toBeVisible();
      await expect(page.getByText(maskingMessages.boundMessage('Calls allowed', 1, 10))).toBeVisible();
      await expect(page.getByLabel('Patient number')).toBeFocused();
      await expect(page.getByLabel('Patient number')).toHaveValue('555-12');
      await expect(calls).toHaveValue('0');
      await expect(page).toHaveURL(/\/create$/);
    });

    await test.step('mended and saved: the new session\'s page, with its link to copy', async () => {
      await page.getByLabel('Patient number').fill(number);
      await tabTo(page, page.getByLabel('Calls allowed'));
      await page.keyboard.press('Control+a');
      await page.keyboard.type('2');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(sessionUrl);
      await expect(h1(page)).toHaveText(`Masked call for ${number}`);
      await expect(h1(page)).toBeFocused();
      await expect(shown(page, 'Status')).toHaveText('Active');
      await expect(shown(page, 'Calls')).toHaveText('0 of 2 used');
      await expect(shown(page, 'Patient number')).toHaveText(number);
      const id = page.url().split('/').pop()!;
      await expect(page.getByTestId('masking-link')).toHaveText(new RegExp(`/mask/${id}$`));
      await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    });

    await test.step('End session: asked first, then Ended, the button gone, focus on the heading', async () => {
      const end = page.getByRole('button', { name: 'End session' });
      await tabTo(page, end);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'End this masked call?' });
      await expect(dialog).toBeVisible();
      await tabTo(page, dialog.getByRole('button', { name: 'End session' }));
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(shown(page, 'Status')).toHaveText('Ended');
      await expect(page.getByRole('button', { name: 'End session' })).toHaveCount(0);
      await expect(h1(page)).toBeFocused();
    });

    await test.step('the list: newest first, Ended; Enter on the row opens the session', async () => {
      await page.goto('/practice/masked-calls');
      const first = table(page).locator('tbody tr').first();
      await expect(first).toContainText(number);
      await expect(first).toContainText('Ended');
      await expect(first).toContainText('0 of 2');
      await table(page).locator('tbody').focus();
      await expect(first).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Shift+Enter');
      const panel = page.getByRole('dialog', { name: 'Masked call' });
      await expect(panel.getByRole('heading', { name: `Masked call for ${number}` })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await table(page).locator('tbody').focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(sessionUrl);
      await expect(h1(page)).toHaveText(`Masked call for ${number}`);
    });
  });

  test('the Practice menu and G X lead to the list; C there sets one up; a row click opens the session', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Practice', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Masked calls' }).click();
    await expect(page).toHaveURL(listUrl);
    await expect(h1(page)).toHaveText('Masked calls');
    await page.goto('/home');
    await expect(h1(page)).toBeFocused();
    await page.keyboard.press('g');
    await page.keyboard.press('x');
    await expect(page).toHaveURL(listUrl);
    await expect(table(page).locator('tbody tr').first()).toBeVisible();
    await table(page).locator('tbody').focus();
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/practice\/masked-calls\/create$/);
    await expect(page.getByLabel('Patient number')).toBeFocused();

    // Not texted: set up to copy the link (the checkbox off), then found in the list by its number.
    const number = patientNumber();
    await page.keyboard.type(number);
    await chooseLine(page);
    await page.getByLabel('Text the link to the patient').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(sessionUrl);
    await expect(shown(page, 'Text')).toHaveText('Not texted: the link is shared by staff');
    await page.getByRole('link', { name: 'Masked calls' }).click();
    await expect(page).toHaveURL(listUrl);
    await page.getByLabel('Filter masked calls').fill(number.replace(/\D/g, '').slice(-7));
    await expect(table(page).locator('tbody tr')).toHaveCount(1);
    await table(page).locator('tbody tr').first().getByRole('cell', { name: 'Active' }).click();
    await expect(page).toHaveURL(sessionUrl);
    await expect(h1(page)).toHaveText(`Masked call for ${number}`);
  });

  test("from a person's page: the session is for that person, who is a link on its page", async ({ page }) => {
    await page.goto('/practice/persons');
    const person = page.getByRole('table', { name: 'Persons' }).locator('tbody tr').first().getByRole('link').filter({ hasNotText: /^[0-9a-f-]{36}$/ });
    const name = (await person.textContent())!.trim();
    await person.click();
    await expect(page).toHaveURL(/\/practice\/persons\/[0-9a-f-]{36}$/);
    const personUrl = page.url();
    const setUp = page.getByRole('link', { name: 'Set up masked call' });
    await tabTo(page, setUp);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/practice\/masked-calls\/create\?personId=[0-9a-f-]{36}$/);
    await expect(page.getByLabel('Patient number')).toBeFocused();
    await expect(page.getByText(`For ${name}`)).toBeVisible();
    await page.keyboard.type(patientNumber());
    await chooseLine(page);
    // Enter on a select opens its list: the keyboard goes on to Save.
    await tabTo(page, page.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(sessionUrl);
    await expect(h1(page)).toHaveText(`Masked call for ${name}`);
    const sessionPage = page.url();
    await shown(page, 'Person').getByRole('link', { name }).click();
    await expect(page).toHaveURL(personUrl);

    // The person's page lists their masked call links (issue 42): the new one, Active, set up and ending; its name is the link to it.
    const links = page.getByRole('list', { name: 'Masked calls of this person' });
    const newest = links.getByRole('listitem').first();
    await expect(newest).toContainText('Active');
    await expect(newest).toContainText('Ends');
    await tabTo(page, newest.getByRole('link'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(sessionPage);
  });

  test("from a call's page: the form starts with the call's patient number, and the session is linked to the call (issue 42)", async ({ page }) => {
    // A dialable number of this run (the exchange starts with 5: never 0 or 1).
    const digits = `5${String(Date.now() % 1e6).padStart(6, '0')}`;
    const number = `+1503${digits}`;
    const helper = await page.context().newPage();
    const api = await signedInApi(helper);
    const created = await api.send('POST', '/interactions/interactions', {
      startTimestamp: new Date(Date.now() - 60_000).toISOString(),
      direction: 'inbound',
      status: 'completed',
      patient: { name: `Masha Caller ${digits}`, contactNumber: number },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await helper.close();

    await page.goto(`/interactions/${id}`);
    await expect(h1(page)).toContainText(`Masha Caller ${digits}`);
    const setUp = page.getByRole('link', { name: 'Set up masked call' });
    await tabTo(page, setUp);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/practice/masked-calls/create\\?interactionId=${id}$`));
    await expect(page.getByLabel('Patient number')).toBeFocused();
    await expect(page.getByLabel('Patient number')).toHaveValue(number);
    await chooseLine(page);
    await tabTo(page, page.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(sessionUrl);
    const sessionId = page.url().split('/').pop()!;
    const reader = await page.context().newPage();
    const session = (await (await (await signedInApi(reader)).send('GET', `/call_masking/sessions/${sessionId}`)).json()) as { interactionId: string; patientNumber: string };
    await reader.close();
    expect(session).toMatchObject({ interactionId: id, patientNumber: number });
  });
});

test.describe('an opted-out patient (issue 42)', () => {
  test.use({ storageState: storageState('manager') });

  test('who texted STOP to the practice gets no text: setting up a masked call says why the link was not texted, and the carrier sent nothing', async ({ page }) => {
    const database = connect(`postgres://postgres:postgres@localhost:${e2ePort + 7}/astera`, 1);
    try {
      // A dialable number of this run (the exchange starts with 5: never 0 or 1).
      const digits = `5${String(Date.now() % 1e6).padStart(6, '0')}`;
      const typed = `(503) ${digits.slice(0, 3)}-${digits.slice(3)}`;
      const number = `+1503${digits}`;
      // The practice's texting number: the one a first session (not texted) calls the patient from.
      const helper = await page.context().newPage();
      const api = await signedInApi(helper);
      const lines = (await (await api.send('GET', '/contactpoints/contact-points?limit=50')).json()) as { items: { id: string; system: string }[] };
      const first = await api.send('POST', '/call_masking/sessions', { patientNumber: number, practiceContactPointId: lines.items.find((l) => l.system === 'PHONE')!.id, sendText: false });
      expect(first.status(), await first.text()).toBe(201);
      const { callerNumber, accountId } = (await first.json()) as MaskingSession;
      await helper.close();

      // The patient's phone texts "stop" (any case) to it, through the simulated carrier, which reports it to the portal.
      await createSimulatedTelephony(database.db, { failureRate: 0, outcomeMs: 0 }).receiveMessage({ from: number, to: callerNumber, body: 'stop' });
      await expect
        .poll(async () => (await database.pool.query('select count(*)::int as n from telephony_opt_outs where account_id = $1 and number = $2', [accountId, number])).rows[0].n, { timeout: 20_000 })
        .toBe(1);

      await setUpFromPalette(page);
      await page.keyboard.type(typed);
      await chooseLine(page);
      await expect(page.getByRole('checkbox', { name: 'Text the link to the patient' })).toBeChecked();
      await tabTo(page, page.getByRole('button', { name: 'Save' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(sessionUrl);
      // Said to the staff member in words: the toast and the session's page.
      await expect(page.getByText(`Masked call set up, but the link was not texted. ${optedOutText} Copy the link for the patient.`)).toBeVisible();
      await expect(shown(page, 'Text')).toHaveText(`Not texted. ${optedOutText}`);
      await expect(page.getByTestId('masking-link')).toBeVisible();
      // No text message went to the number: the carrier was never asked.
      const sent = await database.pool.query("select count(*)::int as n from simulators.telephony_sends where kind = 'message' and to_number = $1", [number]);
      expect(sent.rows[0].n).toBe(0);
      const refused = await database.pool.query("select status, reason from telephony_attempts where account_id = $1 and kind = 'message' and to_number = $2", [accountId, number]);
      expect(refused.rows).toEqual([{ status: 'refused', reason: optedOutText }]);
    } finally {
      await database.close();
    }
  });
});

test.describe('a role without the masking sessions grant', () => {
  test.use({ storageState: storageState('admin') });

  test("sees no masked calls on a person's page, and no Set up masked call there or on a call's page", async ({ page, browser }) => {
    const holder = await freshRoleHolder(page, 'No masking', {
      '/permissions/accesspolicy': { GET: true },
      '/person/persons': { GET: true },
      '/person/persons/{id}': { GET: true },
      '/interactions/interactions': { GET: true },
    });
    const user = await signInAs(browser, holder);
    await user.goto(`/practice/persons/${holder.personId}`);
    await expect(user.getByRole('heading', { level: 2, name: 'Details' })).toBeVisible();
    await expect(user.getByRole('heading', { level: 2, name: 'Interactions' })).toBeVisible();
    await expect(user.getByRole('heading', { name: 'Masked calls' })).toHaveCount(0);
    await expect(user.getByRole('link', { name: 'Set up masked call' })).toHaveCount(0);
    await user.goto('/interactions');
    await user.getByRole('table', { name: 'Interactions' }).locator('tbody tr').first().getByRole('link').first().click();
    await expect(user).toHaveURL(/\/interactions\/[0-9a-f-]{36}$/);
    await expect(user.getByRole('heading', { level: 2, name: 'General' })).toBeVisible();
    await expect(user.getByRole('link', { name: 'Set up masked call' })).toHaveCount(0);
    await user.context().close();
  });
});

test.describe('read only', () => {
  test.use({ storageState: storageState('viewer') });

  test('sees the list and a session, but no way to set one up or end one', async ({ page }) => {
    await page.goto('/practice/masked-calls');
    const rows = table(page).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Set up masked call/ })).toHaveCount(0);
    await page.keyboard.press('c');
    await expect(page).toHaveURL(listUrl);
    await table(page).locator('tbody tr').first().getByRole('link').first().click();
    await expect(page).toHaveURL(sessionUrl);
    await expect(page.getByTestId('masking-link')).toBeVisible();
    await expect(page.getByRole('button', { name: 'End session' })).toHaveCount(0);

    await page.goto('/practice/persons');
    await page.getByRole('table', { name: 'Persons' }).locator('tbody tr').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/practice\/persons\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Details' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Set up masked call' })).toHaveCount(0);

    await page.goto('/practice/masked-calls/create');
    await expect(page.getByRole('heading', { level: 1, name: "You don't have permission to set up masked calls." })).toBeVisible();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Set up masked call');
    await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('option', { name: /Set up masked call/ })).toHaveCount(0);
  });
});

for (const [size, viewport] of [
  ['desktop', { width: 1280, height: 720 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`${size} (${viewport.width}×${viewport.height})`, () => {
    test.use({ storageState: storageState('manager'), viewport });

    test('masked call screens fit the width and pass axe', async ({ page }) => {
      test.setTimeout(120_000);
      const check = async () => {
        await expectNoHorizontalOverflow(page);
        await expectNoAxeViolations(page);
      };
      await page.goto('/practice/masked-calls/create');
      await expect(h1(page)).toHaveText('Set up masked call');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.locator('[data-slot="field-error"]').first()).toBeVisible();
      await check();
      const number = patientNumber();
      await page.getByLabel('Patient number').fill(number);
      await chooseLine(page);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(sessionUrl);
      await expect(shown(page, 'Status')).toHaveText('Active');
      // The number in the heading is one word: never broken at its hyphen.
      await expect(h1(page).getByText(number, { exact: true })).toHaveCSS('white-space', 'nowrap');
      await check();
      await page.getByRole('button', { name: 'End session' }).click();
      await expect(page.getByRole('dialog', { name: 'End this masked call?' })).toBeVisible();
      await check();
      await page.keyboard.press('Escape');
      await page.goto('/practice/masked-calls');
      await expect(table(page).locator('tbody tr').first()).toBeVisible();
      await check();
      // A person's page with their masked call links (issue 42).
      const api = await signedInApi(await page.context().newPage());
      const persons = (await (await api.send('GET', '/person/persons?limit=1')).json()) as { Items: { id: string }[] };
      const personId = persons.Items[0]!.id;
      const lines = (await (await api.send('GET', '/contactpoints/contact-points?limit=50')).json()) as { items: { id: string; system: string }[] };
      const line = lines.items.find((l) => l.system === 'PHONE')!;
      const made = await api.send('POST', '/call_masking/sessions', { patientNumber: patientNumber(), practiceContactPointId: line.id, personId, sendText: false });
      expect(made.status(), await made.text()).toBe(201);
      await page.goto(`/practice/persons/${personId}`);
      await expect(page.getByRole('list', { name: 'Masked calls of this person' }).getByRole('listitem').first()).toBeVisible();
      await check();
    });
  });
}
