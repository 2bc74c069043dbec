import { expect, test, type Page, type Route } from './fixtures.ts';
import { demo, signInOnProviderPage, storageState } from './support.ts';

test.use({ storageState: storageState('admin') });

/**
 * Holds back the header menus' library (loaded on first use or when idle, not with the first
 * screen) until `release` is called, so the test acts on the stand-in trigger first.
 */
async function holdBack(page: Page, chunk: RegExp) {
  const held: Route[] = [];
  let released = false;
  await page.route(chunk, (route) => (released ? route.continue() : void held.push(route)));
  return {
    requested: () => held.length > 0,
    async release() {
      released = true;
      for (const route of held) await route.continue();
    },
  };
}

test.describe('header menus load after the first screen without losing what the user did', () => {
  test('a click on a menu before its library has loaded opens it once loaded', async ({ page }) => {
    const menus = await holdBack(page, /\/assets\/menu-radix-[^/]+\.js$/);
    await page.goto('/home');
    const avatar = page.getByRole('button', { name: `Account menu for ${demo.admin.name}` });
    await expect(avatar).toHaveAttribute('aria-haspopup', 'menu');
    await expect(avatar).toHaveAttribute('aria-expanded', 'false');
    await avatar.click();
    await expect.poll(menus.requested).toBe(true);
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toHaveCount(0);
    await menus.release();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(avatar).toBeFocused();
  });

  test('focus on a menu stays there when its library arrives, and ArrowDown opens it', async ({ page }) => {
    const menus = await holdBack(page, /\/assets\/menu-radix-[^/]+\.js$/);
    await page.goto('/home');
    const practice = page.getByRole('button', { name: 'Practice', exact: true });
    await practice.focus();
    await expect.poll(menus.requested).toBe(true);
    await menus.release();
    await expect(practice).toHaveAttribute('data-state', 'closed');
    await expect(practice).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Persons' })).toBeVisible();
  });

  test('the Ghost Mode account switcher opens when clicked before its library has loaded', async ({ page }) => {
    const popover = await holdBack(page, /\/assets\/popover-radix-[^/]+\.js$/);
    await page.goto('/home');
    const switcher = page.getByRole('button', { name: /^Ghost Mode account: / });
    await switcher.click();
    await expect.poll(popover.requested).toBe(true);
    await popover.release();
    // The demo accounts (other specs may have created more: accounts are shared by the run).
    for (const name of ['Astera Health', 'Lakeside Pediatrics', 'Riverside Family Practice']) await expect(page.getByRole('option', { name: new RegExp(name) })).toBeVisible();
  });

  test('the account switcher opens when its library arrives between the press and the release', async ({ page }) => {
    const popover = await holdBack(page, /\/assets\/popover-radix-[^/]+\.js$/);
    await page.goto('/home');
    const switcher = page.getByRole('button', { name: /^Ghost Mode account: / });
    const box = (await switcher.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(popover.requested).toBe(true);
    const standIn = (await switcher.elementHandle())!;
    await page.mouse.down();
    await popover.release();
    // The stand-in is replaced under the pointer by Radix's trigger: the release lands on another
    // button, so no click reaches either.
    await page.waitForFunction((element) => !element.isConnected, standIn);
    await page.mouse.up();
    await expect(page.getByRole('dialog', { name: 'Ghost Mode: act in account' })).toBeVisible();
    await expect(page.getByRole('option', { name: /Lakeside Pediatrics/ })).toBeVisible();
  });
});

/** Records the page's layout shifts from its first paint (Lighthouse's CLS counts the same entries). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { total: () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0)) };
}

test.describe('the first screen does not move under the reader (Lighthouse: layout shift)', () => {
  test('on a phone, /home shows its sections once the access policy is here: nothing already shown is pushed down', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const shifts = await recordLayoutShifts(page);
    // The policy answers only once the screen has painted without it.
    const policy = await holdBack(page, /\/permissions\/accesspolicy/);
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    await expect.poll(policy.requested).toBe(true);
    await policy.release();
    await expect(page.getByRole('heading', { name: 'Shortcuts' })).toBeVisible();
    await expect(page.getByText('You are working in')).toBeVisible();
    const shifted = await shifts.total();
    expect(shifted).toBeLessThan(0.01);
  });

  test('on a phone, /practice/persons shows Add Person with its list, not after it (the access policy is asked for beside the list)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const shifts = await recordLayoutShifts(page);
    await page.goto('/practice/persons');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Person' }).or(page.getByRole('button', { name: 'Add Person' }))).toBeVisible();
    const shifted = await shifts.total();
    expect(shifted).toBeLessThan(0.01);
  });

  test('a list opened by its address is read from the API once: the screen mounts on what the route\'s loader fetched', async ({ page }) => {
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/person/persons') reads.push(request.url());
    });
    await page.goto('/practice/persons');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    // Long enough for a second read on mount to have been sent.
    await page.waitForTimeout(1000);
    expect(reads).toHaveLength(1);
    // Opened again by another navigation (Back, at once), it is read again.
    await page.getByRole('link', { name: 'Astera home' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.goBack();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expect.poll(() => reads.length).toBe(2);
  });
});

test.describe('what the first screen does not show waits until it is painted (Lighthouse: largest paint, blocking time)', () => {
  test('the features\' registry, the notifications and the preferences are asked for after the list\'s first frame', async ({ page }) => {
    // The first animation frame after the list's rows are in the page: the frame that paints them.
    await page.addInitScript(() => {
      const probe = window as unknown as { rowsFrameAt?: number };
      const observer = new MutationObserver(() => {
        if (!document.querySelector('#main table tbody tr')) return;
        observer.disconnect();
        requestAnimationFrame(() => (probe.rowsFrameAt = performance.now()));
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/practice/persons');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    const later = /\/assets\/registry-[^/]+\.js$|\/api\/notifications\/notifications\?|\/api\/me\/preferences$/;
    const started = () =>
      page.evaluate(
        (pattern) =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => new RegExp(pattern).test(entry.name))
            .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime })),
        later.source,
      );
    await expect.poll(async () => (await started()).length).toBeGreaterThanOrEqual(3);
    const frameAt = await page.evaluate(() => (window as unknown as { rowsFrameAt?: number }).rowsFrameAt);
    expect(frameAt).toBeGreaterThan(0);
    for (const request of await started()) expect(request.startTime, request.name).toBeGreaterThan(frameAt!);
  });
});

test.describe('a screen\'s code loads beside its access check, not after it', () => {
  test('opened by its address, the persons list\'s code is asked for while the access policy is still on its way', async ({ page }) => {
    const held: Route[] = [];
    let released = false;
    await page.route('**/api/permissions/accesspolicy*', (route) => (released ? route.continue() : void held.push(route)));
    const screenCode = page.waitForRequest(/\/assets\/persons-[^/]+\.js$/, { timeout: 10_000 });
    await page.goto('/practice/persons', { waitUntil: 'commit' });
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await screenCode;
    expect(held.length).toBeGreaterThan(0);
    released = true;
    for (const route of held) await route.continue();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
  });
});

