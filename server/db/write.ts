import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { messages } from '../../domain/messages.ts';
import { ApiError, badRequest } from '../errors.ts';
import { auditLog, idempotencyKeys } from './schema/index.ts';
import type { Tx } from './client.ts';
import type { AppEnv } from '../env.ts';

export type AuditEvent = {
  action: 'create' | 'update' | 'delete' | 'revoke' | string;
  resourceType: string;
  resourceId: string | null;
  before?: unknown;
  after?: unknown;
};

/** An update about to be made: the record as read (and locked), the version the request edits, the values it sends. */
export type Update = {
  resourceType: string;
  resourceId: string;
  record: Record<string, unknown> & { version: number };
  version: number;
  changes: Record<string, unknown>;
  /**
   * What the request itself sent, when `changes` also carries values derived from the record
   * (e.g. a normalised value): an empty PATCH is told by this. Defaults to `changes`.
   */
  sent?: Record<string, unknown>;
};

export type WriteScope = {
  tx: Tx;
  accountId: string;
  actorId: string;
  actorName: string;
  audit(event: AuditEvent): Promise<void>;
  /**
   * Whether this update was already made by this same request, whose answer was lost (the
   * client retries it): the record is exactly one version past the one the request edits,
   * its last change was an update by this caller, and it already holds every value sent.
   * Then the request answers with the record instead of 409: nothing else changed it since.
   *
   * Also true for an empty update (issue 24): the current version and no field sent. It changes
   * nothing, so it makes no new version and no log entry; the request answers (200) with the
   * record unchanged. An empty update of an older version is still refused (409) by `editable`.
   */
  repeats(update: Update): Promise<boolean>;
};

/**
 * How long an Idempotency-Key is remembered: longer than any client keeps retrying a submit. Older
 * keys are deleted by the job queue (server/db/tasks.ts).
 */
export const KEY_LIFETIME = sql`interval '24 hours'`;
const keyPattern = /^[\x21-\x7e]{1,200}$/;

type Idempotency = { key: string; requestHash: string };

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

/** An update that sends no field at all (every key absent or undefined). */
export const asksNothing = (sent: Record<string, unknown>): boolean => Object.values(sent).every((value) => value === undefined);

/** Round-trips through JSON, as a record does through the API: undefined keys drop, dates become strings. */
const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/**
 * Every write goes through here: one transaction, scoped to the request's account, with an
 * audit-log row for each change in the same transaction, so a failure leaves nothing half-way.
 * Once committed, the process's cache of callers is cleared (any write may have changed a user,
 * role, account or revocation; writes are rare next to reads, and a miss costs one round trip).
 *
 * A create (POST) sent with an `Idempotency-Key` header stores its result under that key, per
 * caller and account, in the same transaction: the key exists exactly when the write committed.
 * A retry with the same key (its first answer lost to a dropped connection or a 503) gets that
 * result back, without running `work` again, so the handler answers as the first time (same
 * status, same body) and makes no duplicate. A concurrent retry waits for the first one (an
 * advisory lock on the key). So that the retry's answer matches, a create's result must be
 * plain JSON (ids, not rows with dates).
 */
export async function write<T>(c: Context<AppEnv>, work: (scope: WriteScope) => Promise<T>): Promise<T> {
  const { db, callers } = c.var.deps;
  const { caller, account } = c.var;
  const idempotency = await idempotencyOf(c);
  const result = await db.transaction(async (tx) => {
    const keyed = idempotency && { accountId: account.id, callerId: caller.personId, key: idempotency.key };
    if (keyed) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`idempotency\n${keyed.accountId}\n${keyed.callerId}\n${keyed.key}`}, 0))`);
      const [first] = await tx
        .select({ requestHash: idempotencyKeys.requestHash, result: idempotencyKeys.result })
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.accountId, keyed.accountId),
            eq(idempotencyKeys.callerId, keyed.callerId),
            eq(idempotencyKeys.key, keyed.key),
            sql`${idempotencyKeys.createdAt} > now() - ${KEY_LIFETIME}`,
          ),
        );
      if (first) {
        if (first.requestHash !== idempotency.requestHash) throw new ApiError(422, 'idempotency_key_reused', messages.idempotencyKeyReused);
        return first.result.value as T;
      }
    }
    const scope: WriteScope = {
      tx,
      accountId: account.id,
      actorId: caller.personId,
      actorName: caller.name,
      async audit(event) {
        await tx.insert(auditLog).values({
          accountId: account.id,
          actorId: caller.personId,
          actorName: caller.name,
          action: event.action,
          resourceType: event.resourceType,
          resourceId: event.resourceId,
          before: event.before ?? null,
          after: event.after ?? null,
        });
      },
      async repeats({ resourceType, resourceId, record, version, changes, sent = changes }) {
        if (record.version === version && asksNothing(sent)) return true;
        if (record.version !== version + 1) return false;
        const [last] = await tx
          .select({ action: auditLog.action, actorId: auditLog.actorId })
          .from(auditLog)
          .where(and(eq(auditLog.accountId, account.id), eq(auditLog.resourceType, resourceType), eq(auditLog.resourceId, resourceId)))
          .orderBy(desc(auditLog.id))
          .limit(1);
        if (last?.action !== 'update' || last.actorId !== caller.personId) return false;
        return Object.entries(changes).every(([name, value]) => value === undefined || isDeepStrictEqual(asJson(record[name]), asJson(value)));
      },
    };
    const result = await work(scope);
    if (keyed) {
      // Keys of this caller past their lifetime go now (bounded by the caller's own submits).
      await tx
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.accountId, keyed.accountId), eq(idempotencyKeys.callerId, keyed.callerId), lt(idempotencyKeys.createdAt, sql`now() - ${KEY_LIFETIME}`)));
      await tx.insert(idempotencyKeys).values({ ...keyed, requestHash: idempotency.requestHash, result: { value: asJson(result) } });
    }
    return result;
  });
  // The triggers' notification reaches this process's listener a moment after the commit; the
  // writer's own next request must not be served the caller it has just changed before then.
  callers?.clear();
  return result;
}
