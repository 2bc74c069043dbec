import { expect, test, type Page } from './fixtures.ts';
import { messages, tooManySignInAttempts } from '../domain/messages.ts';
import { demo, expectNoAxeViolations, signInOnProviderPage, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

async function menuEntries(page: Page, menu: string) {
  await page.getByRole('button', { name: menu, exact: true }).click();
  // The menu's library loads on first use: the click opens it once it has arrived.
  await expect(page.getByRole('menu')).toBeVisible();
  const items = await page.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  return items.map((text) => text.replace('↗', '').trim());
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('signed out', () => {
  // Each starts signed out: a sign-in one test makes would stay in a shared page's cookies.
  test.use({ sharedPage: false });
  test('an unauthenticated visit goes to the provider and returns to the page first asked for', async ({ page }) => {
    await page.goto('/system/logs?from=bookmark');
    await expect(page).toHaveURL(new RegExp(`localhost:${Number(process.env.E2E_PORT ?? 3100) + 1}/`));
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Email').fill(demo.viewer.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.invalidCredentials);
    await expect(page.getByLabel('Email')).toHaveValue(demo.viewer.email);

    await page.getByLabel('Email').fill('nobody@astera.test');
    await page.getByLabel('Password').fill('whatever');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.invalidCredentials);

    await signInOnProviderPage(page, 'viewer');
    await expect(page).toHaveURL(/\/system\/logs\?from=bookmark$/);
    // The system routes that "show the home content" do so.
    await expect(page.getByRole('heading', { name: 'Recent changes' })).toBeVisible();
  });

  test('after 5 failed sign-ins for an email the sign-in page says to wait, and how long', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // An email nobody has, so no demo user is locked out for the rest of the run.
    const email = 'locked-out@astera.test';
    const action = new URL((await page.locator('form').getAttribute('action'))!, page.url());
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await page.request.post(action.href, { form: { email, password: `guess ${attempt}` }, maxRedirects: 0 });
      expect(await answer.text()).toContain(messages.invalidCredentials);
    }

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('guess 6');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(tooManySignInAttempts(15));
    await expect(page.getByRole('alert')).toHaveText('Too many attempts, try again in 15 minutes');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expectNoAxeViolations(page);
  });

  test('/ redirects to /home', async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageState('viewer') });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await context.close();
  });
});

