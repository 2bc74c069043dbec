import { isDeepStrictEqual } from 'node:util';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Actor } from '../../domain/actors.ts';
import { auditLog, idempotencyKeys } from './schema/index.ts';
import type { Db, Tx } from './client.ts';

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
   * its last change was an update by this same actor, and it already holds every value sent.
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

/** A create's Idempotency-Key (server/write.ts reads it from the request) and the hash of the request it came with. */
export type Idempotency = { key: string; requestHash: string };

/** The key was first sent with another request (another body or path): the caller reused it by mistake. */
export class IdempotencyKeyReused extends Error {
  constructor() {
    super('Idempotency-Key reused with another request');
  }
}

/** Who writes, and where: the account every row and log entry of the write belongs to. */
export type WriteContext = {
  accountId: string;
  actor: Actor;
  /** A create sent with an Idempotency-Key: its result is kept under the key (see `auditedWrite`). */
  idempotency?: Idempotency | null;
  /**
   * An edit of a versioned record (issue 44): the version it expected the record at, or null when
   * it applies to the current version (unconditional). Kept on the write's log entries. Absent: a
   * write that edits no versioned record.
   */
  expectedVersion?: number | null;
};

/** An update that sends no field at all (every key absent or undefined). */
export const asksNothing = (sent: Record<string, unknown>): boolean => Object.values(sent).every((value) => value === undefined);

/** Round-trips through JSON, as a record does through the API: undefined keys drop, dates become strings. */
const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/**
 * Every write goes through here, whether a request makes it (server/write.ts fills the context
 * from the request) or a job does (as its system actor, domain/actors.ts): one transaction,
 * scoped to the account, with an audit-log row for each change in the same transaction, so a
 * failure leaves nothing half-way.
 *
 * A create given an `idempotency` key stores its result under that key, per actor and account,
 * in the same transaction: the key exists exactly when the write committed. A retry with the same
 * key (its first answer lost to a dropped connection or a 503) gets that result back, without
 * running `work` again, so the handler answers as the first time (same status, same body) and
 * makes no duplicate. A concurrent retry waits for the first one (an advisory lock on the key).
 * So that the retry's answer matches, a create's result must be plain JSON (ids, not rows with
 * dates). The same key with another request hash throws `IdempotencyKeyReused`.
 */
export async function auditedWrite<T>(db: Db, { accountId, actor, idempotency = null, expectedVersion }: WriteContext, work: (scope: WriteScope) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const keyed = idempotency && { accountId, callerId: actor.id, key: idempotency.key };
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
        if (first.requestHash !== idempotency.requestHash) throw new IdempotencyKeyReused();
        return first.result.value as T;
      }
    }
    const scope: WriteScope = {
      tx,
      accountId,
      actorId: actor.id,
      actorName: actor.name,
      async audit(event) {
        await tx.insert(auditLog).values({
          accountId,
          actorId: actor.id,
          actorName: actor.name,
          action: event.action,
          resourceType: event.resourceType,
          resourceId: event.resourceId,
          before: event.before ?? null,
          after: event.after ?? null,
          ...(expectedVersion !== undefined && { conditional: expectedVersion !== null, expectedVersion }),
        });
      },
      async repeats({ resourceType, resourceId, record, version, changes, sent = changes }) {
        if (record.version === version && asksNothing(sent)) return true;
        if (record.version !== version + 1) return false;
        const [last] = await tx
          .select({ action: auditLog.action, actorId: auditLog.actorId })
          .from(auditLog)
          .where(and(eq(auditLog.accountId, accountId), eq(auditLog.resourceType, resourceType), eq(auditLog.resourceId, resourceId)))
          .orderBy(desc(auditLog.id))
          .limit(1);
        if (last?.action !== 'update' || last.actorId !== actor.id) return false;
        return Object.entries(changes).every(([name, value]) => value === undefined || isDeepStrictEqual(asJson(record[name]), asJson(value)));
      },
    };
    const result = await work(scope);
    if (keyed) {
      // Keys of this actor past their lifetime go now (bounded by the actor's own submits).
      await tx
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.accountId, keyed.accountId), eq(idempotencyKeys.callerId, keyed.callerId), lt(idempotencyKeys.createdAt, sql`now() - ${KEY_LIFETIME}`)));
      await tx.insert(idempotencyKeys).values({ ...keyed, requestHash: idempotency.requestHash, result: { value: asJson(result) } });
    }
    return result;
  });
}
