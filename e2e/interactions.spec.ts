import { expect, test, type Page } from './fixtures.ts';
import pg from 'pg';
import { e2eDataDir, e2ePort } from '../playwright.config.ts';
import { createFileRecordingStore } from '../server/integrations/recordings/files.ts';
import { freshRoleHolder, signInAs } from './fresh-user.ts';
import { expectNoAxeViolations, signedInApi, storageState } from './support.ts';

/**
 * Issue 26 "Interactions": the call history's list and detail as a supervisor uses them: find a
 * call by its number, open it, read its timeline, play and seek its recording (the browser gets
 * 206 answers), comment with a mention that notifies, see new calls arrive in the open list;
 * Read Only reads without edit controls; a role without interactions sees neither tab nor data.
 */

test.use({ storageState: storageState('admin') });

/** The e2e server's recordings store (playwright.config.ts: DATA_DIR). */
const recordings = createFileRecordingStore(`${e2eDataDir}/recordings`);

/** A playable WAV of `seconds` of a quiet tone (8 kHz, 16-bit mono): big enough that a seek asks for a later part. */
function wav(seconds: number): Uint8Array {
  const rate = 8000;
  const samples = rate * seconds;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVEfmt ', 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) buffer.writeInt16LE(Math.round(800 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return new Uint8Array(buffer);
}

/** Ten digits no other test uses: the call's number (US style, spec §5). */
const uniqueNumber = () => {
  const digits = String(Date.now() % 1e7).padStart(7, '0');
  return { typed: `(312) ${digits.slice(0, 3)}-${digits.slice(3)}`, e164: `+1312${digits}` };
};

type Created = { id: string; accountId: string };

