import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { apiKeyLastUseIntervalMs, apiKeyPattern, apiKeyPrefix } from '../../domain/api-keys.ts';
import type { Db } from '../db/client.ts';
import type { GrantingRole } from './callers.ts';

/** A new secret, its stored hash, and the hint shown beside the key (the prefix and four characters). */
export function issueApiKey(): { secret: string; secretHash: string; hint: string } {
  const secret = `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
  return { secret, secretHash: hashApiKey(secret), hint: `${secret.slice(0, apiKeyPrefix.length + 4)}…` };
}

/**
 * SHA-256 of the secret. A 256-bit random secret cannot be guessed, so a slow password hash buys
 * nothing; what is stored tells nothing about the secret. Keys are found by this hash through a
 * unique index: the lookup compares hashes, never the secret, so its timing says nothing about it.
 */
export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether a presented credential looks like one of our keys (else it is treated as a JWT). */
export const isApiKey = (credential: string) => credential.startsWith(apiKeyPrefix);

/** What a request needs about the key it carries: the key, its account, and the role it acts with. */
export type ApiKeyCaller = {
  id: string;
  name: string;
  active: boolean;
  account: { id: string; name: string; active: boolean };
  role: GrantingRole | null;
};

type ApiKeyRow = {
  id: string;
  name: string;
  active: boolean;
  account_id: string;
  account_name: string;
  account_active: boolean;
  role: GrantingRole | null;
};

/** The key of a presented secret, with its account and role, in one round trip; null for none. */
export async function loadApiKeyCaller(db: Db, secret: string): Promise<ApiKeyCaller | null> {
  if (!apiKeyPattern.test(secret)) return null;
  const { rows } = await db.execute<ApiKeyRow>(sql`
    select k.id, k.name, k.active, a.id as account_id, a.name as account_name, a.active as account_active,
      case when r.id is null then null else json_build_object('id', r.id, 'name', r.name, 'resources', r.resources) end as role
    from api_keys k
    join accounts a on a.id = k.account_id
    left join roles r on r.id = k.role_id and r.account_id = k.account_id
    where k.secret_hash = ${hashApiKey(secret)}
  `);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    account: { id: row.account_id, name: row.account_name, active: row.account_active },
    role: row.role,
  };
}

/**
 * When this process last wrote each key's last use. It only saves round trips: the update itself
 * is conditional, so several processes together still write a key's last use at most once a minute.
 */
const lastWritten = new Map<string, number>();
const MAX_TRACKED = 10_000;

/** Records that the key was used now, at most once a minute per key (reads with a key stay reads). */
export async function recordApiKeyUse(db: Db, id: string): Promise<void> {
  const now = Date.now();
  const last = lastWritten.get(id);
  if (last !== undefined && now - last < apiKeyLastUseIntervalMs) return;
  if (lastWritten.size >= MAX_TRACKED) lastWritten.clear();
  lastWritten.set(id, now);
  await db.execute(sql`
    update api_keys set last_used_at = now()
    where id = ${id} and (last_used_at is null or last_used_at < now() - make_interval(secs => ${apiKeyLastUseIntervalMs / 1000}))
  `);
}
