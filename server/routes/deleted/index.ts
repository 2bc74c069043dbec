import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { deletedListQuerySchema, type DeletedEntry, type DeletedList } from '../../../domain/deleted.ts';
import { isAllowed } from '../../../domain/permissions.ts';
import { requires } from '../../auth/requires.ts';
import type { Db } from '../../db/client.ts';
import type { MayRead } from '../../tagged.ts';
import type { AppEnv } from '../../env.ts';
import { restorable, type DeletedDescriptor } from '../../soft-delete.ts';
import { query } from '../../validate.ts';
import { deletedRegistry } from './registry.ts';

/** The type's records of the account deleted within the restore window, newest first, at most `limit`. */
async function deletedOf(db: Db, accountId: string, d: DeletedDescriptor, limit: number, mayRead: MayRead): Promise<DeletedEntry[]> {
  const rows = await db
    .select({ id: d.table.id, name: d.nameColumn, deletedAt: d.table.deletedAt, deletedBy: d.table.deletedBy, ...d.refs })
    .from(d.table)
    .where(and(eq(d.table.accountId, accountId), restorable(d.table), d.listed?.(accountId, mayRead)))
    .orderBy(desc(d.table.deletedAt), desc(d.table.id))
    .limit(limit);
  return rows.map((row) => {
    const id = String(row.id);
    const refs = Object.fromEntries(Object.keys(d.refs ?? {}).map((ref) => [ref, String((row as Record<string, unknown>)[ref])]));
    return {
      resourceType: d.resourceType,
      id,
      name: String(row.name ?? ''),
      deletedAt: (row.deletedAt as Date).toISOString(),
      deletedBy: String(row.deletedBy ?? ''),
      path: d.path(id, refs),
      restorePath: d.restorePath(id, refs),
    };
  });
}

/**
 * `GET /deleted`: what this account deleted in the last 30 days, of every registered type the
 * caller may delete (and so restore) and read, newest first (issue 9, the palette's "Recently deleted").
 */
export const deletedRoutes = new Hono<AppEnv>().get('/', requires('/permissions/accesspolicy', 'GET'), query(deletedListQuerySchema), async (c) => {
  const { limit } = c.req.valid('query');
  const { caller, account } = c.var;
  const mayRead: MayRead = (resource) => caller.instanceAdmin || isAllowed(account.role?.resources, resource, 'GET');
  // Restoring needs DELETE; seeing what was deleted (its name) also needs reading the record.
  const types = deletedRegistry().filter((d) => caller.instanceAdmin || (isAllowed(account.role?.resources, d.resource, 'DELETE') && mayRead(d.resource)));
  const lists = await Promise.all(types.map((d) => deletedOf(c.var.deps.db, account.id, d, limit, mayRead)));
  const items = lists
    .flat()
    .sort((a, b) => b.deletedAt.localeCompare(a.deletedAt) || b.id.localeCompare(a.id))
    .slice(0, limit);
  return c.json({ items } satisfies DeletedList);
});
