import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';

export const demo = {
  admin: { email: 'admin@astera.test', password: 'astera-admin', name: 'Alex Morgan' },
  manager: { email: 'manager@astera.test', password: 'astera-manager', name: 'Maria Lopez' },
  viewer: { email: 'viewer@astera.test', password: 'astera-viewer', name: 'Victor Chen' },
} as const;
export type DemoUser = keyof typeof demo;

/**
 * How long a test waits for something pushed live (a new call in an open list, a chat message):
 * long enough for a loaded CI machine, far shorter than any reload or poll would take. The
 * 2-second figure the issues ask for belongs to `npm run bench` (not yet measured there), never to a test's timeout.
 */
export const liveBudget = 10_000;

export const storageState = (user: DemoUser) => `test-results/.auth/${user}.json`;

/** Signs in on the identity provider's page, as a person does. */
export async function signInOnProviderPage(page: Page, user: DemoUser) {
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(demo[user].email);
  await page.getByLabel('Password').fill(demo[user].password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs `user` in on a page of a context with no session, and keeps that context's state (the
 * SDK's tokens in local storage) at `storageState(user)` for the tests that start signed in.
 */
export async function signInAndKeepState(page: Page, user: DemoUser) {
  await page.goto('/home');
  await signInOnProviderPage(page, user);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: `Account menu for ${demo[user].name}` })).toBeVisible();
  keepStoredState(storageState(user), JSON.stringify(await page.context().storageState()));
}

/**
 * Writes a stored sign-in whole or not at all (a new file renamed over the old): the two workers
 * may renew the same user's at once (fixtures.ts: freshSignIns), and two writes into one file left
 * it with the end of the longer after the shorter, which every later test of that user failed to
 * read (a whole run under 4× throttling).
 */
export function keepStoredState(file: string, json: string) {
  const next = `${file}.${process.pid}.${randomUUID()}.tmp`;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(next, json);
  renameSync(next, file);
}

