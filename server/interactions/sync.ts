/**
 * Ingestion (issue 26): the job that reads each account's ended and changed contacts from its
 * contact center (whichever adapter the configuration chose) and writes them into `interactions`
 * through the one writer (ingest.ts). Each account keeps how far it was read (`meta` row
 * `interactions.synced:<accountId>`); every read goes back a little before that, so a contact
 * the contact center reports late is not missed (the writer leaves unchanged rows alone).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, meta } from '../db/schema/index.ts';
import { awsConnectOf, ContactCenterError, type ContactCenter, type ContactCenterAccount } from '../integrations/contact-center/port.ts';
import type { RecordingStore } from '../integrations/recordings/port.ts';
import { ingestContacts } from './ingest.ts';

/** How far back each read reaches before the last one's end. */
const overlapMs = 2 * 60_000;
/** A first read of an account: the last day. */
const firstReadMs = 24 * 3600_000;

const markerKey = (accountId: string) => `interactions.synced:${accountId}`;

async function contactCenterAccount(db: Db, accountId: string): Promise<ContactCenterAccount> {
  const [row] = await db.select({ config: accounts.config }).from(accounts).where(eq(accounts.id, accountId));
  return { id: accountId, awsConnect: awsConnectOf(row?.config ?? {}) };
}

export type SyncDeps = { db: Db; contactCenter: ContactCenter; recordings: RecordingStore };

/** Reads and writes one account's contacts up to `now`; answers the rows added and changed. */
export async function syncAccountInteractions(deps: SyncDeps, accountId: string, now: Date): Promise<{ inserted: string[]; updated: string[] }> {
  const { db, contactCenter } = deps;
  const [marker] = await db.select().from(meta).where(eq(meta.key, markerKey(accountId)));
  const last = marker ? Date.parse((marker.value as { until: string }).until) : now.getTime() - firstReadMs;
  const since = new Date(Math.min(last, now.getTime()) - (marker ? overlapMs : 0));
  const account = await contactCenterAccount(db, accountId);
  const contacts = await contactCenter.contactsChanged(account, { since, until: now });
  const written = await ingestContacts(db, accountId, contacts, {
    system: contactCenter.kind,
    recordings: { store: deps.recordings, fetch: (location) => contactCenter.recording(account, location) },
  });
  const value = { until: now.toISOString() };
  await db.insert(meta).values({ key: markerKey(accountId), value }).onConflictDoUpdate({ target: meta.key, set: { value } });
  return written;
}

/** Every active account, one after another; an account whose contact center is not configured is skipped. */
export async function syncAllInteractions(deps: SyncDeps, now: Date): Promise<number> {
  const rows = await deps.db.execute<{ id: string }>(sql`select id from accounts where active order by id`);
  let written = 0;
  for (const { id } of rows.rows) {
    try {
      const result = await syncAccountInteractions(deps, id, now);
      written += result.inserted.length + result.updated.length;
    } catch (error) {
      if (error instanceof ContactCenterError && error.reason === 'not_configured') continue;
      throw error;
    }
  }
  return written;
}
