import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { baseURL } from '../playwright.config.ts';
import { demo, recordShownMessages, signInAndKeepState, storageState, type DemoUser } from './support.ts';

export * from '@playwright/test';

/**
 * `E2E_CPU_THROTTLE=4 npx playwright test` runs every test with each page's CPU slowed that many
 * times (Chromium's own throttling, through the DevTools protocol): the suite as a busy machine
 * runs it, where keystrokes get lost and messages come late (issue 24: tests that never flake).
 * Unset (or 1), nothing changes. Tests that throttle on their own (keyboard.spec) set their rate
 * and put back 1 at their end.
 */
const rate = Number(process.env.E2E_CPU_THROTTLE ?? 1);

/**
 * The setup project signs each demo user in once and keeps the state; tests start from it. The
 * identity provider's access tokens last an hour and its refresh tokens rotate: once the stored
 * access token has expired, the first test renews it and uses the stored refresh token up, and
 * every later test's renewal is refused (a loaded run past an hour failed that way, signed out on
 * /home). So before each test a stored state whose access token ends within 15 minutes is made
 * again by signing in afresh: every test starts with a good hour, however long the run.
 */
const renewBefore = 15 * 60_000;

async function expiresSoon(user: DemoUser): Promise<boolean> {
  let state: { origins: { localStorage: { name: string; value: string }[] }[] };
  try {
    state = JSON.parse(await readFile(storageState(user), 'utf8'));
  } catch {
    return false; // not made yet: the setup project makes it
  }
  // The Auth0 SDK's token entries (`@@auth0spajs@@::client::audience::scope`, beside `::@@user@@`).
  const tokens = state.origins.flatMap((origin) => origin.localStorage).filter((entry) => entry.name.startsWith('@@auth0spajs@@::') && !entry.name.endsWith('::@@user@@'));
  if (tokens.length === 0) return false;
  const expiresAt = Math.min(...tokens.map((entry) => (JSON.parse(entry.value) as { expiresAt?: number }).expiresAt ?? 0));
  return expiresAt * 1000 - Date.now() < renewBefore;
}

async function renewStoredSignIns(browser: Browser) {
  for (const user of Object.keys(demo) as DemoUser[]) {
    if (!(await expiresSoon(user))) continue;
    const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    try {
      await signInAndKeepState(await context.newPage(), user);
    } finally {
      await context.close();
    }
  }
}

/** Slows a page's CPU `rate` times (E2E_CPU_THROTTLE). */
async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** The page shared by the tests of one spec file, for one sign-in (`sharedPage`). */
type SharedPage = { key: string; context: BrowserContext; page: Page };

/** Events a test may listen to on its page: a shared page drops the last test's listeners. */
const pageEvents = ['request', 'requestfinished', 'requestfailed', 'response', 'console', 'dialog', 'pageerror', 'framenavigated', 'load', 'domcontentloaded', 'popup', 'download', 'filechooser', 'websocket'] as const;