/** A call of three events on two legs, the second leg with a recording, POSTed through the API as the signed-in user. */
async function createCall(page: Page, patientName: string, number: string, recordingSeconds = 0) {
  // Its own page: taking the token opens /home, which must not move the page under test.
  const helper = await page.context().newPage();
  const api = await signedInApi(helper);
  const start = new Date(Date.now() - 10 * 60_000);
  const at = (seconds: number) => new Date(start.getTime() + seconds * 1000).toISOString();
  const recording = recordingSeconds > 0 ? wav(recordingSeconds) : null;
  const response = await api.send('POST', '/interactions/interactions', {
    startTimestamp: at(0),
    endTimestamp: at(300),
    direction: 'inbound',
    status: 'completed',
    patient: { name: patientName, contactNumber: number },
    queue: { queueId: 'e2e-front-desk', queueName: 'Front Desk' },
    events: [
      { id: 'ev-inbound', type: 'inbound', startTimestamp: at(0), leg: 1, details: { contactId: 'e2e-contact-1', channel: 'VOICE' } },
      { id: 'ev-enqueued', type: 'enqueued', startTimestamp: at(5), duration: 40, leg: 1, queueId: 'e2e-front-desk', queueName: 'Front Desk', details: { queue: 'Front Desk' } },
      {
        id: 'ev-agent',
        type: 'connectedToAgent',
        startTimestamp: at(45),
        duration: 200,
        leg: 2,
        agentName: 'Maria Lopez',
        details: { agent: 'Maria Lopez', marker: 'raw-details-of-the-agent-leg' },
        recordings: recording ? [{ path: 'call.wav', contentType: 'audio/wav', durationSeconds: recordingSeconds, size: recording.length }] : [],
      },
      { id: 'ev-disposition', type: 'disposition', startTimestamp: at(250), leg: 2, disposition: 'Appointment booked', details: {} },
    ],
    participants: [
      { role: 'patient', name: patientName, contactNumber: number, legs: [1, 2] },
      { role: 'agent', name: 'Maria Lopez', legs: [2] },
    ],
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  // The store keeps a recording under its account (the answer to POST is the id alone).
  const created = (await (await api.send('GET', `/interactions/interactions/${id}`)).json()) as Created;
  await helper.close();
  if (recording) await recordings.put(`${created.accountId}/${created.id}/ev-agent/call.wav`, recording, 'audio/wav');
  return created;
}

const list = (page: Page) => page.getByRole('table', { name: 'Interactions' });

test('a call is found by its number, opened, its event expanded, its recording played and sought with 206 answers', async ({ page }) => {
  test.setTimeout(120_000);
  const number = uniqueNumber();
  const name = `Ada Recording ${Date.now()}`;
  const call = await createCall(page, name, number.typed, 60);

  await page.goto('/interactions');
  await page.getByLabel('Find by patient or number').fill(number.typed.replace(/\D/g, '').slice(3));
  await page.getByLabel('Find by patient or number').press('Enter');
  await expect(list(page).locator('tbody tr')).toHaveCount(1);
  await expect(page).toHaveURL(/q=/);
  await list(page).getByRole('link', { name }).click();

  await expect(page).toHaveURL(new RegExp(`/interactions/${call.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
  for (const section of ['General', 'Durations', 'Participants', 'Queues', 'Events', 'Comments']) await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  const general = page.getByRole('region', { name: 'General' });
  await expect(general.getByText('Appointment booked')).toBeVisible();
  // Durations per leg in minutes and seconds: leg 1 waited 0:40, leg 2 talked 3:20.
  const durations = page.getByRole('table', { name: 'Durations per leg' });
  await expect(durations.getByRole('row').nth(1)).toContainText('0:40');
  await expect(durations.getByRole('row').nth(2)).toContainText('3:20');

  // The event's raw details open by keyboard.
  const events = page.getByRole('region', { name: 'Events' });
  await expect(events.getByText('Leg 2').first()).toBeVisible();
  const details = events.getByRole('button', { name: /^Details of Connected to agent/ });
  await details.focus();
  await page.keyboard.press('Enter');
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(events.getByText('raw-details-of-the-agent-leg')).toBeVisible();

  // Play and seek: the player asks for parts of the file, and the browser gets 206 answers.
  const partial: { status: number; range: string | undefined; contentRange: string | undefined }[] = [];
  page.on('response', (response) => {
    if (response.url().includes(`/interactions/interactions/${call.id}/events/ev-agent/recordings/call.wav`)) {
      partial.push({ status: response.status(), range: response.request().headers()['range'], contentRange: response.headers()['content-range'] });
    }
  });
  const player = events.getByLabel('Recording of leg 2');
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.readyState)).toBeGreaterThanOrEqual(1);
  expect(await player.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeCloseTo(60, 0);
  // Every play and pause the player makes: one Space is one toggle, never two (Chromium's own
  // player toggles a focused <audio> on the key's release too).
  await player.evaluate((audio: HTMLAudioElement) => {
    const toggles: string[] = [];
    (window as unknown as { toggles: string[] }).toggles = toggles;
    audio.addEventListener('play', () => toggles.push('play'));
    audio.addEventListener('pause', () => toggles.push('pause'));
  });
  const toggles = () => page.evaluate(() => (window as unknown as { toggles: string[] }).toggles.join(' '));
  await player.focus();
  // The press plays (held: its repeats do nothing more); the release does not toggle again.
  await page.keyboard.down('Space');
  await page.keyboard.down('Space');
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => !audio.paused && audio.currentTime > 0)).toBe(true);
  await page.keyboard.up('Space');
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(await player.evaluate((audio: HTMLAudioElement) => audio.currentTime));
  expect(await player.evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(false);
  expect(await toggles()).toBe('play');
  await page.keyboard.press('Space');
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(true);
  expect(await toggles()).toBe('play pause');
  await expect(player).toBeFocused();
  const before = await player.evaluate((audio: HTMLAudioElement) => audio.currentTime);
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThanOrEqual(before + 29);
  await page.keyboard.press('Space');
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(before + 30);
  await page.keyboard.press('Space');
  expect(partial.length).toBeGreaterThan(0);
  expect(partial.filter((r) => r.status === 206 && /^bytes \d+-\d+\/\d+$/.test(r.contentRange ?? ''))).not.toHaveLength(0);
  expect(partial.every((r) => r.status === 206 || r.status === 200)).toBe(true);
});

test.describe('as the practice administrator', () => {
  test.use({ storageState: storageState('manager') });

  test('a comment mentioning a user by keyboard notifies them, with a link to the call', async ({ page, browser }) => {
  const call = await createCall(page, `Ben Comment ${Date.now()}`, uniqueNumber().typed);
  await page.goto(`/interactions/${call.id}`);
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await box.fill('Please call back ');
  await box.pressSequentially('@Vic');
  const options = page.getByRole('listbox', { name: 'Users to mention' });
  await expect(options.getByRole('option', { name: /Victor Chen/ })).toBeVisible();
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  // Enter picks the active user (not a new line).
  await box.press('Enter');
  await expect(options).toHaveCount(0);
  await expect(box).toHaveValue('Please call back @Victor Chen ');
  await box.pressSequentially('today.');
  await page.getByRole('button', { name: 'Add Comment' }).click();
  const comments = page.getByRole('list', { name: 'Comments' });
  await expect(comments.getByText(/Please call back/)).toBeVisible();
  await expect(comments.locator('strong', { hasText: '@Victor Chen' })).toBeVisible();
  await expect(box).toHaveValue('');

  // Victor (Read Only, who may read calls) sees the notification, linking to the call.
  const context = await browser.newContext({ storageState: storageState('viewer') });
  const viewer = await context.newPage();
  const api = await signedInApi(viewer);
  await expect
    .poll(async () => {
      const body = (await (await api.send('GET', '/notifications/notifications?limit=50')).json()) as { items: { jumpPath: string | null; title: string }[] };
      return body.items.find((n) => n.jumpPath === `/interactions/${call.id}`)?.title ?? null;
    })
    .toBe('You were mentioned on an interaction');
  await context.close();
});
  test('the @ picker offers only users who may be mentioned (who may read calls), and the comment is accepted', async ({ page }) => {
    // Two new users of the account sharing a family name: one Read Only (reads calls), one Scheduler
    // (does not). The practice administrator may grant neither role (each has grants theirs lacks),
    // so the e2e database is told their roles directly.
    const family = `Mentionee${Date.now()}`;
    const helper = await page.context().newPage();
    const api = await signedInApi(helper);
    const ids: Record<string, string> = {};
    for (const given of ['Rita', 'Sam']) {
      const person = await api.send('POST', '/person/persons', { name: [{ use: 'official', given: [given], family, prefix: [], suffix: [] }], communication: [] });
      expect(person.status()).toBe(201);
      ids[given] = ((await person.json()) as { id: string }).id;
      const user = await api.send('POST', `/person/users/${ids[given]}`, { email: `${given.toLowerCase()}-${family.toLowerCase()}@astera.test`, principalId: `e2e|${given}-${family}` });
      expect(user.status(), await user.text()).toBe(201);
    }
    const db = new pg.Client({ connectionString: `postgres://postgres:postgres@localhost:${e2ePort + 7}/astera` });
    await db.connect();
    const roleOf = "(select id from roles where account_id = users.account_id and name = $2)";
    await db
      .query(`update users set role_id = ${roleOf} where person_id = $1`, [ids.Rita, 'Read Only'])
      .then(() => db.query(`update users set role_id = ${roleOf} where person_id = $1`, [ids.Sam, 'Scheduler']))
      .finally(() => db.end());
    await helper.close();
    const call = await createCall(page, `Mo Mention ${Date.now()}`, uniqueNumber().typed);
    await page.goto(`/interactions/${call.id}`);
    const box = page.getByRole('textbox', { name: 'Add a comment' });
    await box.pressSequentially(`@${family}`);
    const options = page.getByRole('listbox', { name: 'Users to mention' }).getByRole('option');
    await expect(options).toHaveText([`Rita ${family}`]);
    await box.press('ArrowDown');
    await box.press('Tab');
    await expect(box).toHaveValue(`@Rita ${family} `);
    await box.press('Control+Enter');
    await expect(page.getByRole('list', { name: 'Comments' }).locator('strong', { hasText: `@Rita ${family}` })).toBeVisible();
  });
});

test('a new call appears at the top of the open list without a reload, and J/K/Enter move and open', async ({ page }) => {
  await createCall(page, `Cy First ${Date.now()}`, uniqueNumber().typed);
  await page.goto('/interactions');
  await expect(list(page).locator('tbody tr').first()).toBeVisible();
  // Keyboard: J moves down, K back up; the active row stays where it was when a call arrives.
  await page.locator('body').press('j');
  await page.keyboard.press('j');
  const active = list(page).locator('tbody tr[aria-selected="true"]');
  await expect(active).toHaveCount(1);
  const activeName = await active.getByRole('link').innerText();

  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  const name = `Dee Arrived ${Date.now()}`;
  await createCall(page, name, uniqueNumber().typed);
  await expect(list(page).locator('tbody tr').first().getByRole('link', { name })).toBeVisible();
  expect(reloaded).toBe(false);
  await expect(list(page).locator('tbody tr[aria-selected="true"]').getByRole('link')).toHaveText(activeName);

  await page.keyboard.press('k');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/interactions\/[0-9a-f-]{36}$/);
});

test('filters live in the URL and survive a reload; the palette goes to Interactions with G I', async ({ page }) => {
  await page.goto('/home');
  await page.locator('body').press('g');
  await page.keyboard.press('i');
  await expect(page).toHaveURL(/\/interactions$/);
  await page.getByLabel('Status').selectOption('abandoned');
  await expect(page).toHaveURL(/status=abandoned/);
  await page.getByLabel('Escalation').selectOption('yes');
  await expect(page).toHaveURL(/escalated=yes/);
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('abandoned');
  await expect(page.getByLabel('Escalation')).toHaveValue('yes');
  await expectNoAxeViolations(page);
});

test('a missing call says Interaction Not Found', async ({ page }) => {
  await page.goto('/interactions/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Interaction Not Found' })).toBeVisible();
});

