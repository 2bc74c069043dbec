import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from './fixtures.ts';
import { baseURL } from '../playwright.config.ts';
import { expectNoAxeViolations, liveBudget, patientPhone, signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/**
 * The chat widget (issue 42): a patient on the practice's website and a staff member on the
 * interaction's page chatting, each in a browser context of their own; the widget framed only by
 * the sites the practice lists.
 */
test.use({ storageState: storageState('manager') });

/** The demo practice's widget (the seed turns Riverside's web chat on for its website). */
async function demoWidget(page: Page) {
  const api = await signedInApi(page);
  const res = await api.send('GET', '/chat/settings');
  expect(res.status()).toBe(200);
  const settings = (await res.json()) as { enabled: boolean; sites: string[]; widgetId: string };
  expect(settings.enabled).toBe(true);
  return { api, ...settings };
}

test('a patient and a staff member chat, within 2 s each way, through a dropped connection and a reload', async ({ page, browser }) => {
  const { api, widgetId } = await demoWidget(page);
  const name = `Ana ${Date.now() % 100_000}`;
  const patient = await patientPhone(browser, { width: 320, bypassCSP: true });
  try {
    const widget = patient.page;
    await widget.goto(`/astera/chat/${widgetId}`);
    await expect(widget.getByRole('heading', { level: 1, name: 'Chat with Riverside Family Practice' })).toBeVisible();
    await expectNoAxeViolations(widget);
    // By keyboard: Start chat, then the message box has the focus.
    await widget.keyboard.press('Tab');
    await expect(widget.getByRole('button', { name: 'Start chat' })).toBeFocused();
    await widget.keyboard.press('Enter');
    const box = widget.getByRole('textbox', { name: 'Message' });
    await expect(box).toBeFocused();
    await widget.getByRole('textbox', { name: 'Your name (optional)' }).fill(name);
    await box.fill('<b>Hello</b> can I book a visit? https://example.com/x');
    await box.press('Enter');
    const log = widget.getByRole('log', { name: 'Messages' });
    // Text only: the tags are shown, nothing became HTML, the link is no link.
    await expect(log.getByText('<b>Hello</b> can I book a visit? https://example.com/x')).toBeVisible();
    await expect(log.locator('b, a')).toHaveCount(0);
    await expect(box).toBeFocused();
    await expectNoAxeViolations(widget);
    expect(await widget.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // Staff find the chat in the call history and open its page.
    const found = await api.send('GET', `/interactions/interactions?q=${encodeURIComponent(name)}`);
    const items = ((await found.json()) as { items: { id: string }[] }).items;
    expect(items).toHaveLength(1);
    await page.goto(`/interactions/${items[0]!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Web chat: ${name}` })).toBeVisible();
    const transcript = page.getByRole('log', { name: 'Chat messages' });
    await expect(transcript.getByText('<b>Hello</b> can I book a visit? https://example.com/x')).toBeVisible();
    await expect(transcript.locator('b, a')).toHaveCount(0);

    const reply = page.getByRole('textbox', { name: 'Reply' });
    await reply.fill('Yes! Tuesday at 10?');
    await reply.press('Enter');
    await expect(log.getByText('Yes! Tuesday at 10?')).toBeVisible({ timeout: liveBudget });

    await box.fill('Tuesday works');
    await box.press('Enter');
    await expect(transcript.getByText('Tuesday works')).toBeVisible({ timeout: liveBudget });

    // The patient's connection drops; staff write meanwhile; it comes back: the message arrives once, nothing lost.
    await patient.context.setOffline(true);
    await reply.fill('Booked while you were away');
    await reply.press('Enter');
    await expect(widget.getByRole('status')).toHaveText('Connection lost. Reconnecting…', { timeout: 25_000 });
    await patient.context.setOffline(false);
    await expect(log.getByText('Booked while you were away')).toHaveCount(1, { timeout: 8000 });
    await expect(log.getByText('Tuesday works')).toHaveCount(1);

    // A reload of the practice's page keeps the conversation (the widget's own storage), each message once.
    await widget.reload();
    await expect(log.getByText('Booked while you were away')).toHaveCount(1);
    await expect(log.getByText('Yes! Tuesday at 10?')).toHaveCount(1);
    await expect(log.locator('li')).toHaveCount(4);

    // The patient ends it; both sides see it ended.
    await widget.getByRole('button', { name: 'End chat' }).click();
    await expect(widget.getByRole('status')).toHaveText('This chat has ended.');
    await expect(widget.getByRole('button', { name: 'Start a new chat' })).toBeFocused();
    await expect(page.getByText('This chat has ended.')).toBeVisible({ timeout: liveBudget });
    await expect(page.getByRole('textbox', { name: 'Reply' })).toHaveCount(0);
    // Its own small bundle, no portal code.
    expect(patient.scripts.every((script) => /^\/assets\/chat-[\w-]+\.js$/.test(script)), patient.scripts.join(' ')).toBe(true);
  } finally {
    await patient.context.close();
  }
});

/** A practice's website on a loopback address (a real server: Chromium's Local Network Access checks refuse a routed or public page framing localhost). */
async function website(body: string) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

