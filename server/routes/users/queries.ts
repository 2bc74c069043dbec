import { and, eq, getTableColumns, type AnyColumn } from 'drizzle-orm';
import type { User, UserList, UserSort } from '../../../domain/persons.ts';
import type { ListQuery } from '../../../domain/list-query.ts';
import type { Db, Tx } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import { listPage, textOrId } from '../../list-queries.ts';

type UserRow = typeof users.$inferSelect;

const iso = (d: Date) => d.toISOString();

export function presentUser(row: UserRow, roleName: string | null): User {
  return {
    id: row.personId,
    personId: row.personId,
    accountId: row.accountId,
    resourceType: 'User',
    createdTimestamp: iso(row.createdTimestamp),
    modifiedTimestamp: iso(row.modifiedTimestamp),
    createdBy: row.createdBy,
    modifiedBy: row.modifiedBy,
    version: row.version,
    name: row.name,
    email: row.email,
    principalId: row.principalId,
    source: row.source,
    oktaId: row.oktaId,
    active: row.active,
    roleId: row.roleId,
    userPolicy: { accessPolicy: { role: roleName, roleId: row.roleId } },
    instanceAdmin: row.instanceAdmin,
  };
}

// ---------------------------------------------------------------------------------------------
// Single records, always inside the request's account (another account's record is "not found")

type Reader = Db | Tx;

export async function findUser(db: Reader, accountId: string, id: string, forUpdate = false) {
  const q = db.select().from(users).where(and(eq(users.accountId, accountId), eq(users.personId, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function roleName(db: Reader, accountId: string, roleId: string | null): Promise<string | null> {
  if (!roleId) return null;
  const [row] = await db.select({ name: roles.name }).from(roles).where(and(eq(roles.accountId, accountId), eq(roles.id, roleId)));
  return row?.name ?? null;
}

/** What a user's role grants (null without a role): the bound on who may change the user's sign-in (issue 24). */
export async function roleGrants(db: Reader, accountId: string, roleId: string | null) {
  if (!roleId) return null;
  const [row] = await db.select({ resources: roles.resources }).from(roles).where(and(eq(roles.accountId, accountId), eq(roles.id, roleId)));
  return row?.resources ?? null;
}

// ---------------------------------------------------------------------------------------------
// Lists: server-side paging, sorting and filtering

const userSortColumns: Record<UserSort, AnyColumn[]> = {
  id: [users.personId],
  name: [users.name, users.personId],
  principalId: [users.principalId, users.personId],
  active: [users.active, users.name, users.personId],
};

export async function listUsers(db: Db, accountId: string, query: ListQuery<UserSort>): Promise<UserList> {
  const where = and(eq(users.accountId, accountId), textOrId(query.q, users.personId, [users.name, users.email]));
  // The whole user (spec §3, issue 44) with its role's name (`userPolicy.accessPolicy.role`).
  const rows = db
    .select({ user: getTableColumns(users), roleName: roles.name })
    .from(users)
    .leftJoin(roles, and(eq(roles.accountId, users.accountId), eq(roles.id, users.roleId)))
    .$dynamic();
  const { items, ...page } = await listPage(db, users, rows, where, userSortColumns[query.sort], query);
  return { Items: items.map((row) => presentUser(row.user, row.roleName)), ...page };
}
