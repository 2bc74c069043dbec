import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { errors, type Adapter, type AdapterFactory, type AdapterPayload } from 'oidc-provider';
import type { Db, Tx } from '../db/client.ts';
import { oidcPayloads } from '../db/schema/index.ts';

/** Rows past their expiry are invisible at once; the job queue deletes them later (server/idp/tasks.ts). Database time decides. */
const live = or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

/** PostgreSQL's jsonb cannot hold U+0000; such a value can only come from a request, so it is refused as one. */
function storable(payload: AdapterPayload): AdapterPayload {
  if (JSON.stringify(payload).includes('\\u0000')) throw new errors.InvalidRequest('request parameters must not contain NUL characters');
  return payload;
}

class PostgresAdapter implements Adapter {
  readonly #db: Db;
  readonly #model: string;

  constructor(db: Db, model: string) {
    this.#db = db;
    this.#model = model;
  }

  #is(id: string) {
    return and(eq(oidcPayloads.model, this.#model), eq(oidcPayloads.id, id));
  }

  async #findWhere(condition: ReturnType<typeof and>): Promise<AdapterPayload | undefined> {
    const [row] = await this.#db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.#model), condition, live))
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? sql`now() + ${expiresIn} * interval '1 second'` : null;
    const values = {
      payload: storable(payload) as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt,
    };
    // A re-saved entity keeps its consumed mark (a consumed refresh token stays consumed).
    await this.#db
      .insert(oidcPayloads)
      .values({ model: this.#model, id, ...values })
      .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(eq(oidcPayloads.id, id));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(eq(oidcPayloads.uid, uid));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(eq(oidcPayloads.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.#db.update(oidcPayloads).set({ consumedAt: sql`now()` }).where(this.#is(id));
  }

  async destroy(id: string): Promise<void> {
    await this.#db.delete(oidcPayloads).where(this.#is(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.#db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.#model), eq(oidcPayloads.grantId, grantId)));
  }
}

/** oidc-provider's `adapter` setting: every model of the provider in the `oidc_payloads` table. */
export function postgresAdapter(db: Db): AdapterFactory {
  return (model) => new PostgresAdapter(db, model);
}

/** The access-token claim naming the provider's grant the token was issued under (see `startIdp`). */
export const GRANT_CLAIM = 'grant_id';

/**
 * Ends a grant at the embedded provider (issue 24: logout ends the whole grant): the Grant itself,
 * every token issued under it (refresh tokens, codes), and the sessions that hold it, so neither a
 * refresh token nor the provider's cookie gets a new access token afterwards. Used by the API's
 * logout, in its transaction: the provider keeps its state in the same database.
 */
export async function endGrant(db: Db | Tx, grantId: string): Promise<void> {
  await db
    .delete(oidcPayloads)
    .where(
      or(
        eq(oidcPayloads.grantId, grantId),
        and(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.id, grantId)),
        and(
          eq(oidcPayloads.model, 'Session'),
          sql`exists (select 1 from jsonb_each(${oidcPayloads.payload}->'authorizations') as a(client, entry) where a.entry->>'grantId' = ${grantId})`,
        ),
      ),
    );
}