test('edit changes status and escalation with the version; delete offers Undo', async ({ page }) => {
  const name = `Eve Edit ${Date.now()}`;
  const call = await createCall(page, name, uniqueNumber().typed);
  await page.goto(`/interactions/${call.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('Disposition')).toBeFocused();
  await page.getByLabel('Status').selectOption('follow-up');
  await page.getByLabel('Escalated').check();
  await page.getByLabel('Escalation type').selectOption('clinical');
  await page.getByLabel('Agent notes').fill('Call back about the referral.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Successfully Saved Interaction')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeFocused();
  const general = page.getByRole('region', { name: 'General' });
  await expect(general.getByText('Follow-up')).toBeVisible();
  await expect(general.getByText('Escalated: Clinical')).toBeVisible();
  await expect(general.getByText('Call back about the referral.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/interactions$/);
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.goto(`/interactions/${call.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
});

test.describe('Read Only', () => {
  test.use({ storageState: storageState('viewer') });

  test('sees the history and no edit controls', async ({ page, browser }) => {
    // The practice administrator of the Read Only user's account logs the call.
    const context = await browser.newContext({ storageState: storageState('manager') });
    const name = `Fay Viewer ${Date.now()}`;
    const call = await createCall(await context.newPage(), name, uniqueNumber().typed);
    await context.close();
    await page.goto('/interactions');
    await expect(page.getByRole('link', { name: 'Interactions' }).first()).toBeVisible();
    await page.goto(`/interactions/${call.id}`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Events' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Add a comment' })).toHaveCount(0);
  });
});

