import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

export const demo = {
  admin: { email: 'admin@astera.test', password: 'astera-admin', name: 'Alex Morgan' },
  manager: { email: 'manager@astera.test', password: 'astera-manager', name: 'Maria Lopez' },
  viewer: { email: 'viewer@astera.test', password: 'astera-viewer', name: 'Victor Chen' },
} as const;
export type DemoUser = keyof typeof demo;

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
  await page.context().storageState({ path: storageState(user) });
}

/** A phone number no other test (nor the same test run again) has used: contact point values are unique in an account. */
export const freshPhone = () => `(555) ${300 + Math.floor(Math.random() * 600)}-${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type AxeViolation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };

/** Runs axe on the page as it is now and fails on any violation, naming each. */
export async function expectNoAxeViolations(page: Page) {
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  expect(violations).toEqual([]);
}

/** Opens the app and takes the bearer token its own API calls carry, to call the API as this user. */
export async function signedInApi(page: Page) {
  const call = page.waitForRequest((req) => req.url().includes('/api/') && req.headers()['authorization'] !== undefined);
  await page.goto('/home');
  const authorization = (await call).headers()['authorization']!;
  return {
    async send(method: string, path: string, data?: unknown) {
      const res = await page.request.fetch(`/api${path}`, { method, headers: { Authorization: authorization }, data });
      return res;
    },
  };
}
