import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Account, AccountAdminList, AccountConfig, AccountSort, AssumedAccount } from '../../../domain/accounts.ts';
import type { SortOrder } from '../../../domain/lists.ts';
import { listOffset, type ListQuery } from '../../../domain/list-query.ts';
import type { Db, Tx } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';
import { containsPattern } from '../../search/like.ts';

type Reader = Db | Tx;
export type AccountRow = typeof accounts.$inferSelect;

/**
 * The account as the API answers it. Assumed accounts are named by the accounts' current names
 * (`names`: id → name; an account renamed since it was assumed reads with its new name).
 */
export function presentAccount(row: AccountRow, names: ReadonlyMap<string, string> = new Map()): Account {
  return {
    resourceType: 'Account',
    id: row.id,
    accountId: row.id,
    name: row.name,
    abbreviation: row.abbreviation,
    userSource: row.userSource,
    domainNames: row.domainNames,
    assumedAccounts: row.assumedAccounts.map((a) => ({ accountId: a.accountId, accountName: names.get(a.accountId) ?? a.accountName })),
    active: row.active,
    timeZone: row.timeZone,
    config: row.config as AccountConfig,
    createdTimestamp: row.createdTimestamp.toISOString(),
    modifiedTimestamp: row.modifiedTimestamp.toISOString(),
    createdBy: row.createdBy,
    modifiedBy: row.modifiedBy,
    version: row.version,
  };
}

/** The current names of accounts, by id (ids that name no account are left out). */
export async function accountNames(db: Reader, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The account with its assumed accounts' current names. */
export async function presentWithNames(db: Reader, row: AccountRow): Promise<Account> {
  return presentAccount(row, await accountNames(db, row.assumedAccounts.map((a) => a.accountId)));
}

/** Assumed accounts by id, named: each must exist and not be the account itself. */
export async function resolveAssumed(db: Reader, accountId: string, ids: readonly string[]): Promise<AssumedAccount[] | 'self' | 'unknown'> {
  if (ids.includes(accountId)) return 'self';
  const names = await accountNames(db, ids);
  if (ids.some((id) => !names.has(id))) return 'unknown';
  return ids.map((id) => ({ accountId: id, accountName: names.get(id)! }));
}

/** Another account holding one of these domain names (compared lower case), if any. */
export async function domainHolder(db: Reader, domainNames: readonly string[], except?: string) {
  if (domainNames.length === 0) return null;
  const wanted = sql`array[${sql.join(
    domainNames.map((d) => sql`${d.toLowerCase()}`),
    sql`, `,
  )}]::text[]`;
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(sql`(select array_agg(lower(d)) from unnest(${accounts.domainNames}) as d) && ${wanted}`, except ? ne(accounts.id, except) : undefined))
    .limit(1);
  return row ?? null;
}

/** Domain names are unique across accounts: writers of domain names take turns (they are rare). */
export const lockDomainNames = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('accounts.domain_names', 0))`);

const sortColumns: Record<AccountSort, SQL[]> = {
  name: [sql`lower(${accounts.name})`, sql`${accounts.id}`],
  id: [sql`${accounts.id}`],
  abbreviation: [sql`lower(${accounts.abbreviation})`, sql`lower(${accounts.name})`, sql`${accounts.id}`],
  active: [sql`${accounts.active}`, sql`lower(${accounts.name})`, sql`${accounts.id}`],
};

const ordered = (columns: SQL[], order: SortOrder) => columns.map((c) => (order === 'asc' ? asc(c) : desc(c)));

/** A page of every account (the instance administrator's list); `q` matches the name or abbreviation, or is the id. */
export async function listAccounts(db: Db, query: ListQuery<AccountSort>): Promise<AccountAdminList> {
  const offset = listOffset(query);
  const where = query.q
    ? or(
        ilike(accounts.name, containsPattern(query.q)),
        ilike(accounts.abbreviation, containsPattern(query.q)),
        /^[0-9a-f-]{36}$/i.test(query.q) ? eq(accounts.id, query.q.toLowerCase()) : undefined,
      )
    : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select({ id: accounts.id, name: accounts.name, abbreviation: accounts.abbreviation, active: accounts.active })
      .from(accounts)
      .where(where)
      .orderBy(...ordered(sortColumns[query.sort], query.order))
      .limit(query.limit)
      .offset(offset),
    db.select({ n: count() }).from(accounts).where(where),
  ]);
  return { items, total: total?.n ?? 0, limit: query.limit, offset };
}