test('a role without interactions sees neither the tab nor the data', async ({ page, browser }) => {
  const holder = await freshRoleHolder(page, 'No calls', { '/permissions/accesspolicy': { GET: true }, '/person/persons': { GET: true } });
  const user = await signInAs(browser, holder);
  await expect(user.getByRole('navigation').getByRole('link', { name: 'Interactions' })).toHaveCount(0);
  await user.goto('/interactions');
  await expect(user.getByText("You don't have permission to see interactions.")).toBeVisible();
  await expect(user.getByRole('table', { name: 'Interactions' })).toHaveCount(0);
  const api = await signedInApi(user);
  expect((await api.send('GET', '/interactions/interactions')).status()).toBe(403);
  await user.context().close();
});

/** Words (and phone numbers, times, durations) of the list that a line break cut in two. */
function brokenWords(page: Page) {
  return list(page).evaluate((table) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (range.getClientRects().length > 1) broken.push(word[0]);
      }
    }
    // A phone number, a duration, a date and a time are each one piece, though some hold spaces.
    for (const piece of table.querySelectorAll('td .tabular-nums, td time > span')) if (piece.getClientRects().length > 1) broken.push(piece.textContent ?? '');
    return broken;
  });
}

test('on a desktop (1280 and 1024 wide) every column of the list fits without scrolling sideways, no word or number broken; the filters are all shown', async ({ page }) => {
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/interactions');
    const table = list(page);
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const box = await table.evaluate((element) => ({ scrollWidth: element.parentElement!.scrollWidth, clientWidth: element.parentElement!.clientWidth }));
    expect(box.scrollWidth, `the table's scroll width at ${width}`).toBeLessThanOrEqual(box.clientWidth);
    await expect(table.getByRole('columnheader', { name: 'Escalated' })).toBeInViewport({ ratio: 1 });
    await expect(table.locator('tbody tr').first().locator('td').last()).toBeInViewport({ ratio: 1 });
    expect(await brokenWords(page), `at ${width}`).toEqual([]);
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
    await expect(page.getByLabel('Status')).toBeVisible();
  }
});

