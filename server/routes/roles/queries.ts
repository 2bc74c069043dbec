import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { listOffset, type ListQuery } from '../../../domain/list-query.ts';
import { compactCcpConfig, toPolicyResources, type CcpConfig, type Policy, type Role, type RoleList, type RoleSort, type RoleUser } from '../../../domain/roles.ts';
import type { Db, Tx } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../search/like.ts';
import { presentCommon } from '../../list-queries.ts';

type Reader = Db | Tx;
export type RoleRow = typeof roles.$inferSelect;

/** How many users of the role's account hold it. */
const userCount = sql<number>`(select count(*)::int from ${users} where ${users.accountId} = ${roles.accountId} and ${users.roleId} = ${roles.id})`;

export function presentRole(row: RoleRow, users: number): Role {
  return {
    resourceType: 'Role',
    id: row.id,
    ...presentCommon(row),
    name: row.name,
    resources: row.resources,
    trustedRelationships: row.trustedRelationships,
    assumeRoles: row.assumeRoles,
    ccpConfig: compactCcpConfig(row.ccpConfig as CcpConfig | null),
    userCount: users,
  };
}

/** The same role in spec §3's older policy shape. */
export function presentPolicy(role: Role): Policy {
  const { resources, trustedRelationships, assumeRoles, ccpConfig, userCount: _users, resourceType: _type, ...common } = role;
  return {
    ...common,
    resourceType: 'Policy',
    resources: toPolicyResources(resources),
    features: { ccp: ccpConfig !== null },
    settings: { ccpConfig },
    roleAssociations: { trustedRelationships, assumeRoles },
  };
}

/** The role, always inside the request's account (another account's is "not found"), with its user count. */
export async function findRole(db: Reader, accountId: string, id: string, forUpdate = false) {
  const q = db.select({ role: roles, users: userCount }).from(roles).where(and(eq(roles.accountId, accountId), eq(roles.id, id)));
  const [row] = forUpdate ? await q.for('update', { of: roles }) : await q;
  return row ?? null;
}

export async function roleUsers(db: Reader, accountId: string, roleId: string): Promise<RoleUser[]> {
  return db
    .select({ id: users.personId, name: users.name, email: users.email, active: users.active })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.roleId, roleId)))
    .orderBy(asc(users.name), asc(users.personId))
    .limit(1000);
}

const sortColumns: Record<RoleSort, SQL[]> = {
  id: [sql`${roles.id}`],
  name: [sql`${roles.name}`, sql`${roles.id}`],
  users: [userCount, sql`${roles.name}`, sql`${roles.id}`],
};

export type RoleListQuery = ListQuery<RoleSort>;

/**
 * The account's roles. Without paging asked for (`paged` false) every role is answered: the
 * role selects of the user forms need them all, and an account has a few dozen at most.
 */
export async function listRoles(db: Reader, accountId: string, query: RoleListQuery, paged: boolean): Promise<RoleList> {
  const filter = query.q ? or(ilike(roles.name, containsPattern(query.q)), sql`${roles.id}::text = lower(${query.q})`) : undefined;
  const where = and(eq(roles.accountId, accountId), filter);
  const direction = query.order === 'desc' ? desc : asc;
  const offset = paged ? listOffset(query) : 0;
  const base = db
    .select({ role: roles, users: userCount })
    .from(roles)
    .where(where)
    .orderBy(...sortColumns[query.sort].map((column) => direction(column)));
  const rows = paged ? await base.limit(query.limit).offset(offset) : await base;
  const [total] = await db.select({ n: count() }).from(roles).where(where);
  return { items: rows.map((r) => presentRole(r.role, r.users)), total: total!.n, limit: paged ? query.limit : null, offset };
}

/**
 * The accounts a trust row may name, with their roles (issue 24): for an instance administrator
 * every active account; for anyone else the request's account and the accounts related to it by
 * assumed accounts, either way (the only ones where trust takes effect, see `loadIdentity`).
 */
export async function trustTargetRows(db: Reader, accountId: string, everyAccount: boolean) {
  const { rows } = await db.execute<{ id: string; name: string; role_id: string; role_name: string; resources: RoleRow['resources'] }>(sql`
    select a.id, a.name, r.id as role_id, r.name as role_name, r.resources
    from accounts a
    join roles r on r.account_id = a.id
    where a.active and (
      ${everyAccount}
      or a.id = ${accountId}
      or exists (select 1 from jsonb_array_elements(a.assumed_accounts) e where lower(e->>'accountId') = ${accountId})
      or exists (select 1 from accounts s, jsonb_array_elements(s.assumed_accounts) e where s.id = ${accountId} and lower(e->>'accountId') = a.id::text)
    )
    order by lower(a.name), a.id, lower(r.name), r.id
  `);
  return rows;
}
