import { and, desc, eq, lt } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AuditEntry } from '../../../domain/api.ts';
import { maxSerialId, wholeNumber } from '../../../domain/query.ts';
import { auditLog } from '../../db/schema.ts';
import { requires } from '../../auth/requires.ts';
import type { AppEnv } from '../../env.ts';
import { query } from '../../validate.ts';

const listQuery = v.object({
  limit: v.fallback(wholeNumber(1, 100), 20),
  before: v.optional(wholeNumber(1, maxSerialId)),
});

function summarise(row: typeof auditLog.$inferSelect): string {
  const after = row.after as Record<string, unknown> | null;
  const before = row.before as Record<string, unknown> | null;
  const label = [after?.displayName, after?.name, before?.displayName, before?.name, after?.title, before?.title].find((x) => typeof x === 'string');
  const named = typeof label === 'string' ? ` “${label}”` : '';
  return `${row.actorName} ${row.action === 'create' ? 'created' : row.action === 'update' ? 'updated' : row.action === 'delete' ? 'deleted' : row.action} ${row.resourceType}${named}`;
}

/** The account's recent changes, newest first: what the home page shows. */
export const auditRoutes = new Hono<AppEnv>().get(
  '/recent',
  requires('/permissions/accesspolicy', 'GET'),
  query(listQuery),
  async (c) => {
    const { limit, before } = c.req.valid('query');
    const rows = await c.var.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, c.var.account.id), before === undefined ? undefined : lt(auditLog.id, before)))
      .orderBy(desc(auditLog.id))
      .limit(limit);
    const items: AuditEntry[] = rows.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      actorName: row.actorName,
      action: row.action,
      resourceType: row.resourceType,
      resourceId: row.resourceId,
      summary: summarise(row),
    }));
    return c.json({ items });
  },
);
