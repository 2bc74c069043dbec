import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../db/client.ts';
import { createFileRecordingStore } from '../integrations/recordings/files.ts';
import { agentDirectory } from '../interactions/ingest.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { insertManyInteractions } from './bulk-interactions.ts';
import { demoAccounts, seed } from './seed.ts';

let testDb: TestDatabase;
let database: Database;
let dir: string;
beforeAll(async () => {
  testDb = await createTestDatabase();
  database = connect(testDb.url);
  dir = await mkdtemp(path.join(tmpdir(), 'astera-bulk-'));
  await seed(database.db);
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
    expect(keys.size).toBeGreaterThan(1);
    expect(keys.size).toBeLessThanOrEqual(5);
    for (const key of keys) expect(await store.stat(key)).toMatchObject({ contentType: 'audio/wav' });
    // Again with the same seed: the same external ids, nothing added twice.
    await insertManyInteractions(database.pool, lakeside, 1000, { seed: 42 });
    expect(await bulkCount()).toBe(12_345);
  }, 180_000);
});