test('the widget is framed by a site the practice lists, and refused by another', async ({ page, browser }) => {
  const { api, widgetId, sites } = await demoWidget(page);
  const embedding = `<!doctype html><html lang="en"><title>Practice site</title><h1>Our practice</h1><iframe src="${baseURL}/astera/chat/${widgetId}" title="Chat with us" style="width:100%;max-width:420px;height:560px;border:0"></iframe></html>`;
  const allowed = await website(embedding);
  const other = await website(embedding);
  expect((await api.send('PATCH', '/chat/settings', { sites: [...sites, allowed.origin] })).status()).toBe(200);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const site = await context.newPage();
    const answer = site.waitForResponse((res) => res.url().includes(`/astera/chat/${widgetId}`));
    await site.goto(`${allowed.origin}/contact`);
    expect((await (await answer).allHeaders())['content-security-policy']).toMatch(new RegExp(`frame-ancestors [^;]*${allowed.origin.replace(/\./g, '\\.')}`));
    await expect(site.frameLocator('iframe').getByRole('heading', { name: 'Chat with Riverside Family Practice' })).toBeVisible();

    const refused = site.waitForResponse((res) => res.url().includes(`/astera/chat/${widgetId}`));
    await site.goto(`${other.origin}/contact`);
    // The portal answers, but its frame-ancestors name only the practice's sites: the browser shows an error page instead.
    expect((await (await refused).allHeaders())['content-security-policy']).not.toContain(other.origin);
    await expect.poll(() => site.frames().find((f) => f !== site.mainFrame())?.url()).toMatch(/^chrome-error:/);
    await expect(site.frameLocator('iframe').getByRole('heading', { name: 'Chat with Riverside Family Practice' })).toHaveCount(0);
  } finally {
    await context.close();
    await allowed.close();
    await other.close();
  }
});

test('Web chat settings: from the Practice menu, a bad site gets its field message and keeps what was typed, the snippet to copy', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Practice', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Web chat' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Web chat' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Turn on web chat' })).toBeChecked();
  await expect(page.getByTestId('web-chat-snippet')).toContainText('/astera/chat/');
  await expectNoAxeViolations(page);
  const sites = page.getByRole('textbox', { name: 'Sites that show the widget' });
  await sites.fill('https://www.riverside-practice.example\nnot a site');
  await page.getByRole('button', { name: 'Save web chat' }).click();
  await expect(page.getByText(/Each site must be an origin/)).toBeVisible();
  await expect(sites).toHaveValue('https://www.riverside-practice.example\nnot a site');
  await expect(sites).toHaveAttribute('aria-invalid', 'true');
});

test.describe('Read Only', () => {
  test.use({ storageState: storageState('viewer') });
  test('reads the web chat settings and cannot change them', async ({ page }) => {
    await page.goto('/practice/web-chat');
    await expect(page.getByRole('heading', { level: 1, name: 'Web chat' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Turn on web chat' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save web chat' })).toHaveCount(0);
  });
});

test.describe('chats in the call history (issue 42)', () => {
  test('a visitor who gave no name is a "Web chat visitor" (never "Unknown caller"); the Type filter keeps web chats or calls, each row says which', async ({ page }) => {
    const { widgetId } = await demoWidget(page);
    const started = await page.request.post(`/api/chat/public/widgets/${widgetId}/conversations`, { data: { text: 'No name here, just a question.' } });
    expect(started.status()).toBe(201);
    await page.goto('/interactions');
    const table = page.getByRole('table', { name: 'Interactions' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await page.getByLabel('Type', { exact: true }).selectOption('chat');
    await expect(page).toHaveURL(/[?&]type=chat/);
    const first = table.locator('tbody tr').first();
    await expect(first.getByRole('link', { name: 'Web chat visitor' })).toBeVisible();
    await expect(table.getByText('Unknown caller')).toHaveCount(0);
    // Every row a web chat, said in words in the Type column (a screen reader reads the row's name too);
    // the rows shown before stay until the filtered page comes.
    const types = () => table.locator('tbody tr').evaluateAll((rows) => [...new Set(rows.map((row) => row.querySelectorAll('td')[1]?.textContent))]);
    await expect.poll(types).toEqual(['Web chat']);
    await page.getByLabel('Type', { exact: true }).selectOption('call');
    await expect(page).toHaveURL(/[?&]type=call/);
    await expect(table.getByRole('link', { name: 'Web chat visitor' })).toHaveCount(0);
    await expect.poll(types).not.toContain('Web chat');
    expect((await types()).length).toBeGreaterThan(0);
    // The unnamed visitor's page says what it is.
    await page.goto('/interactions?type=chat');
    await table.locator('tbody tr').first().getByRole('link', { name: 'Web chat visitor' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Web chat: unnamed visitor' })).toBeVisible();
  });

  test('turning web chat off ends the open chat: the patient sees why, and the widget then says chat is not available', async ({ page, browser }) => {
    const { api, widgetId } = await demoWidget(page);
    const patient = await patientPhone(browser, { bypassCSP: true });
    try {
      const widget = patient.page;
      await widget.goto(`/astera/chat/${widgetId}`);
      await widget.getByRole('button', { name: 'Start chat' }).click();
      const box = widget.getByRole('textbox', { name: 'Message' });
      await box.fill('Is anyone there tonight?');
      await box.press('Enter');
      const log = widget.getByRole('log', { name: 'Messages' });
      await expect(log.getByText('Is anyone there tonight?')).toBeVisible();

      await page.goto('/practice/web-chat');
      await page.getByRole('checkbox', { name: 'Turn on web chat' }).uncheck();
      await page.getByRole('button', { name: 'Save web chat' }).click();

      await expect(log.getByText('The practice turned off web chat, so this chat has ended. Please call the practice.')).toBeVisible({ timeout: liveBudget });
      const unavailable = widget.getByText('Chat is not available right now. Please call the practice.', { exact: true });
      await expect(unavailable).toBeVisible();
      await expect(unavailable).toBeFocused();
      await expect(widget.getByRole('button', { name: 'Start a new chat' })).toHaveCount(0);
      await expect(box).toBeHidden();
      await expectNoAxeViolations(widget);
    } finally {
      await patient.context.close();
      expect((await api.send('PATCH', '/chat/settings', { enabled: true })).status()).toBe(200);
    }
  });
});
