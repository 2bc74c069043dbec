import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { keepStoredState, storageState } from './support.ts';

/**
 * A run longer than the access token's hour (a loaded machine, `--repeat-each`): the stored sign-in
 * is renewed before a test starts (fixtures.ts: freshSignIns), not by each test from the one stored
 * refresh token, which the first renewal uses up (the identity provider rotates it), leaving every
 * later test signed out.
 */
test.describe('a stored sign-in whose access token has expired', () => {
  test.use({ storageState: storageState('admin') });
  test.describe.configure({ mode: 'serial' });

  test('(the stored access token made to have expired)', () => {
    const file = storageState('admin');
    const state = JSON.parse(readFileSync(file, 'utf8')) as { origins: { localStorage: { name: string; value: string }[] }[] };
    let tokens = 0;
    for (const entry of state.origins.flatMap((origin) => origin.localStorage)) {
      if (!entry.name.startsWith('@@auth0spajs@@::') || entry.name.endsWith('::@@user@@')) continue;
      entry.value = JSON.stringify({ ...JSON.parse(entry.value), expiresAt: Math.floor(Date.now() / 1000) - 10 });
      tokens++;
    }
    expect(tokens).toBeGreaterThan(0);
    keepStoredState(file, JSON.stringify(state));
  });

  for (const run of ['first', 'second', 'third']) {
    test(`still signs in the ${run} test that starts from it`, async ({ page }) => {
      await page.goto('/home');
      await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
    });
  }
});
