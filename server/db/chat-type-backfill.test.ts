import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileHarness } from '../test/harness.ts';
import { interactions, webChats } from './schema/index.ts';

const h = fileHarness();

/** Migration 0047's statements that set what chats written before it were (its first part, before the comments' triggers). */
const backfill = readFileSync(new URL('./migrations/0047_interactions_type_comments_push.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .filter((statement) => /^\s*(--.*\n)*\s*UPDATE/m.test(statement));

describe('migration 0047 on chats written before it (issue 42)', () => {
  it('marks them chats, and takes the made-up "Web chat visitor" name from a visitor who gave none; calls and named visitors keep theirs', async () => {
    expect(backfill).toHaveLength(2);
    const accountId = h.accounts.riverside.id;
    const row = (name: string) => ({ accountId, createdBy: 'Web chat', modifiedBy: 'Web chat', startTimestamp: new Date(), direction: 'inbound' as const, status: 'queued' as const, type: 'call' as const, patientName: name, patient: { name, dob: null, type: 'patient', location: null, contactNumber: null, email: null, smsOk: null } });
    const [unnamed, named, call] = await h.db.insert(interactions).values([row('Web chat visitor'), row('Ana Before'), row('Web chat visitor')]).returning({ id: interactions.id });
    await h.db.insert(webChats).values([
      { accountId, id: 'BackfillUnnamedChat000', tokenHash: 'x', interactionId: unnamed!.id, visitorName: null },
      { accountId, id: 'BackfillNamedChat00000', tokenHash: 'x', interactionId: named!.id, visitorName: 'Ana Before' },
    ]);
    for (const statement of backfill) await h.db.execute(sql.raw(statement));
    const read = async (id: string) => (await h.db.select().from(interactions).where(eq(interactions.id, id)))[0]!;
    expect(await read(unnamed!.id)).toMatchObject({ type: 'chat', patientName: null, searchName: null, patient: { name: null } });
    expect(await read(named!.id)).toMatchObject({ type: 'chat', patientName: 'Ana Before', searchName: 'ana before' });
    expect(await read(call!.id)).toMatchObject({ type: 'call', patientName: 'Web chat visitor' });
  });
});
