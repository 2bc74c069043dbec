import { and, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AuditEntry } from '../../../domain/api.ts';
import { maxSerialId, wholeNumber } from '../../../domain/query.ts';
import { auditLog, persons, roles } from '../../db/schema.ts';
import { requires } from '../../auth/requires.ts';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../env.ts';
import { query } from '../../validate.ts';

const listQuery = v.object({
  limit: v.fallback(wholeNumber(1, 100), 20),
  before: v.optional(wholeNumber(1, maxSerialId)),
});

type AuditRow = typeof auditLog.$inferSelect;

const isUuid = (id: string | null): id is string => id !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The record's name as its snapshot in the log gives it (the latest one first), if it does. */
function snapshotName(row: AuditRow): string | null {
  const after = row.after as Record<string, unknown> | null;
  const before = row.before as Record<string, unknown> | null;
  const label = [after?.displayName, after?.name, after?.insurancePlanName, before?.displayName, before?.name, before?.insurancePlanName, after?.title, before?.title].find((x) => typeof x === 'string' && x.trim() !== '');
  if (typeof label === 'string') return label;
  // Bulk inserts (the demo seed, the seed command) name what they added.
  const demo = after?.demoPeople as { persons?: number } | undefined;
  if (typeof demo?.persons === 'number') return `${demo.persons} demo persons`;
  if (typeof after?.bulkPersons === 'number') return `${after.bulkPersons} generated persons`;
  return null;
}

/**
 * Every entry names its record (issue 8): from the log's snapshot, else the record's current
 * name (a practitioner's photo names the practitioner), else its kind and short id.
 */
async function recordNames(db: Db, rows: AuditRow[]): Promise<Map<AuditRow, string>> {
  const names = new Map<AuditRow, string>();
  const unnamed: AuditRow[] = [];
  for (const row of rows) {
    const name = snapshotName(row);
    if (name) names.set(row, name);
    else unnamed.push(row);
  }
  const ids = [...new Set(unnamed.map((row) => row.resourceId).filter(isUuid))];
  const current = new Map<string, string>();
  if (ids.length > 0) {
    const accountId = unnamed[0]!.accountId;
    for (const person of await db.select({ id: persons.id, name: persons.displayName }).from(persons).where(and(eq(persons.accountId, accountId), inArray(persons.id, ids)))) current.set(person.id, person.name);
    for (const role of await db.select({ id: roles.id, name: roles.name }).from(roles).where(and(eq(roles.accountId, accountId), inArray(roles.id, ids)))) current.set(role.id, role.name);
  }
  for (const row of unnamed) names.set(row, (row.resourceId && current.get(row.resourceId)) || (row.resourceId ? `${row.resourceType} ${row.resourceId.slice(0, 8)}` : row.resourceType));
  return names;
}

const verbs: Record<string, string> = { create: 'created', update: 'updated', delete: 'deleted', restore: 'restored' };
const verb = (action: string) => verbs[action] ?? action;

/**
 * The account's recent changes, newest first: what the home page shows. Sign-outs are in the log
 * (the audit log screen shows them) but change no record, so they are not "changes" here.
 */
export const auditRoutes = new Hono<AppEnv>().get(
  '/recent',
  requires('/permissions/accesspolicy', 'GET'),
  query(listQuery),
  async (c) => {
    const { limit, before } = c.req.valid('query');
    const rows = await c.var.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, c.var.account.id), ne(auditLog.resourceType, 'Session'), before === undefined ? undefined : lt(auditLog.id, before)))
      .orderBy(desc(auditLog.id))
      .limit(limit);
    const names = await recordNames(c.var.deps.db, rows);
    const items: AuditEntry[] = rows.map((row) => {
      const title = names.get(row)!;
      return {
        id: String(row.id),
        at: row.at.toISOString(),
        actorName: row.actorName,
        action: row.action,
        resourceType: row.resourceType,
        resourceId: row.resourceId,
        title,
        summary: `${row.actorName} ${verb(row.action)} ${row.resourceType} “${title}”`,
      };
    });
    return c.json({ items });
  },
);
