import { test as base, type Browser, type Page } from '@playwright/test';
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

export const test = base.extend<{ cpuThrottle: undefined; freshSignIns: undefined }>({
  // Every page of the test's context keeps what its toasts said (support.ts: expectMessageShown).
  context: async ({ context }, provide) => {
    await context.addInitScript(recordShownMessages);
    await provide(context);
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
        const throttle = async (page: Page) => {
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        };
        context.on('page', (page) => void throttle(page).catch(() => undefined));
        await Promise.all(context.pages().map(throttle));
      }
      await use(undefined);
    },
    { auto: true },
  ],
});
