import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escalationTypes, interactionListQuerySchema } from '../../domain/interactions.ts';
import { listInteractions, totalCap } from '../routes/interactions/queries.ts';
import { connect, type Database } from '../db/client.ts';
import { createFileRecordingStore } from '../integrations/recordings/files.ts';
import { agentDirectory } from '../interactions/ingest.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { insertManyInteractions } from './bulk-interactions.ts';
import { demoAccounts } from './seed.ts';

let testDb: TestDatabase;
let database: Database;
let dir: string;
beforeAll(async () => {
  testDb = await createTestDatabase({ seeded: true });
  database = connect(testDb.url);
  dir = await mkdtemp(path.join(tmpdir(), 'astera-bulk-'));
}, 300_000);
afterAll(async () => {
  await database.close();
  await testDb.drop();
  await rm(dir, { recursive: true, force: true });
});

const lakeside = demoAccounts.lakeside.id;
const bulkCount = async () => (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from interactions where account_id = ${lakeside} and body ? 'bulk'`)).rows[0]!.n;

describe('bulk interactions (npm run seed -- --interactions N)', () => {
  it('adds N calls in set-based statements, shaped like ingested ones, recordings pointing at a few shared WAV files', async () => {
    const store = createFileRecordingStore(dir);
    const batches: number[] = [];
    await insertManyInteractions(database.pool, lakeside, 12_345, { seed: 42, recordings: store, batchSize: 5000, onBatch: (done) => batches.push(done) });
    expect(batches).toEqual([5000, 10_000, 12_345]);
    expect(await bulkCount()).toBe(12_345);
    const rows = await database.db.execute<Record<string, unknown>>(sql`select * from interactions where account_id = ${lakeside} and body ? 'bulk' limit 5000`);
    const directions = new Set(rows.rows.map((r) => r.direction));
    expect(directions).toEqual(new Set(['inbound', 'outbound', 'callback', 'webrtc_api', 'api', 'external_outbound']));
    const users = new Set((await database.db.execute<{ person_id: string }>(sql`select person_id from users where account_id = ${lakeside}`)).rows.map((u) => u.person_id));
    // The team of a call is its agent's (ingestion's rule), as for ingested calls.
    const agents = await agentDirectory(database.db, lakeside);
    let teamed = 0;
    const keys = new Set<string>();
    for (const row of rows.rows) {
      expect(row.contact_number).toMatch(/^\+1[2-9]\d{9}$/);
      expect(row.contact_digits).toBe((row.contact_number as string).slice(1));
      expect(row.search_name).toBe((row.patient_name as string).toLowerCase());
      expect(Date.now() - new Date(row.start_timestamp as string).getTime()).toBeLessThanOrEqual(90 * 24 * 3600_000 + 3 * 3600_000);
      const events = row.events as { id: string; type: string; leg: number; recordings?: { key: string }[] }[];
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
      expect(events[0]!.type).toBe(row.direction);
      if (row.status === 'abandoned') {
        expect(row.agent_id).toBeNull();
        expect(events.at(-1)!.type).toBe('disconnect');
      } else {
        expect(users).toContain(row.agent_id);
        expect(row.latest_disposition).not.toBeNull();
        const team = agents.get(row.agent_id as string)!.team;
        expect([row.team_id, row.team_name]).toEqual([team?.id ?? null, team?.name ?? null]);
        if (team) teamed++;
      }
      const recordings = events.flatMap((e) => e.recordings ?? []);
      expect(recordings.length).toBe(row.recordings_count);
      for (const r of recordings) keys.add(r.key);
    }
    // The demo's users answer the phones on its teams: some calls have a team.
    expect(teamed).toBeGreaterThan(0);
    // As in the demo seed: some answered calls await a follow-up (not complete), some are escalated
    // (each kind; an urgent symptom is high priority); an abandoned call is neither.
    const answered = rows.rows.filter((row) => row.status !== 'abandoned');
    const followUps = answered.filter((row) => row.status === 'follow-up');
    expect(followUps.length / answered.length).toBeGreaterThan(0.03);
    expect(followUps.length / answered.length).toBeLessThan(0.12);
    for (const row of rows.rows) expect(row.is_complete).toBe(row.status !== 'follow-up');
    const escalated = rows.rows.filter((row) => row.escalated);
    expect(escalated.length / answered.length).toBeGreaterThan(0.04);
    expect(escalated.length / answered.length).toBeLessThan(0.13);
    expect(escalated.every((row) => row.status !== 'abandoned')).toBe(true);
    expect(new Set(escalated.map((row) => row.escalated_type))).toEqual(new Set(escalationTypes));
    for (const row of rows.rows) {
      expect(row.escalated_type).toEqual(row.escalated ? expect.any(String) : null);
      expect(row.priority).toEqual(row.escalated_type === 'urgent-symptom' ? ['high'] : []);
    }
    expect(keys.size).toBeGreaterThan(1);
    expect(keys.size).toBeLessThanOrEqual(5);
    for (const key of keys) expect(await store.stat(key)).toMatchObject({ contentType: 'audio/wav' });
    // Again with the same seed: the same external ids, nothing added twice.
    await insertManyInteractions(database.pool, lakeside, 1000, { seed: 42 });
    expect(await bulkCount()).toBe(12_345);
  }, 180_000);

  it('gives what the table triggers give row by row: the same rows (search columns included), daily figures, lists and pushes', async () => {
    const riverside = demoAccounts.riverside.id;
    const now = new Date('2026-11-20T12:00:00Z');
    const listener = new pg.Client({ connectionString: testDb.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => {
      if (n.payload?.startsWith(riverside)) heard.push(n.payload);
    });
    await listener.query('listen astera_interactions');
    const settle = async () => {
      await listener.query('select 1');
      await new Promise((resolve) => setTimeout(resolve, 200));
    };
    const rows = async () =>
      (
        await database.pool.query(
          `select * from interactions where account_id = $1 and body ? 'bulk' order by id`,
          [riverside],
        )
      ).rows.map(({ created_timestamp: _c, modified_timestamp: _m, ...row }) => row);
    const figures = async () =>
      (
        await database.pool.query(
          `select day::text, queue_id, direction, calls::int, abandoned::int, answered::int, answered_in_threshold::int, handle_seconds::int, wait_seconds::int, dispositions
           from interaction_daily_metrics where account_id = $1 and (calls <> 0 or dispositions <> '{}'::jsonb) order by 1, 2, 3`,
          [riverside],
        )
      ).rows;
    const { rows: queue } = await database.pool.query<{ queue_id: string }>('select queue_id from queues where account_id = $1 and removed_at is null order by queue_name limit 1', [riverside]);
    const lists = async (sample: Record<string, unknown>) => {
      const digits = String(sample.contact_number).slice(2);
      const queries = [
        {},
        { queue: queue[0]!.queue_id },
        { status: 'abandoned' },
        { direction: 'outbound', from: '2026-10-01', to: '2026-10-31' },
        { q: String(sample.patient_name).split(' ')[1]!.toLowerCase() },
        { q: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` },
        { disposition: String(sample.latest_disposition ?? 'Message taken').toUpperCase() },
      ];
      const out = [];
      for (const query of queries) {
        const list = await listInteractions(database.db, riverside, v.parse(interactionListQuerySchema, { ...query, limit: '100' }));
        // Past totalCap matches the total is the planner's estimate, which follows the table's
        // statistics (autovacuum's timing, the dead rows the row-by-row load left), not the rows.
        out.push({ total: list.totalIsEstimate ? 'estimate' : list.total, ids: list.items.map((i) => i.id) });
      }
      return out;
    };
    const load = async (count: number, triggers: 'row' | 'deferred') => {
      heard.length = 0;
      const result = await insertManyInteractions(database.pool, riverside, count, { seed: 7, now, triggers, batchSize: 1000 });
      await settle();
      const loaded = await rows();
      return { result, rows: loaded, figures: await figures(), lists: await lists(loaded[0]!), heard: [...new Set(heard)].sort() };
    };
    // Back to the account's own calls: a hard delete, which the delete trigger takes off the figures.
    const unload = () => database.pool.query(`delete from interactions where account_id = $1 and body ? 'bulk'`, [riverside]);
    try {
      const before = await figures();
      for (const count of [2500, 40]) {
        const byRow = await load(count, 'row');
        expect(byRow.result).toEqual({ inserted: count, deferred: false });
        await unload();
        expect(await figures()).toEqual(before);
        const bulk = await load(count, 'deferred');
        expect(bulk.result).toEqual({ inserted: count, deferred: true });
        expect(bulk.rows).toHaveLength(count);
        expect(bulk.rows).toEqual(byRow.rows);
        expect(bulk.figures).toEqual(byRow.figures);
        expect(bulk.figures).not.toEqual(before);
        expect(bulk.lists).toEqual(byRow.lists);
        expect(bulk.lists[0]!.total).toSatisfy((total) => (total === 'estimate' ? count > totalCap : typeof total === 'number' && total > count));
        // Open lists hear of them: every id when few arrived, otherwise "reload" for the account.
        expect(bulk.heard).toEqual(byRow.heard);
        expect(bulk.heard).toEqual(count > 100 ? [`${riverside}:*`] : bulk.rows.map((r) => `${riverside}:${String(r.id)}`).sort());
        // The figures are what a GROUP BY over the account's calls gives (the 0029 trigger's rules).
        const { rows: grouped } = await database.pool.query(
          `select (start_timestamp at time zone 'UTC')::date::text as day, coalesce(queue_id, '') as queue_id, direction, count(*)::int as calls,
             (count(*) filter (where status = 'abandoned'))::int as abandoned
           from interactions where account_id = $1 and end_timestamp is not null and deleted_at is null group by 1, 2, 3 order by 1, 2, 3`,
          [riverside],
        );
        expect(bulk.figures.map((f) => ({ day: f.day, queue_id: f.queue_id, direction: f.direction, calls: f.calls, abandoned: f.abandoned }))).toEqual(grouped);
        await unload();
      }
    } finally {
      await listener.end();
    }
  }, 240_000);
});
