import { Hono } from 'hono';
import { revokedTokens } from '../../db/schema.ts';
import { write } from '../../db/write.ts';
import { signedIn } from '../../auth/requires.ts';
import { jsonLimit } from '../../records.ts';
import type { AppEnv } from '../../env.ts';

/**
 * JWT access tokens cannot be revoked at the provider (architecture "Sign-in"), so logout
 * sends the token here and the API refuses its id until it would have expired anyway.
 */
export const authRoutes = new Hono<AppEnv>().post('/logout', signedIn(), jsonLimit, async (c) => {
  const { caller } = c.var;
  if (caller.tokenId) {
    await write(c, async ({ tx, audit }) => {
      await tx
        .insert(revokedTokens)
        .values({ jti: caller.tokenId!, expiresAt: caller.tokenExpiresAt })
        .onConflictDoNothing();
      await audit({ action: 'sign-out', resourceType: 'Session', resourceId: null });
    });
  }
  return c.body(null, 204);
});
