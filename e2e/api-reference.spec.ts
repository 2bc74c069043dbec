import { expect, test, type Browser } from './fixtures.ts';
import { signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/**
 * The API reference (issue 44): Scalar's renderer served by the portal at /api/docs, under the
 * portal's own Content-Security-Policy (the other specs bypass it: axe is injected as a script).
 */

/** A browser context under the page's real CSP, recording every violation and every CSP console error. */
async function underPortalCsp(browser: Browser, storage?: string) {
  const context = await browser.newContext({ bypassCSP: false, ...(storage && { storageState: storage }) });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) consoleErrors.push(message.text());
  });
  const violations = async () => [...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)), ...consoleErrors];
  return { context, page, violations };
}

test('the API reference loads under the portal’s CSP with no violation and shows the persons operations', async ({ browser }) => {
  const { context, page, violations } = await underPortalCsp(browser);
  const response = await page.goto('/api/docs');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).toContain("frame-ancestors 'none'");

  await expect(page.getByRole('heading', { name: 'Astera Portal API', level: 1 })).toBeVisible();
  // The persons area (its tag), opened from the sidebar: its operations by their summaries.
  await page.getByRole('link', { name: 'person', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Create a person' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'List persons' })).toBeVisible();
  await expect(page.getByText('/person/persons/{id}').first()).toBeVisible();

  expect(await violations()).toEqual([]);
  await context.close();
});

test.describe('instance administrator', () => {
  test.use({ storageState: storageState('admin') });

  test('the API keys screen links to the reference, where a call is tried with an API key', async ({ browser, page }) => {
    test.setTimeout(120_000);
    await page.goto('/system/apikeys');
    const link = page.getByRole('link', { name: /API reference/ });
    await expect(link).toHaveAttribute('href', '/api/docs');

    // A key of the administrator's own account, to try the call with.
    const api = await signedInApi(page);
    const roles = (await (await api.send('GET', '/permissions/roles')).json()) as { items: { id: string; name: string }[] };
    const made = await api.send('POST', '/permissions/apikeys', { name: `Reference try ${Date.now().toString(36)}`, roleId: roles.items.find((r) => r.name === 'Administrator')!.id });
    expect(made.status()).toBe(201);
    const { secret } = (await made.json()) as { secret: string };

    const { context, page: docs, violations } = await underPortalCsp(browser);
    await docs.goto('/api/docs');
    await docs.getByRole('link', { name: 'person', exact: true }).click();
    await expect(docs.getByRole('heading', { name: 'List persons' })).toBeVisible();
    const sent: { key: string | undefined; status: number }[] = [];
    docs.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/person/persons') sent.push({ key: res.request().headers()['x-api-key'], status: res.status() });
    });
    // "Test Request" opens Scalar's client on the operation; the API key goes in its auth field (the `apiKey` scheme's header).
    await docs.getByRole('button', { name: 'Test Request (get /person/persons)' }).click();
    const client = docs.getByRole('dialog', { name: 'API Client' });
    await expect(client.getByRole('combobox', { name: 'Name' }).first()).toHaveText('x-api-key');
    await client.getByRole('textbox', { name: 'Value' }).first().fill(secret);
    await client.getByRole('button', { name: /^Send get request to / }).click();
    await expect.poll(() => sent).toContainEqual({ key: secret, status: 200 });
    // The client keeps to this portal: no link out to Scalar's hosted client.
    await expect(client.getByRole('link', { name: 'Open API Client' })).toHaveCount(0);

    expect(await violations()).toEqual([]);
    await context.close();
  });
});
