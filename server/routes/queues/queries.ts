import { and, asc, count, desc, eq, getTableColumns, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Queue, QueueChanges, QueueList, QueueSort } from '../../../domain/queues.ts';
import type { SortOrder } from '../../../domain/lists.ts';
import { listOffset, type ListQuery } from '../../../domain/list-query.ts';
import type { Db, Tx } from '../../db/client.ts';
import { accounts, queues } from '../../db/schema/index.ts';
import { awsConnectOf, type ContactCenter, type ContactCenterAccount, type ContactCenterQueue } from '../../integrations/contact-center/port.ts';
import { containsPattern } from '../../search/like.ts';
import { presentCommon } from '../../list-queries.ts';

type Reader = Db | Tx;
export type QueueRow = typeof queues.$inferSelect;

export function presentQueue(row: QueueRow): Queue {
  return {
    resourceType: 'Queue',
    id: row.queueId,
    ...presentCommon(row),
    queueName: row.queueName,
    queueArn: row.queueArn,
    agentGreetingImageLocationPath: row.agentGreetingImageLocationPath,
    agentGreetings: { inbound: row.agentGreetings.inbound ?? null, outbound: row.agentGreetings.outbound ?? null, callback: row.agentGreetings.callback ?? null },
    dispositions: row.dispositions,
    removedAt: row.removedAt?.toISOString() ?? null,
  };
}

/** The queue of the account (a removed one too: its page says the contact center no longer has it). */
export async function findQueue(db: Reader, accountId: string, queueId: string, forUpdate = false) {
  const q = db.select().from(queues).where(and(eq(queues.accountId, accountId), eq(queues.queueId, queueId)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** Whether the account has never synced its queues (no row at all, removed ones included). */
export async function neverSynced(db: Reader, accountId: string) {
  const [row] = await db.select({ queueId: queues.queueId }).from(queues).where(eq(queues.accountId, accountId)).limit(1);
  return !row;
}

/** What the contact center is told about the account: its id and its awsConnect settings. */
export async function contactCenterAccount(db: Reader, accountId: string): Promise<ContactCenterAccount> {
  const [row] = await db.select({ config: accounts.config }).from(accounts).where(eq(accounts.id, accountId));
  return { id: accountId, awsConnect: awsConnectOf(row?.config ?? {}) };
}

/** Asks the contact center for the account's queues (outside any transaction: it may be a network call). */
export async function listContactCenterQueues(db: Reader, contactCenter: ContactCenter, accountId: string) {
  return contactCenter.listQueues(await contactCenterAccount(db, accountId));
}

/**
 * Brings the stored queues in line with what the contact center listed: new ones are added,
 * ones it no longer lists are marked removed, ones it lists again are brought back, names and
 * ARNs follow the contact center. The portal's settings (greetings, image, dispositions) are
 * never touched. Rows are locked for the comparison, so two refreshes at once do not both add.
 */
export async function applyQueueSync(tx: Tx, accountId: string, actorName: string, listed: ContactCenterQueue[]): Promise<QueueChanges & { before: QueueRow[] }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`queues-sync\n${accountId}`}, 0))`);
  const stored = await tx.select().from(queues).where(eq(queues.accountId, accountId)).for('update');
  const byId = new Map(stored.map((row) => [row.queueId, row]));
  const listedIds = new Set(listed.map((q) => q.queueId));
  const added: string[] = [];
  const removed: string[] = [];
  const stamp = { modifiedBy: actorName, modifiedTimestamp: sql`now()`, version: sql`${queues.version} + 1` };
  const mine = (queueId: string) => and(eq(queues.accountId, accountId), eq(queues.queueId, queueId));
  for (const queue of listed) {
    const row = byId.get(queue.queueId);
    if (!row) {
      await tx.insert(queues).values({ accountId, ...queue, createdBy: actorName, modifiedBy: actorName }).onConflictDoNothing();
      added.push(queue.queueName);
    } else if (row.removedAt || row.queueName !== queue.queueName || row.queueArn !== queue.queueArn) {
      if (row.removedAt) added.push(queue.queueName);
      await tx.update(queues).set({ queueName: queue.queueName, queueArn: queue.queueArn, removedAt: null, ...stamp }).where(mine(queue.queueId));
    }
  }
  for (const row of stored) {
    if (row.removedAt || listedIds.has(row.queueId)) continue;
    await tx.update(queues).set({ removedAt: sql`now()`, ...stamp }).where(mine(row.queueId));
    removed.push(row.queueName);
  }
  return { added, removed, before: stored };
}

const sortColumns: Record<QueueSort, SQL[]> = {
  name: [sql`lower(${queues.queueName})`, sql`${queues.queueId}`],
  id: [sql`${queues.queueId}`],
  dispositions: [sql`cardinality(${queues.dispositions})`, sql`lower(${queues.queueName})`, sql`${queues.queueId}`],
};

const ordered = (columns: SQL[], order: SortOrder) => columns.map((c) => (order === 'asc' ? asc(c) : desc(c)));

/** A page of the account's queues that the contact center has now; `q` matches the name, the id or the ARN. */
export async function listQueues(db: Reader, accountId: string, query: ListQuery<QueueSort>): Promise<QueueList> {
  const offset = listOffset(query);
  const filter = query.q ? or(ilike(queues.queueName, containsPattern(query.q)), ilike(queues.queueArn, containsPattern(query.q))) : undefined;
  const where = and(eq(queues.accountId, accountId), isNull(queues.removedAt), filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(getTableColumns(queues))
      .from(queues)
      .where(where)
      .orderBy(...ordered(sortColumns[query.sort], query.order))
      .limit(query.limit)
      .offset(offset),
    db.select({ n: count() }).from(queues).where(where),
  ]);
  return { items: rows.map(presentQueue), total: total?.n ?? 0, limit: query.limit, offset };
}
