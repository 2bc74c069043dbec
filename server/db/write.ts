import type { Context } from 'hono';
import { auditLog } from './schema.ts';
import type { Tx } from './client.ts';
import type { AppEnv } from '../env.ts';

export type AuditEvent = {
  action: 'create' | 'update' | 'delete' | 'revoke' | string;
  resourceType: string;
  resourceId: string | null;
  before?: unknown;
  after?: unknown;
};

export type WriteScope = {
  tx: Tx;
  accountId: string;
  actorId: string;
  actorName: string;
  audit(event: AuditEvent): Promise<void>;
};

/**
 * Every write goes through here: one transaction, scoped to the request's account, with an
 * audit-log row for each change in the same transaction, so a failure leaves nothing half-way.
 * Once committed, the process's cache of callers is cleared (any write may have changed a user,
 * role, account or revocation; writes are rare next to reads, and a miss costs one round trip).
 */
export async function write<T>(c: Context<AppEnv>, work: (scope: WriteScope) => Promise<T>): Promise<T> {
  const { db, callers } = c.var.deps;
  const { caller, account } = c.var;
  const result = await db.transaction(async (tx) => {
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
    };
    return work(scope);
  });
  // The triggers' notification reaches this process's listener a moment after the commit; the
  // writer's own next request must not be served the caller it has just changed before then.
  callers?.clear();
  return result;
}
