import { Hono } from 'hono';
import { revokedTokens } from '../../db/schema/index.ts';
import { write } from '../../db/write.ts';
import { endGrant } from '../../idp/adapter.ts';
import { signedIn } from '../../auth/requires.ts';
import { jsonLimit } from '../../records.ts';
import type { AppEnv } from '../../env.ts';

/**
 * JWT access tokens cannot be revoked at the provider (architecture "Sign-in"), so logout
 * sends the token here and the API refuses its id until it would have expired anyway.
 * Logout ends the whole grant (issue 24), not only this token: the embedded provider's grant the
 * token names (`grant_id`), every refresh token of it, and its session, so a client that only
 * calls logout cannot get a new access token with the refresh token it kept.
 */
export const authRoutes = new Hono<AppEnv>().post('/logout', signedIn(), jsonLimit, async (c) => {
  const { caller } = c.var;
  if (caller.tokenId) {
    await write(c, async ({ tx, audit }) => {
      await tx
        .insert(revokedTokens)
        .values({ jti: caller.tokenId!, expiresAt: caller.tokenExpiresAt })
        .onConflictDoNothing();
      if (caller.grantId) await endGrant(tx, caller.grantId);
      await audit({ action: 'sign-out', resourceType: 'Session', resourceId: null });
    });
  }
  return c.body(null, 204);
});
