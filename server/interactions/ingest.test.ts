import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chatAssociationSystem } from '../../domain/chat.ts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../db/client.ts';
import { createSimulatedContactCenter } from '../integrations/contact-center/simulator.ts';
import { createFileRecordingStore } from '../integrations/recordings/files.ts';
import type { RecordingStore } from '../integrations/recordings/port.ts';
import { contactAt } from '../integrations/simulators/contact-center-calls.ts';
import { callWorldOf, planCalls } from '../integrations/simulators/contact-center-placing.ts';
import { demoInteractionsPerAccount } from '../seed/demo-interactions.ts';
import { demoAccounts, seed } from '../seed/seed.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { agentDirectory, ingestContacts, interactionIdOf, interactionsChannel } from './ingest.ts';
import { interactionsTick } from './tasks.ts';

let testDb: TestDatabase;
let database: Database;
let dir: string;
let store: RecordingStore;
beforeAll(async () => {
  testDb = await createTestDatabase();
  database = connect(testDb.url);
  dir = await mkdtemp(path.join(tmpdir(), 'astera-recordings-'));
  store = createFileRecordingStore(dir);
  await seed(database.db, { recordings: store });
}, 300_000);
afterAll(async () => {
  await database.close();
  await testDb.drop();
  await rm(dir, { recursive: true, force: true });
});

const riverside = demoAccounts.riverside.id;
const simulator = () => createSimulatedContactCenter(database.db);
const copier = (contactCenter = simulator()) => ({ store, fetch: (location: string) => contactCenter.recording({ id: riverside, awsConnect: null }, location) });

/** Listens on the interactions channel; `received` holds each payload. */
async function listen() {
  const client = new pg.Client({ connectionString: testDb.url });
  await client.connect();
  const received: string[] = [];
  client.on('notification', (n) => {
    if (n.channel === interactionsChannel) received.push(n.payload ?? '');
  });
  await client.query(`listen ${interactionsChannel}`);
  return { received, close: () => client.end() };
}

/** The demo's calls: its web chats (issue 42, demo-chat seed) are interactions too, but neither calls nor the contact center's. */
const calls = sql`not (integration_associations @> ${JSON.stringify([{ system: chatAssociationSystem }])}::jsonb)`;

