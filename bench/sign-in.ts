import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { seedId } from '../server/seed/seed.ts';

/** The issuer and audience of the tokens the benches mint for an API of their own. */
export const BENCH_ISSUER = 'http://idp.bench/';
export const BENCH_AUDIENCE = 'https://api.astera.test';

/**
 * A signing key and an hour's access token of the practice administrator (a role's grants, not
 * an instance administrator's pass), for an API built with `jwk` as its only key.
 */
export async function managerToken() {
  return benchToken('manager');
}

/** The same for another demo user (the Read Only viewer reads what the practice administrator's role leaves out, e.g. interactions). */
export async function benchToken(user: 'manager' | 'viewer') {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256' };
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ sub: seedId(`principal:${user}`), jti: randomUUID(), iat: now, exp: now + 3600 })
    .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
    .setIssuer(BENCH_ISSUER)
    .setAudience(BENCH_AUDIENCE)
    .sign(privateKey);
  return { jwk, token };
}

/** Signs in as the practice administrator on the started portal's provider page; resolves once the shell shows. */
export async function signInAsManager(page: Page, base: string) {
  await page.goto(`${base}/home`);
  await page.getByLabel('Email').fill('manager@astera.test');
  await page.getByLabel('Password').fill('astera-manager');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /^Account menu for / }).waitFor();
}
