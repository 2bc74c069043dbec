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
 */
export async function write<T>(c: Context<AppEnv>, work: (scope: WriteScope) => Promise<T>): Promise<T> {
  const { db } = c.var.deps;
  const { caller, account } = c.var;
  return db.transaction(async (tx) => {
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
}