export const test = base.extend<{ cpuThrottle: undefined; freshSignIns: undefined; sharedPage: boolean }, { sharedPages: { current: SharedPage | null } }>({
  // Every page of the test's context keeps what its toasts said (support.ts: expectMessageShown).
  context: async ({ context }, provide) => {
    await context.addInitScript(recordShownMessages);
    await provide(context);
  },
  /**
   * `test.use({ sharedPage: true })`: the tests of a spec file get one page, in one browser context
   * made for the file, its sign-in and its window size, rather than a context each. Each test still
   * loads the portal afresh (its `page.goto`); what it shares with the test before is the browser's
   * cache, so a screen's code is not fetched and compiled again: the 65 tests of screen-focus.spec
   * took 44 s instead of 84 (8 December 2026). Between tests the portal's stored state (tabs,
   * recent items, preferences, the chosen account), routes, permissions, other pages, listeners and
   * the window size a test set are dropped; the sign-in stays. What cannot be taken back (a fake
   * clock, an init script, a media emulation) and a failure end the sharing: the next test gets a
   * new context. For specs whose tests start with `page.goto` and use their page's context
   * (`page.context()`), never the `context` fixture.
   */
  sharedPage: [false, { option: true }],
  sharedPages: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, provide) => {
      const shared: { current: SharedPage | null } = { current: null };
      await provide(shared);
      await shared.current?.context.close();
    },
    { scope: 'worker' },
  ],
  // Not made from the default `page`: a new page is a new renderer process, which is most of what sharing saves.
  page: async ({ context, sharedPage, sharedPages, browser, storageState, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, bypassCSP, locale, timezoneId, colorScheme, baseURL: base }, provide, testInfo) => {
    if (!sharedPage) {
      await provide(await context.newPage());
      return;
    }
    // The options a context is made with (a describe's phone size, another user) make another one.
    const options = { baseURL: base, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, bypassCSP, locale, timezoneId, colorScheme, storageState };
    const key = `${testInfo.project.name}|${testInfo.file}|${JSON.stringify(options)}`;
    if (sharedPages.current && (sharedPages.current.key !== key || sharedPages.current.page.isClosed())) {
      await sharedPages.current.context.close();
      sharedPages.current = null;
    }
    if (!sharedPages.current) {
      const made = await browser.newContext(options);
      await made.addInitScript(recordShownMessages);
      const page = await made.newPage();
      if (rate > 1) {
        await throttle(made, page);
        made.on('page', (other) => void throttle(made, other).catch(() => undefined));
      }
      sharedPages.current = { key, context: made, page };
    }
    const shared = sharedPages.current.page;
    // What a test cannot take back (a fake clock, a script run in every document) ends the sharing:
    // the next test gets a page of its own, as after a failure.
    let lasting = false;
    const marking = <T extends object>(target: T, names: (keyof T)[]) => {
      for (const name of names) {
        const original = target[name] as (...args: unknown[]) => unknown;
        target[name] = ((...args: unknown[]) => ((lasting = true), original.apply(target, args))) as T[keyof T];
      }
      return () => {
        for (const name of names) delete target[name];
      };
    };
    const unmark = [marking(shared.clock, ['install', 'setFixedTime', 'setSystemTime', 'pauseAt']), marking(shared, ['addInitScript', 'exposeFunction', 'exposeBinding', 'emulateMedia', 'setExtraHTTPHeaders']), marking(sharedPages.current.context, ['addInitScript', 'exposeFunction', 'exposeBinding', 'setOffline', 'setExtraHTTPHeaders', 'setGeolocation'])];
    try {
      await provide(shared);
    } finally {
      for (const restore of unmark) restore();
    }
    // A failed test's page is not the next test's start: its failure stays its own.
    if (lasting || shared.isClosed() || testInfo.status !== testInfo.expectedStatus) {
      await sharedPages.current.context.close();
      sharedPages.current = null;
      return;
    }
    // As a new context would be, but for the sign-in and the cache.
    const { context: sharedContext } = sharedPages.current;
    for (const event of pageEvents) shared.removeAllListeners(event);
    await shared.unrouteAll({ behavior: 'ignoreErrors' });
    await sharedContext.unrouteAll({ behavior: 'ignoreErrors' });
    await sharedContext.clearPermissions();
    await shared
      .evaluate(() => {
        for (const key of Object.keys(localStorage)) if (!key.startsWith('@@auth0spajs@@')) localStorage.removeItem(key);
        sessionStorage.clear();
      })
      .catch(() => undefined);
    const size = shared.viewportSize();
    if (viewport && (size?.width !== viewport.width || size?.height !== viewport.height)) await shared.setViewportSize(viewport);
    for (const other of sharedContext.pages()) if (other !== shared) await other.close();
  },
  freshSignIns: [
    async ({ browser }, use) => {
      await renewStoredSignIns(browser);
      await use(undefined);
    },
    { auto: true },
  ],
  cpuThrottle: [
    async ({ context }, use) => {
      if (rate > 1) {
        context.on('page', (page) => void throttle(context, page).catch(() => undefined));
        await Promise.all(context.pages().map((page) => throttle(context, page)));
      }
      await use(undefined);
    },
    { auto: true },
  ],
});