test.describe('home asks for its recent changes as soon as the access policy allows them', () => {
  // The system routes that show the home content (spec §2) load as /home does (features/home/load.ts).
  for (const path of ['/home', '/system/logs']) test(`${path}: the request is sent before the screen has rendered the sections the policy unlocks`, async ({ page }) => {
    await page.addInitScript(() => {
      const probe = window as unknown as { sectionsShownAtRequest?: boolean };
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.includes('/api/audit/recent') && probe.sectionsShownAtRequest === undefined) probe.sectionsShownAtRequest = document.getElementById('account-heading') !== null;
        return send(input, init);
      };
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Recent changes' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { sectionsShownAtRequest?: boolean }).sectionsShownAtRequest)).toBe(false);
  });
});

test.describe('the features\' commands load beside the first screen without losing a key', () => {
  test('G P typed before they arrive navigates once they have', async ({ page }) => {
    const registry = await holdBack(page, /\/assets\/registry-[^/]+\.js$/);
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(registry.requested).toBe(true);
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await expect(page).toHaveURL(/\/home$/);
    await registry.release();
    await expect(page).toHaveURL(/\/practice\/persons$/);
  });

  test('Ctrl+K and a query typed before they arrive find a feature\'s command once they have', async ({ page }) => {
    const registry = await holdBack(page, /\/assets\/registry-[^/]+\.js$/);
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(registry.requested).toBe(true);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('create person');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette).toHaveCount(0);
    await registry.release();
    await expect(palette.getByRole('combobox')).toHaveValue('create person');
    await expect(palette.getByRole('option', { name: /^Create person/ })).toBeVisible();
  });

  test('"Night Desk" typed as a create screen opens, before they arrive, fills its first field', async ({ page }) => {
    const registry = await holdBack(page, /\/assets\/registry-[^/]+\.js$/);
    await page.goto('/system/role/create');
    await page.keyboard.type('Night ');
    const name = page.getByRole('textbox', { name: 'Role Name', exact: true });
    await expect(name).toBeFocused();
    await expect.poll(registry.requested).toBe(true);
    await page.keyboard.type('Desk');
    await expect(name).toHaveValue('Night Desk');
    await registry.release();
    await page.keyboard.press('g');
    await page.keyboard.press('h');
    await expect(name).toHaveValue('Night Deskgh');
    await expect(page).toHaveURL(/\/system\/role\/create$/);
  });
});

