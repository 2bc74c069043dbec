import { Hono } from 'hono';
import { revokedSignIns, revokedTokens } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import { endGrant } from '../../idp/adapter.ts';
import { signedIn } from '../../auth/requires.ts';
import { jsonLimit } from '../../records.ts';
import type { AppEnv } from '../../env.ts';

/**
 * How long an ended sign-in stays refused: longer than any access token issued to it can live.
 * 30 days is the longest access-token lifetime Auth0 allows and its default session lifetime; the
 * embedded provider's tokens live an hour and its sign-ins 14 days.
 */
const SIGN_IN_REVOKED_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * JWT access tokens cannot be revoked at the provider (architecture "Sign-in"), so logout
 * sends the token here and the API refuses its id until it would have expired anyway.
 * Logout ends the whole sign-in, not only this token: every access token issued to it is refused
 * from then on (issue 40: the sign-in the token names, `Caller.signInId`, is deny-listed and
 * every process's cache of callers cleared), and with the embedded provider (issue 24) its grant
 * (`grant_id`), every refresh token of it, and its session are ended, so a client that only
 * calls logout cannot get a new access token with the refresh token it kept.
 */
export const authRoutes = new Hono<AppEnv>().post('/logout', signedIn(), jsonLimit, async (c) => {
  const { caller } = c.var;
  if (caller.tokenId || caller.signInId) {
    await write(c, async ({ tx, audit }) => {
      if (caller.tokenId) {
        await tx
          .insert(revokedTokens)
          .values({ jti: caller.tokenId, expiresAt: caller.tokenExpiresAt })
          .onConflictDoNothing();
      }
      if (caller.signInId) {
        const expiresAt = new Date(Math.max(Date.now() + SIGN_IN_REVOKED_MS, caller.tokenExpiresAt.getTime()));
        await tx.insert(revokedSignIns).values({ signIn: caller.signInId, expiresAt }).onConflictDoNothing();
      }
      if (caller.grantId) await endGrant(tx, caller.grantId);
      await audit({ action: 'sign-out', resourceType: 'Session', resourceId: null });
    });
  }
  return c.body(null, 204);
});