test.describe('instance administrator', () => {
  test.use({ storageState: storageState('admin') });

  test('sees every menu, the Accounts link, and a useful home page', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('link', { name: 'Astera home' })).toContainText('Astera');
    await expect(page.getByRole('searchbox', { name: 'Search Astera' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Accounts' })).toBeVisible();
    expect(await menuEntries(page, 'Practice')).toEqual(['Persons', 'Users', 'Practitioners', 'Contact Points', 'Locations', 'Schedules', 'Issues', 'Insurances', 'Practice Teams', 'Masked calls', 'Telephony', 'Web chat', 'Workflows']);
    expect(await menuEntries(page, 'System')).toEqual(['Teams Users', 'Teams', 'Call Center Queues', 'Logs', 'Roles', 'API Keys', 'Webhooks']);
    expect(await menuEntries(page, 'Insights')).toEqual(['Reporting', 'Real time metrics', 'Call insights']);
    await expect(page.getByText('You are working in Astera Health as Administrator')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent changes' })).toBeVisible();
    // Other tests may change this account meanwhile, so the entry asserted is any named change with its time.
    const recent = page.getByRole('region', { name: 'Recent changes' });
    await expect(recent.getByRole('listitem').first()).toContainText(/(created|updated|deleted) .+“.+”/);
    await expect(recent.locator('time').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('"Real time metrics" has no route and says so; reporting opens in a new tab', async ({ page }) => {
    // The page's own context: with a shared page (fixtures.ts) the test's `context` is not the page's.
    const context = page.context();
    await page.goto('/home');
    await page.getByRole('button', { name: 'Insights' }).click();
    await page.getByRole('menuitem', { name: 'Real time metrics' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.noRoute);
    await expect(page).toHaveURL(/\/home$/);

    await context.route('https://reports.example.test/**', (route) => route.fulfill({ body: '<title>Reports</title>', contentType: 'text/html' }));
    await page.getByRole('button', { name: 'Insights' }).click();
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('menuitem', { name: /Reporting/ }).click()]);
    expect(popup.url()).toBe('https://reports.example.test/astera');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('tabs highlight by path prefix and the logo goes home', async ({ page }) => {
    await page.goto('/system/datamanagement');
    await expect(page.getByRole('button', { name: 'System' })).toHaveClass(/underline/);
    await expect(page.getByRole('button', { name: 'Practice' })).not.toHaveClass(/underline/);
    await page.goto('/account/00000000-0000-4000-8000-000000000000');
    await expect(mainNav(page).getByRole('link', { name: 'Accounts' })).toHaveClass(/underline/);
    await page.getByRole('link', { name: 'Astera home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('the avatar menu shows the account and leads to its page', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('button', { name: `Account menu for ${demo.admin.name}` }).click();
    await expect(page.getByRole('menu')).toContainText('Astera Health');
    for (const item of ['User Settings', 'Languages & Region', 'Logout']) await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    await page.getByRole('menuitem', { name: /^[0-9a-f-]{36}$/ }).click();
    await expect(page).toHaveURL(/\/account\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Astera Health' })).toBeVisible();
  });

  test('any other path shows the 404 screen', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: messages.notFoundTitle })).toBeVisible();
    await expect(page.getByText(messages.notFoundHint)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('practice administrator', () => {
  test.use({ storageState: storageState('manager') });

  test('sees practice entries and queues, the call insights, no Accounts link; reads roles and API keys as Read Only does (issue 40)', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByText('You are working in Riverside Family Practice as Practice Administrator')).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Accounts' })).toHaveCount(0);
    expect(await menuEntries(page, 'Practice')).toEqual(['Persons', 'Users', 'Practitioners', 'Contact Points', 'Locations', 'Schedules', 'Issues', 'Insurances', 'Practice Teams', 'Masked calls', 'Telephony', 'Web chat', 'Workflows']);
    // Issue 40: the practice's administrator holds every grant of the practice's Read Only.
    expect(await menuEntries(page, 'System')).toEqual(['Teams Users', 'Teams', 'Call Center Queues', 'Logs', 'Roles', 'API Keys', 'Webhooks']);
    // A practice administrator runs the practice's call center: its figures are theirs to see.
    expect(await menuEntries(page, 'Insights')).toEqual(['Reporting', 'Real time metrics', 'Call insights']);
  });
});

test.describe('read only', () => {
  test.use({ storageState: storageState('viewer') });

  test('sees the menus a GET-only role may read, and no Accounts link', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByText('You are working in Riverside Family Practice as Read Only')).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Accounts' })).toHaveCount(0);
    expect(await menuEntries(page, 'System')).toEqual(['Teams Users', 'Teams', 'Call Center Queues', 'Logs', 'Roles', 'API Keys', 'Webhooks']);
  });
});

const portalOrigin = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;
const providerOrigin = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

/** The SDK's stored entries (tokens, user) in the portal's local storage, whichever page is open. */
async function storedAuthEntries(page: Page) {
  const state = await page.context().storageState();
  const portal = state.origins.find((origin) => origin.origin === portalOrigin);
  expect(portal, 'the portal origin is in the browser state').toBeDefined();
  return portal!.localStorage.filter((entry) => entry.name.startsWith('@@auth0spajs@@'));
}

test('logout signs out at the provider, revokes the access and refresh tokens, and clears the stored tokens', async ({ page }) => {
  await page.goto('/home');
  const policyRequest = page.waitForRequest((req) => req.url().includes('/api/permissions/accesspolicy'));
  await signInOnProviderPage(page, 'manager');
  const bearer = (await policyRequest).headers()['authorization'];
  expect(bearer).toMatch(/^Bearer /);
  const before = await page.request.get('/api/permissions/accesspolicy', { headers: { Authorization: bearer! } });
  expect(before.status()).toBe(200);
  const stored = await storedAuthEntries(page);
  const refreshToken = stored
    .map((entry) => (JSON.parse(entry.value) as { body?: { refresh_token?: string } }).body?.refresh_token)
    .find((token) => typeof token === 'string');
  expect(refreshToken).toEqual(expect.any(String));

  const revocation = page.waitForResponse((response) => response.url() === `${providerOrigin}/oauth/revoke`);
  await page.getByRole('button', { name: `Account menu for ${demo.manager.name}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  expect((await revocation).status()).toBe(200);
  // Back on the portal, signed out: the next visit lands on the provider's sign-in page.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  const after = await page.request.get('/api/permissions/accesspolicy', { headers: { Authorization: bearer! } });
  expect(after.status()).toBe(401);
  expect(await storedAuthEntries(page)).toEqual([]);
  const refreshed = await page.request.post(`${providerOrigin}/oauth/token`, {
    form: { client_id: 'astera-portal', grant_type: 'refresh_token', refresh_token: refreshToken! },
  });
  expect(refreshed.status()).toBe(400);
  expect(((await refreshed.json()) as { error: string }).error).toBe('invalid_grant');
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
