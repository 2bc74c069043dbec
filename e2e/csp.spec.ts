import { expect, test } from './fixtures.ts';
import { demo, signInOnProviderPage } from './support.ts';

/**
 * The other specs bypass the Content-Security-Policy (axe is injected as a script). This one does
 * not: signing in, the home page, a list, a record and the palette all work under the portal's
 * own CSP, and the browser reports no violation on the way.
 */
test('the portal works under its Content-Security-Policy, with no violation', async ({ browser }) => {
  const context = await browser.newContext({ bypassCSP: false });
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

  const response = await page.goto('/home');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await signInOnProviderPage(page, 'manager');
  await expect(page).toHaveURL(/\/home$/);
  const portal = await page.request.get('/home');
  const csp = portal.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('button', { name: `Account menu for ${demo.manager.name}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent changes' })).toBeVisible();

  await page.goto('/practice/persons');
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await context.close();
});