describe('the demo call history', () => {
  it('seeds a few hundred calls per account over the last 90 days, with the filter columns filled in', async () => {
    const counts = await database.db.execute<{ account_id: string; n: number; oldest: Date; newest: Date }>(
      sql`select account_id, count(*)::int as n, min(start_timestamp) as oldest, max(start_timestamp) as newest from interactions where ${calls} group by account_id order by account_id`,
    );
    expect(counts.rows.map((r) => r.n)).toEqual(Object.values(demoAccounts).map(() => demoInteractionsPerAccount));
    for (const row of counts.rows) {
      expect(Date.now() - new Date(row.oldest).getTime()).toBeLessThanOrEqual(90 * 24 * 3600_000);
      expect(Date.now() - new Date(row.newest).getTime()).toBeGreaterThan(0);
    }
    const rows = await database.db.execute<Record<string, unknown>>(sql`select * from interactions where account_id = ${riverside} and ${calls}`);
    const directions = new Set(rows.rows.map((r) => r.direction));
    for (const d of ['inbound', 'outbound', 'callback']) expect(directions).toContain(d);
    const statuses = new Set(rows.rows.map((r) => r.status));
    // Supervisors' marks (demo-interactions.ts): some answered calls escalated, some to follow up.
    expect(statuses).toEqual(new Set(['completed', 'abandoned', 'follow-up']));
    const escalated = rows.rows.filter((r) => r.escalated);
    expect(escalated.length).toBeGreaterThan(5);
    expect(escalated.length).toBeLessThan(rows.rows.length / 5);
    expect(escalated.every((r) => r.status !== 'abandoned' && typeof r.escalated_type === 'string')).toBe(true);
    expect(new Set(escalated.map((r) => r.escalated_type)).size).toBeGreaterThan(1);
    expect(rows.rows.filter((r) => !r.escalated).every((r) => r.escalated_type === null)).toBe(true);
    for (const row of rows.rows) {
      expect(row.contact_number).toMatch(/^\+1\d{10}$/);
      expect(row.contact_digits).toBe((row.contact_number as string).slice(1));
      expect(row.search_name).toBe((row.patient_name as string).toLowerCase());
      expect(row.queue_id === null || typeof row.queue_name === 'string').toBe(true);
      const events = row.events as { id: string; leg: number; type: string }[];
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
      expect(events.every((e) => e.leg >= 1)).toBe(true);
      expect(row.is_complete).toBe(row.status !== 'follow-up');
      expect(row.duration_seconds).toBeGreaterThan(0);
    }
    // Agents are the account's users: their person ids and names.
    const agents = await database.db.execute<{ agent_id: string; agent_name: string; name: string }>(
      sql`select i.agent_id, i.agent_name, u.name from interactions i left join users u on u.person_id = i.agent_id where i.account_id = ${riverside} and i.agent_name is not null`,
    );
    expect(agents.rows.length).toBeGreaterThan(100);
    for (const a of agents.rows) expect(a.agent_name).toBe(a.name);
    // Dispositions of the queues that have a list come from it.
    const listed = await database.db.execute<{ latest_disposition: string; dispositions: string[] }>(sql`
      select i.latest_disposition, q.dispositions from interactions i join queues q on q.account_id = i.account_id and q.queue_id = (
        select x.e->>'queueId' from jsonb_array_elements(i.events) with ordinality x(e, n) where x.e->>'type' = 'disposition' order by x.n desc limit 1)
      where i.account_id = ${riverside} and cardinality(q.dispositions) > 0 and i.latest_disposition is not null`);
    expect(listed.rows.length).toBeGreaterThan(0);
    for (const r of listed.rows) expect(r.dispositions).toContain(r.latest_disposition);
  });

  it("gives each call the practice team of the agent who handled it (the demo's users answer the phones on its teams)", async () => {
    const agents = await agentDirectory(database.db, riverside);
    const rows = await database.db.execute<{ agent_id: string | null; team_id: string | null; team_name: string | null }>(
      sql`select agent_id, team_id, team_name from interactions where account_id = ${riverside} and ${calls}`,
    );
    for (const row of rows.rows) {
      const team = row.agent_id ? agents.get(row.agent_id)?.team : null;
      expect([row.team_id, row.team_name]).toEqual([team?.id ?? null, team?.name ?? null]);
    }
    const teams = new Set(rows.rows.map((r) => r.team_name).filter((name) => name !== null));
    expect(teams.size).toBeGreaterThan(1);
  });

  it('migration 0033 gives calls ingested without a team the team ingestion gives now, and leaves calls with a team or no agent as they are', async () => {
    const teamsOf = async () =>
      (await database.db.execute<{ id: string; agent_id: string | null; team_id: string | null; team_name: string | null }>(
        sql`select id, agent_id, team_id, team_name from interactions where account_id = ${riverside} order by id`,
      )).rows;
    const before = await teamsOf();
    const withTeam = before.filter((r) => r.team_id !== null);
    expect(withTeam.length).toBeGreaterThan(10);
    const [kept, ...cleared] = withTeam;
    // As calls ingested before teams were kept: no team. One keeps a team of its time (another one).
    await database.db.execute(sql`update interactions set team_id = null, team_name = null where id in ${sql.raw(`(${cleared.map((r) => `'${r.id}'`).join(', ')})`)}`);
    const other = withTeam.find((r) => r.team_id !== kept!.team_id)!;
    await database.db.execute(sql`update interactions set team_id = ${other.team_id}, team_name = 'Renamed since' where id = ${kept!.id}`);
    const migration = await readFile(new URL('../db/migrations/0033_interactions_team_backfill.sql', import.meta.url), 'utf8');
    await database.db.execute(sql.raw(migration));
    const after = new Map((await teamsOf()).map((r) => [r.id, r]));
    for (const row of cleared) expect([after.get(row.id)!.team_id, after.get(row.id)!.team_name]).toEqual([row.team_id, row.team_name]);
    expect([after.get(kept!.id)!.team_id, after.get(kept!.id)!.team_name]).toEqual([other.team_id, 'Renamed since']);
    for (const row of before.filter((r) => r.agent_id === null)) expect(after.get(row.id)!.team_id).toBeNull();
  });

  it('keeps the recordings of some calls as WAV files in the store, at the key their event names', async () => {
    const rows = await database.db.execute<{ id: string; recordings_count: number; events: { id: string; recordings?: { key: string; path: string; size: number }[] }[] }>(
      sql`select id, recordings_count, events from interactions where account_id = ${riverside} and recordings_count > 0`,
    );
    expect(rows.rows.length).toBeGreaterThan(20);
    expect(rows.rows.length).toBeLessThan(demoInteractionsPerAccount);
    const row = rows.rows[0]!;
    const event = row.events.find((e) => e.recordings?.length)!;
    const recording = event.recordings![0]!;
    expect(recording.key).toBe(`${riverside}/${row.id}/${event.id}/${recording.path}`);
    const info = await store.stat(recording.key);
    expect(info).toEqual({ size: recording.size, contentType: 'audio/wav' });
    const reader = (await store.read(recording.key, { start: 0, end: 3 })).getReader();
    const { value } = await reader.read();
    expect(String.fromCharCode(...value!)).toBe('RIFF');
  });
});

