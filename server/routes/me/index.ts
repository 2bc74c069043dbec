import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { preferencesPatchSchema, preferencesSchema, type Preferences } from '../../../domain/preferences.ts';
import { signedIn } from '../../auth/requires.ts';
import { users } from '../../db/schema/index.ts';
import type { AppEnv } from '../../env.ts';
import { jsonLimit } from '../../records.ts';
import { json } from '../../validate.ts';
import type { Db } from '../../db/client.ts';

async function load(db: Db, personId: string): Promise<Preferences> {
  const [row] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.personId, personId));
  return v.parse(preferencesSchema, row?.preferences ?? {});
}

/**
 * The caller's own settings. They belong to the user, not to an account: they are read and written
 * by person id, whichever account the request acts in, and need no role grant.
 */
export const meRoutes = new Hono<AppEnv>()
  .get('/preferences', signedIn(), async (c) => c.json(await load(c.var.deps.db, c.var.caller.personId)))
  .patch('/preferences', signedIn(), jsonLimit, json(preferencesPatchSchema), async (c) => {
    const changes = c.req.valid('json');
    const { db } = c.var.deps;
    const personId = c.var.caller.personId;
    // A user's own display settings are not a change to account data, so no audit row.
    const merged = await db.transaction(async (tx) => {
      const [row] = await tx.select({ preferences: users.preferences }).from(users).where(eq(users.personId, personId)).for('update');
      const next = { ...v.parse(preferencesSchema, row?.preferences ?? {}), ...changes };
      await tx.update(users).set({ preferences: next }).where(eq(users.personId, personId));
      return next;
    });
    return c.json(merged);
  });