test.describe('phone size', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the filters sit behind a Filters button (closed, counting the active ones, by keyboard); the list comes first; J/K still work; axe passes', async ({ page }) => {
    await page.goto('/interactions');
    const table = list(page);
    await expect(table.locator('tbody tr').first()).toBeInViewport();
    const button = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Status')).toBeHidden();
    await expectNoAxeViolations(page);
    // J/K move in the list as before.
    await page.locator('body').press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await expect(table.locator('tbody tr[aria-selected="true"]')).toHaveCount(1);

    // Enter opens, Space closes; focus stays on the button.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(button).toBeFocused();
    await expect(page.getByLabel('Status')).toBeVisible();
    await expect(page.getByLabel('Disposition')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Direction').selectOption('inbound');
    await expect(page).toHaveURL(/direction=inbound/);
    const counted = page.getByRole('button', { name: 'Filters (1)' });
    await expect(counted).toHaveAttribute('aria-expanded', 'true');
    await counted.focus();
    await page.keyboard.press('Space');
    await expect(counted).toHaveAttribute('aria-expanded', 'false');
    await expect(counted).toBeFocused();
    await expect(page.getByLabel('Direction')).toBeHidden();

    // Filters from the URL are counted; the list is still what the first screen shows.
    await page.goto('/interactions?direction=inbound&status=completed');
    await expect(page.getByRole('button', { name: 'Filters (2)' })).toHaveAttribute('aria-expanded', 'false');
    await expect(table.locator('tbody tr').first()).toBeInViewport();
  });

  test('the list scrolls sideways inside its box, numbers and words unbroken; the detail fits; axe passes', async ({ page }) => {
    const number = uniqueNumber();
    const call = await createCall(page, `Gus Phone ${Date.now()}`, number.typed);
    await page.goto('/interactions');
    const table = list(page);
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    expect(await table.evaluate((element) => getComputedStyle(element.parentElement!).overflowX)).toBe('auto');
    // Every cell but the patient's name stays on one line (numbers, times, durations never break).
    const wrapped = await table.locator('tbody tr').first().evaluate((row) =>
      [...row.querySelectorAll('td')].filter((td) => getComputedStyle(td).whiteSpace !== 'nowrap' && !td.querySelector('a')).map((td) => td.textContent),
    );
    expect(wrapped).toEqual([]);
    await expectNoAxeViolations(page);
    await page.goto(`/interactions/${call.id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Events' })).toBeVisible();
    const page2 = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(page2.scrollWidth).toBeLessThanOrEqual(page2.innerWidth);
    await expectNoAxeViolations(page);
  });
});

test("a person's page lists their calls (by their phone contact points), linking to them", async ({ page }) => {
  const api = await signedInApi(page);
  const stamp = Date.now();
  const number = uniqueNumber();
  const person = await api.send('POST', '/person/persons', { name: [{ use: 'official', given: ['Hal'], family: `Caller${stamp}`, prefix: [], suffix: [] }], communication: [] });
  expect(person.status()).toBe(201);
  const personId = ((await person.json()) as { id: string }).id;
  // Their number is a contact point associated with them (as a practitioner): their calls are found by it.
  expect((await api.send('POST', `/person/practitioners/${personId}`, {})).status()).toBe(201);
  const point = await api.send('POST', '/contactpoints/contact-points', { name: `Hal ${stamp}`, value: number.typed, system: 'PHONE', serviceProvider: 'Unknown', description: 'Mobile', rank: 1, vip: false, associations: [personId] });
  expect(point.status(), await point.text()).toBe(201);
  const call = await createCall(page, `Hal Caller${stamp}`, number.typed);
  await page.goto(`/practice/persons/${personId}`);
  const section = page.getByRole('region', { name: 'Interactions' });
  await expect(section.getByRole('link')).toHaveCount(1);
  await section.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/interactions/${call.id}$`));
});
