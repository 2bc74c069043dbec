import { and, eq, ilike, ne, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Issue, IssueList, IssueSort } from '../../../domain/issues.ts';
import type { TagFilter } from '../../../domain/tags.ts';
import type { ListQuery } from '../../../domain/list-query.ts';
import type { Db, Tx } from '../../db/client.ts';
import { issues } from '../../db/schema/index.ts';
import { isId, listPage, liveRecord, restorableRecord, presentCommon } from '../../list-queries.ts';
import { containsPattern } from '../../search/like.ts';
import { live } from '../../soft-delete.ts';
import { taggedWith } from '../../tagged.ts';

type Reader = Db | Tx;
export type IssueRow = typeof issues.$inferSelect;

export function presentIssue(row: IssueRow): Issue {
  return {
    resourceType: 'Issue',
    id: row.id,
    ...presentCommon(row),
    name: row.name,
    description: row.description,
    category: row.category,
    urgent: row.urgent,
    active: row.active,
  };
}

/** The issue, always inside the request's account and not deleted (another account's, or a deleted one, is "not found"). */
export const findIssue = (db: Reader, accountId: string, id: string, forUpdate = false) => liveRecord(db, issues, accountId, id, forUpdate);

/** A deleted issue of the account that may still be restored (within the restore window), locked for the restore. */
export const findRestorable = (db: Reader, accountId: string, id: string) => restorableRecord(db, issues, accountId, id);

/** Another issue of the account, not deleted, with this name (any case). */
export async function issueNamed(db: Reader, accountId: string, name: string, except?: string) {
  const [row] = await db
    .select({ id: issues.id, name: issues.name })
    .from(issues)
    .where(and(eq(issues.accountId, accountId), live(issues), sql`lower(${issues.name}) = lower(${name})`, except ? ne(issues.id, except) : undefined));
  return row ?? null;
}

const sortColumns: Record<IssueSort, AnyColumn[]> = {
  id: [issues.id],
  name: [issues.name, issues.id],
  category: [issues.category, issues.name, issues.id],
  urgent: [issues.urgent, issues.name, issues.id],
  active: [issues.active, issues.name, issues.id],
};

/** A page of the account's issues (not deleted); `q` matches the name, description or category, or is the id. */
export async function listIssues(db: Db, accountId: string, query: ListQuery<IssueSort> & { tag?: TagFilter }): Promise<IssueList> {
  const filter = query.q
    ? or(
        ilike(issues.name, containsPattern(query.q)),
        ilike(issues.description, containsPattern(query.q)),
        ilike(issues.category, containsPattern(query.q)),
        isId(query.q, issues.id),
      )
    : undefined;
  const where = and(eq(issues.accountId, accountId), live(issues), filter, query.tag ? taggedWith('Issue', issues.id, accountId, query.tag) : undefined);
  const rows = db.select({ id: issues.id, name: issues.name, category: issues.category, urgent: issues.urgent, active: issues.active }).from(issues).$dynamic();
  return listPage(db, issues, rows, where, sortColumns[query.sort], query);
}