/** A phone number no other test (nor the same test run again) has used: contact point values are unique in an account. */
export const freshPhone = () => `(555) ${300 + Math.floor(Math.random() * 600)}-${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeScript: string | undefined;

type AxeViolation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };

/**
 * Rests the pointer on a toast that offers an action (Undo), as a hand reaching for it does. Such a
 * toast then stays until the pointer leaves (components/ui/toast.tsx), so the steps a test takes
 * before choosing the action (filter the list, see the record gone) never race the toast's 8
 * seconds: on a busy machine they took longer, and the Undo was gone before the click.
 */
export async function holdToast(toast: Locator) {
  await toast.hover();
}

/**
 * Run in every page of a test's context before its scripts (fixtures.ts): keeps the text of every
 * message shown in a status or alert region (a toast) in `window.shownMessages`. A plain toast shows
 * for the spec's 3 seconds; on a busy machine the screen that follows a save may take longer than
 * that to show, and a test that looks for the toast after it finds it gone (issue 24). What the
 * page showed stays in this list.
 */
export function recordShownMessages() {
  const shown: string[] = [];
  (window as unknown as { shownMessages: string[] }).shownMessages = shown;
  const regions = '[role="status"], [role="alert"]';
  const note = (node: Node) => {
    if (!(node instanceof Element)) return;
    for (const element of [node, ...node.querySelectorAll(regions)]) if (element.matches(regions) && element.textContent) shown.push(element.textContent);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach(note);
      // Text put into, or changed in, a region that was already there.
      const region = (record.target instanceof Element ? record.target : record.target.parentElement)?.closest(regions);
      if (region && (record.addedNodes.length > 0 || record.type === 'characterData')) note(region);
    }
  }).observe(document, { childList: true, characterData: true, subtree: true });
}

/**
 * The page showed `text` in a toast (or another status or alert region) since it was loaded, whether
 * or not it still shows. Only for pages of the test's own context (`page`, or `page.context().newPage()`):
 * a context from `browser.newContext()` does not record.
 */
export async function expectMessageShown(page: Page, text: string) {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shownMessages?: string[] }).shownMessages ?? []), { message: `a toast said “${text}”` })
    .toContainEqual(expect.stringContaining(text));
}

/** The words and numbers inside `scope` that a line break cut in two (each word's text range on more than one line). */
export function brokenWords(scope: Locator) {
  return scope.evaluate((element) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('.sr-only')) continue;
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top + r.height / 2)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

/**
 * Runs axe on the page once it has settled (or, `whileLoading`, as it is now: a test of the
 * loading state itself) and fails on any violation, naming each.
 */
export async function expectNoAxeViolations(page: Page, { whileLoading = false }: { whileLoading?: boolean } = {}) {
  // The page as a reader finds it once it has settled: no screen, list or week loading (a list
  // fetching again is dimmed and aria-busy while it waits), no transition under way (the dimming
  // fading out). Read mid-way, a loaded run found the dimmed rows' contrast (trust-first.spec, two
  // workers). Charts are not waited for: a canvas is busy until drawn, and is drawn when scrolled near.
  if (!whileLoading)
    await page.waitForFunction(
    () => !document.querySelector('table[aria-busy="true"], main[aria-busy="true"], ol[aria-busy="true"]') && document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 20_000 },
  );
  // Injected once per document: a second check of the same page (a dialog opened, an error shown) reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: (axeScript ??= readFileSync(axeSource, 'utf8')) });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  expect(violations).toEqual([]);
}

/** The SDK renews an access token within 60 seconds of its expiry (src/lib/auth.ts); a token used here must outlast that and the test's own calls. */
const storedTokenMarginSeconds = 5 * 60;

/**
 * The bearer token the signed-in SPA would send, read from the context's local storage (the Auth0
 * SDK's cache entry `@@auth0spajs@@::client::audience::scope`, as src/lib/auth.ts reads it):
 * the stored sign-in state (fixtures.ts renews it before each test when it ends within 15 minutes),
 * or what a sign-in in this context left. Read only: the refresh token is never used here, so the
 * SPA's own renewals (which rotate it) are never raced. Undefined when no good token is stored.
 */
async function storedBearer(page: Page): Promise<string | undefined> {
  // Read from an open page of the origin, or from a blank page Playwright points at it (the SPA does not start).
  const { origins } = await page.context().storageState();
  const nowSeconds = Date.now() / 1000;
  let best: { token: string; expiresAt: number } | undefined;
  for (const entry of origins.flatMap((origin) => origin.localStorage)) {
    if (!entry.name.startsWith('@@auth0spajs@@::') || entry.name.endsWith('::@@user@@')) continue;
    const scopes = entry.name.split('::').at(-1)!.split(' ');
    if (!['openid', 'email', 'profile'].every((scope) => scopes.includes(scope))) continue;
    let stored: { body?: { access_token?: unknown }; expiresAt?: unknown };
    try {
      stored = JSON.parse(entry.value) as typeof stored;
    } catch {
      continue;
    }
    const token = stored.body?.access_token;
    const expiresAt = stored.expiresAt;
    if (typeof token !== 'string' || typeof expiresAt !== 'number' || expiresAt - storedTokenMarginSeconds < nowSeconds) continue;
    if (!best || expiresAt > best.expiresAt) best = { token, expiresAt };
  }
  return best && `Bearer ${best.token}`;
}

/** Opens the app and takes the bearer token its own API calls carry (the SPA renews a token near its end). */
async function bearerFromApp(page: Page): Promise<string> {
  const call = page.waitForRequest((req) => req.url().includes('/api/') && req.headers()['authorization'] !== undefined);
  await page.goto('/home');
  return (await call).headers()['authorization']!;
}

/**
 * Calls the API as the user `page`'s context is signed in as, with the bearer token the SPA would
 * send. The token is read from the context's stored sign-in, without starting the SPA (it used to
 * open `/home` for it: a cold start of the app per call); only a missing or nearly expired token opens
 * `/home` to let the SPA renew it. So `page` stays where it was: a test that goes on with the app
 * opens it itself.
 */
export async function signedInApi(page: Page) {
  const authorization = (await storedBearer(page)) ?? (await bearerFromApp(page));
  return {
    async send(method: string, path: string, data?: unknown) {
      const res = await page.request.fetch(`/api${path}`, { method, headers: { Authorization: authorization }, data });
      return res;
    },
  };
}

/**
 * A patient's phone: a fresh browser context (no sign-in, no storage) at `width`×844 (390 unless
 * said), recording any Content-Security-Policy violation and the scripts it loads; under the page's
 * real CSP unless `bypassCSP` (axe is injected as a script, which that CSP rightly refuses).
 * Shared by the public pages' specs (the survey, the call-masking page).
 */
export async function patientPhone(browser: Browser, { width = 390, bypassCSP = false }: { width?: number; bypassCSP?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 844 }, storageState: { cookies: [], origins: [] }, bypassCSP, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return { context, page, scripts, violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations) };
}

/**
 * Presses J or K on a list (on `on` when given) and waits until its active row (`active`: the row's selector) is the one
 * the key moves to (the first row when none was active; never past either end). A keypress is
 * handled after `press` returns, so a test that reads the active row's text right after its keys
 * may read a row the page has not yet moved off: a fast run did.
 */
export async function pressListKey(page: Page, rows: Locator, key: 'j' | 'k', { active = '[aria-selected="true"]', on }: { active?: string; on?: Locator } = {}) {
  const activeIndex = () => rows.evaluateAll((all, selector) => all.findIndex((row) => row.matches(selector)), active);
  const [before, count] = [await activeIndex(), await rows.count()];
  await (on ? on.press(key) : page.keyboard.press(key));
  const expected = before < 0 ? 0 : Math.max(0, Math.min(count - 1, before + (key === 'j' ? 1 : -1)));
  await expect.poll(activeIndex, { message: `the active row after ${key.toUpperCase()}` }).toBe(expected);
}

/** Presses Tab until `target` has the focus, as a keyboard user does (at most `presses` times). */
export async function tabTo(page: Page, target: Locator, presses = 60) {
  for (let i = 0; i < presses; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * A screen shot for a person to look at (`test-results/screens/<name>.png`), taken only when
 * `E2E_SCREENS=1`: nothing checks it, and a full-page shot cost a loaded CI run time on every screen
 * of the walks. Run a spec with it set to look at what the walks saw.
 */
export async function screenshotToLookAt(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (process.env.E2E_SCREENS !== '1') return;
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage });
}

/** Nothing wider than the viewport: the page never scrolls sideways. */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}
