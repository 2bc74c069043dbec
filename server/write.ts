import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Actor } from '../domain/actors.ts';
import { messages } from '../domain/messages.ts';
import { auditedWrite, IdempotencyKeyReused, type Idempotency, type WriteScope } from './db/write.ts';
import type { AppEnv, Caller } from './env.ts';
import { ApiError, badRequest } from './errors.ts';

const keyPattern = /^[\x21-\x7e]{1,200}$/;

/**
 * The request's `Idempotency-Key` (creates only: POST). Its request hash covers method, path
 * and body, so the same key sent with another request is told apart from a retry.
 */
async function idempotencyOf(c: Context<AppEnv>): Promise<Idempotency | null> {
  const key = c.req.header('idempotency-key');
  if (key === undefined || c.req.method !== 'POST') return null;
  if (!keyPattern.test(key)) throw badRequest(messages.idempotencyKeyInvalid, { 'Idempotency-Key': messages.idempotencyKeyInvalid });
  const body = await c.req.text();
  const requestHash = createHash('sha256').update(`${c.req.method} ${c.req.path}\n`).update(body).digest('hex');
  return { key, requestHash };
}

/** The caller as the audit log names them: a user, or the API key the request carries. */
export const actorOf = (caller: Caller): Actor => ({ kind: caller.apiKey ? 'api-key' : 'user', id: caller.personId, name: caller.name });

/**
 * A request's write: the audited, account-scoped write (server/db/write.ts) in the request's
 * account, as its caller, with the create's `Idempotency-Key` header if it sent one (a key reused
 * with another request is refused, 422). Once committed, the process's cache of callers is cleared
 * (any write may have changed a user, role, account or revocation; writes are rare next to reads,
 * and a miss costs one round trip).
 */
export async function write<T>(c: Context<AppEnv>, work: (scope: WriteScope) => Promise<T>): Promise<T> {
  const { db, callers } = c.var.deps;
  const idempotency = await idempotencyOf(c);
  // An edit's expected version (server/records.ts `expectedVersion`), for its log entries.
  const expectedVersion = c.get('expectedVersion');
  const result = await auditedWrite(db, { accountId: c.var.account.id, actor: actorOf(c.var.caller), idempotency, expectedVersion }, work).catch((error: unknown) => {
    if (error instanceof IdempotencyKeyReused) throw new ApiError(422, 'idempotency_key_reused', messages.idempotencyKeyReused);
    throw error;
  });
  // The triggers' notification reaches this process's listener a moment after the commit; the
  // writer's own next request must not be served the caller it has just changed before then.
  callers?.clear();
  return result;
}