describe('ingestion', () => {
  it('writes a call while it lasts, announces the new row and each change, then completes the same row; an ended row is final', async () => {
    const world = (await callWorldOf(database.db, riverside))!;
    const call = planCalls(world, 'ingest-test', Date.now() - 3600_000, Date.now() - 3000_000, 40).find((c) => c.initiation === 'inbound' && c.status === 'completed' && c.legs.length === 1)!;
    const listener = await listen();
    try {
      const waiting = contactAt(call, Date.parse(call.legs[0]!.enqueuedTimestamp!) + 1000);
      const first = await ingestContacts(database.db, riverside, [waiting], { system: 'simulator', recordings: copier() });
      const id = interactionIdOf(riverside, call.contactId);
      expect(first).toEqual({ inserted: [id], updated: [] });
      const [queued] = (await database.db.execute<{ status: string; end_timestamp: Date | null; recordings_count: number }>(sql`select status, end_timestamp, recordings_count from interactions where id = ${id}`)).rows;
      expect(queued).toEqual({ status: 'queued', end_timestamp: null, recordings_count: 0 });

      expect(await ingestContacts(database.db, riverside, [call], { system: 'simulator', recordings: copier() })).toEqual({ inserted: [], updated: [id] });
      const [done] = (await database.db.execute<{ status: string; recordings_count: number; latest_disposition: string }>(sql`select status, recordings_count, latest_disposition from interactions where id = ${id}`)).rows;
      expect(done).toEqual({ status: 'completed', recordings_count: 1, latest_disposition: call.disposition });

      // People change an ended call; reading it again leaves their change.
      await database.db.execute(sql`update interactions set latest_disposition = 'Changed by a person' where id = ${id}`);
      expect(await ingestContacts(database.db, riverside, [call], { system: 'simulator', recordings: copier() })).toEqual({ inserted: [], updated: [] });
      const [kept] = (await database.db.execute<{ latest_disposition: string }>(sql`select latest_disposition from interactions where id = ${id}`)).rows;
      expect(kept!.latest_disposition).toBe('Changed by a person');

      // Told for the new row, for its completion and for the person's change (migration 0042: open
      // pages follow changes), and not for the read that changed nothing.
      await database.db.execute(sql`select 1`);
      for (let i = 0; i < 50 && listener.received.length < 3; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(listener.received).toEqual([`${riverside}:${id}`, `${riverside}:${id}`, `${riverside}:${id}`]);
    } finally {
      await listener.close();
    }
  });

  it('one tick of the job: the simulator places the calls that arrived, and ingestion brings the changed ones into the history', async () => {
    const contactCenter = simulator();
    const before = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from interactions`);
    // A busy hour, so the first minute surely has calls.
    const now = Date.now();
    const result = await interactionsTick({ db: database.db, contactCenter, recordings: store, callsPerHour: 3600, syncSeconds: 5, now: () => now });
    expect(result.placed).toBeGreaterThan(0);
    const after = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from interactions`);
    expect(after.rows[0]!.n).toBeGreaterThan(before.rows[0]!.n);
    // A second tick at the same moment places nothing more.
    expect((await interactionsTick({ db: database.db, contactCenter, recordings: store, callsPerHour: 3600, syncSeconds: 5, now: () => now })).placed).toBe(0);
    // Placing off: nothing placed.
    expect((await interactionsTick({ db: database.db, contactCenter, recordings: store, callsPerHour: 0, syncSeconds: 5, now: () => now + 60_000 })).placed).toBe(0);
  });
});