test.describe('the Auth0 SDK as the portal builds it (vite.config.ts: without the features it never uses)', () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  const providerOrigin = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

  test('an expired access token is renewed with the refresh token on reload, without the provider page', async ({ page }) => {
    // The notifications' stream opens after the first screen is painted: it must have its token
    // before the stored one is made to look expired, or it renews it itself, and the reload's
    // renewal then races that one (the provider rotates refresh tokens).
    const streamOpen = page.waitForResponse((response) => response.url().includes('/api/notifications/stream'));
    await page.goto('/home');
    await signInOnProviderPage(page, 'admin');
    await expect(page.getByRole('heading', { name: 'Recent changes' })).toBeVisible();
    await streamOpen;
    // The SDK's stored entry, made to look expired (its refresh token stays), by a script that runs
    // before the reloaded page's own: were it changed in this page, any request the page still makes
    // (a query's refetch, the stream's reconnect) would start the renewal itself, and the reload
    // would cut it off after the provider had rotated the refresh token.
    const stored = await page.evaluate(() => {
      for (const key of Object.keys(localStorage).filter((name) => name.startsWith('@@auth0spajs@@'))) {
        const entry = JSON.parse(localStorage.getItem(key)!) as { body?: { access_token?: string; refresh_token?: string } };
        if (entry.body?.refresh_token) return entry.body.access_token ?? null;
      }
      return null;
    });
    expect(stored).toEqual(expect.any(String));
    const expired = stored!;
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e-expired')) return;
      sessionStorage.setItem('e2e-expired', '1');
      for (const key of Object.keys(localStorage).filter((name) => name.startsWith('@@auth0spajs@@'))) {
        const entry = JSON.parse(localStorage.getItem(key)!) as { body?: { refresh_token?: string }; expiresAt?: number };
        if (entry.body?.refresh_token) localStorage.setItem(key, JSON.stringify({ ...entry, expiresAt: 0 }));
      }
    });

    const renewal = page.waitForResponse((response) => response.url() === `${providerOrigin}/oauth/token`);
    const policyRequest = page.waitForRequest((req) => req.url().includes('/api/permissions/accesspolicy'));
    await page.reload();
    const answer = await renewal;
    expect(answer.request().postData()).toContain('grant_type=refresh_token');
    expect(answer.status()).toBe(200);
    const bearer = (await policyRequest).headers()['authorization'];
    expect(bearer).toMatch(/^Bearer /);
    expect(bearer).not.toBe(`Bearer ${expired}`);
    await expect(page.getByRole('heading', { name: 'Recent changes' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Account menu for ${demo.admin.name}` })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/home');
  });
});
