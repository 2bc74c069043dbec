import { sql } from 'drizzle-orm';
import type { ResourceGrants } from '../../domain/permissions.ts';
import type { Db } from '../db/client.ts';
import { ChannelListener } from '../db/listener.ts';

export type GrantingRole = { id: string; name: string; resources: ResourceGrants };

/** An assumed account the caller may really act in, with the role they act with there. */
export type ActableAccount = { accountId: string; accountName: string; name: string; role: GrantingRole };

/** Everything about a token's caller that a request needs before its handler runs. */
export type Identity = {
  revoked: boolean;
  user: {
    personId: string;
    name: string;
    email: string;
    principalId: string;
    instanceAdmin: boolean;
    active: boolean;
    home: { id: string; name: string; active: boolean };
    role: GrantingRole | null;
    actable: ActableAccount[];
  } | null;
};

type IdentityRow = {
  revoked: boolean;
  person_id: string | null;
  name: string;
  email: string;
  principal_id: string;
  instance_admin: boolean;
  active: boolean;
  home_id: string;
  home_name: string;
  home_active: boolean;
  role: GrantingRole | null;
  actable: ActableAccount[];
};

// A uuid cast that yields null for a malformed id kept in a JSON column instead of failing the request.
const UUID = `'^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$'`;

/**
 * The caller of a token in ONE database round trip: revocation of its id or of its sign-in
 * (`signIn`: the sign-in the token was issued to, ended by a logout with any of its tokens), the user of its
 * subject, their home account and role, and the assumed accounts they may act in (the account
 * must have assumed the target, their role must name a role to assume there, the target must be
 * active and its role must trust theirs back).
 */
export async function loadIdentity(db: Db, subject: string, tokenId: string | null, signIn: string | null = null): Promise<Identity> {
  const { rows } = await db.execute<IdentityRow>(sql`
    select
      (exists (select 1 from revoked_tokens where jti = ${tokenId})
        or exists (select 1 from revoked_sign_ins where sign_in = ${signIn})) as revoked,
      u.person_id, u.name, u.email, u.principal_id, u.instance_admin, u.active,
      a.id as home_id, a.name as home_name, a.active as home_active,
      case when r.id is null then null else json_build_object('id', r.id, 'name', r.name, 'resources', r.resources) end as role,
      coalesce((
        select json_agg(json_build_object(
          'accountId', t.id, 'accountName', e.value->>'accountName', 'name', t.name,
          'role', json_build_object('id', tr.id, 'name', tr.name, 'resources', tr.resources)) order by e.n)
        from jsonb_array_elements(a.assumed_accounts) with ordinality as e(value, n)
        join accounts t on t.active
          and t.id = case when e.value->>'accountId' ~ ${sql.raw(UUID)} then (e.value->>'accountId')::uuid end
        join roles tr on tr.account_id = t.id
          and tr.id = case when r.assume_roles->>(t.id::text) ~ ${sql.raw(UUID)} then (r.assume_roles->>(t.id::text))::uuid end
          and tr.trusted_relationships->>(a.id::text) = r.id::text
      ), '[]'::json) as actable
    from (select 1) as one
    left join users u on u.principal_id = ${subject}
    left join accounts a on a.id = u.account_id
    left join roles r on r.id = u.role_id and r.account_id = u.account_id
  `);
  const row = rows[0]!;
  if (!row.person_id) return { revoked: row.revoked, user: null };
  return {
    revoked: row.revoked,
    user: {
      personId: row.person_id,
      name: row.name,
      email: row.email,
      principalId: row.principal_id,
      instanceAdmin: row.instance_admin,
      active: row.active,
      home: { id: row.home_id, name: row.home_name, active: row.home_active },
      role: row.role,
      actable: row.actable,
    },
  };
}

/** The channel the triggers of migration `caller_notify` send to when a caller may have changed. */
export const CALLERS_CHANNEL = 'astera_callers';

const MAX_ENTRIES = 10_000;
/** Defence in depth: even a change whose notification was somehow missed is seen within a minute. */
const MAX_AGE_MS = 60_000;

/**
 * A per-process cache of callers, keyed by token id (architecture "Who is calling, cheaply").
 * A dedicated connection LISTENs for the triggers' notifications, so a change committed by any
 * process clears it; the writing process also clears it itself right after its commit (`write`).
 * Without a working listener nothing is cached: a change could go unnoticed.
 */
export class CallerCache {
  readonly #entries = new Map<string, { value: Promise<unknown>; at: number }>();
  readonly #listener: ChannelListener;
  #listening = false;

  constructor(databaseUrl: string) {
    this.#listener = new ChannelListener(databaseUrl, CALLERS_CHANNEL, {
      notified: () => this.clear(),
      listening: () => {
        // Whatever changed while no one listened is unknown: start empty.
        this.clear();
        this.#listening = true;
      },
      lost: () => {
        this.#listening = false;
        this.clear();
      },
    });
  }

  /** True while notifications are received (and so values are cached). */
  get listening() {
    return this.#listening;
  }

  /** The cached value of `key`, or what `load` gives (cached while listening). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.#listening) return load();
    const cached = this.#entries.get(key);
    if (cached && Date.now() - cached.at < MAX_AGE_MS) return cached.value as Promise<T>;
    // The promise itself is kept: concurrent requests share one load, and a clearing that happens
    // while it runs drops it, so a value read before a change is never kept after it.
    const loading = load();
    const entry = { value: loading, at: Date.now() };
    this.#entries.delete(key);
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, entry);
    loading.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return loading;
  }

  /** Forgets every cached caller. */
  clear() {
    this.#entries.clear();
  }

  /** Connects the listener; resolves after the first attempt (a failed one is retried in the background). */
  start(): Promise<void> {
    return this.#listener.start();
  }

  async close(): Promise<void> {
    this.#listening = false;
    this.clear();
    await this.#listener.close();
  }
}
