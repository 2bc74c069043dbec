import { expect, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import type { ResourceGrants } from '../domain/permissions.ts';
import { hashPassword } from '../server/auth/passwords.ts';
import { e2ePort } from '../playwright.config.ts';
import { signedInApi } from './support.ts';

/**
 * A user of its own for a test: a fresh role (given grants), a person, the user record holding
 * the role (all through the API as the signed-in administrator of `adminPage`), and a sign-in at
 * the embedded identity provider. The portal has no screen that sets a password (sign-ins are
 * the provider's business), so the provider's `credentials` row is written into the e2e
 * database directly, as the demo seed writes its own. In the administrator's account, or in
 * `accountId` (an account a test made for itself: one it may deactivate while other specs run).
 */
export async function freshRoleHolder(adminPage: Page, label: string, resources: ResourceGrants, { accountId }: { accountId?: string } = {}) {
  const signedIn = await signedInApi(adminPage);
  // In another account than the administrator's own when asked (the instance administrator acts in any).
  const api = accountId ? { ...signedIn, send: (method: string, path: string, body?: unknown) => signedIn.send(method, `${path}${path.includes('?') ? '&' : '?'}accountId=${accountId}`, body) } : signedIn;
  // Short and one word (base 36): the role's name shows in lists that other specs check at phone size.
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
  const roleName = `${label} ${stamp}`;
  const role = await api.send('POST', '/permissions/roles', { name: roleName, resources });
  expect(role.status()).toBe(201);
  const roleId = ((await role.json()) as { id: string }).id;
  const family = `Holder${stamp.replace(/\D/g, '')}`;
  const person = await api.send('POST', '/person/persons', { name: [{ use: 'official', given: ['Rolf'], family, prefix: [], suffix: [] }], communication: [] });
  expect(person.status()).toBe(201);
  const personId = ((await person.json()) as { id: string }).id;
  const email = `holder-${stamp}@astera.test`;
  const principalId = `e2e|holder-${stamp}`;
  const user = await api.send('POST', `/person/users/${personId}`, { email, principalId, roleId });
  expect(user.status()).toBe(201);
  const password = `holder-${stamp}`;
  const db = new pg.Client({ connectionString: `postgres://postgres:postgres@localhost:${e2ePort + 7}/astera` });
  await db.connect();
  try {
    await db.query('insert into credentials (subject, email, name, password_hash) values ($1, $2, $3, $4)', [principalId, email, `Rolf ${family}`, await hashPassword(password)]);
  } finally {
    await db.end();
  }
  return { api, roleId, roleName, personId, email, password, name: `Rolf ${family}` };
}

/** Signs the holder in, in a browser context of their own, and waits for the portal's header. */
export async function signInAs(browser: Browser, who: { email: string; password: string; name: string }) {
  // Not the test's signed-in state: a browser of their own.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // At phone size the account menu is folded into the header's one Menu.
  await expect(page.getByRole('button', { name: `Account menu for ${who.name}` }).or(page.getByRole('button', { name: 'Menu', exact: true }))).toBeVisible();
  return page;
}
