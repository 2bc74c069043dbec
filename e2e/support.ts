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
