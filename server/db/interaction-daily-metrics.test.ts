import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interactionDirections, interactionStatuses } from '../../domain/interaction-kinds.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';

/**
 * The trigger of migration "interaction_daily_metrics_trigger": after any mix of inserts (row by
 * row and in bulk), updates (status, end, disposition, queue, day, direction, soft delete and
 * restore), hard deletes, and writers running at once, `interaction_daily_metrics` equals what a
 * GROUP BY over `interactions` computes by the rules of domain/metrics.ts.
 */
let testDb: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  testDb = await createTestDatabase();
  pool = new pg.Pool({ connectionString: testDb.url, max: 8 });
});
afterAll(async () => {
  await pool.end();
  await testDb.drop();
});

const accounts = ['0b0e0c0a-0000-4000-8000-00000000a001', '0b0e0c0a-0000-4000-8000-00000000a002'];
const queues = [null, 'q-front', 'q-billing'];
const dispositions = [null, 'Scheduled', 'Refill', 'Wrong number'];

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const int = (max: number) => Math.floor(next() * (max + 1));
  return { next, pick, int };
}
type Random = ReturnType<typeof random>;

/** A call's columns that the figures read, at random (a third still without an end). */
function randomCall(r: Random) {
  // Near midnight UTC on purpose: the day is the UTC day of the start.
  const start = new Date(Date.UTC(2026, 10, 1 + r.int(4), r.pick([0, 12, 23]), r.int(59), r.int(59)));
  return {
    account: r.pick(accounts),
    start: start.toISOString(),
    end: r.next() < 0.33 ? null : new Date(start.getTime() + 60_000).toISOString(),
    queue: r.pick(queues),
    direction: r.pick(interactionDirections.slice(0, 3)),
    status: r.pick(interactionStatuses),
    wait: r.next() < 0.1 ? null : r.pick([0, 5, 20, 21, 90]),
    handle: r.next() < 0.1 ? null : r.int(600),
    disposition: r.pick(dispositions),
  };
}
type Call = ReturnType<typeof randomCall>;

const insertSql = `INSERT INTO interactions (account_id, created_by, modified_by, start_timestamp, end_timestamp, queue_id, direction, status, wait_seconds, handle_seconds, latest_disposition)
  SELECT a, 'test', 'test', s, e, q, d, st, w, h, ld
  FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[], $9::text[]) AS t(a, s, e, q, d, st, w, h, ld)`;

/** One INSERT … SELECT of many rows, as a bulk load does. */
async function insertCalls(client: pg.Pool | pg.PoolClient, calls: Call[]) {
  const column = <K extends keyof Call>(key: K) => calls.map((c) => c[key]);
  await client.query(insertSql, [
    column('account'),
    column('start'),
    column('end'),
    column('queue'),
    column('direction'),
    column('status'),
    column('wait'),
    column('handle'),
    column('disposition'),
  ]);
}

/** One random change of one stored call, or of a random batch of them. */
async function randomChange(client: pg.Pool | pg.PoolClient, r: Random) {
  const { rows } = await client.query<{ id: string }>('SELECT id FROM interactions ORDER BY random() LIMIT 5');
  if (rows.length === 0) return;
  const id = r.pick(rows).id;
  const ids = rows.map((row) => row.id);
  const call = randomCall(r);
  switch (r.int(9)) {
    case 0:
      return client.query('UPDATE interactions SET status = $2 WHERE id = $1', [id, call.status]);
    case 1:
      return client.query('UPDATE interactions SET end_timestamp = CASE WHEN end_timestamp IS NULL THEN start_timestamp + interval \'1 minute\' END WHERE id = $1', [id]);
    case 2:
      return client.query('UPDATE interactions SET latest_disposition = $2, wait_seconds = $3, handle_seconds = $4 WHERE id = $1', [id, call.disposition, call.wait, call.handle]);
    case 3:
      return client.query('UPDATE interactions SET queue_id = $2, direction = $3, start_timestamp = $4 WHERE id = $1', [id, call.queue, call.direction, call.start]);
    case 4:
      return client.query("UPDATE interactions SET deleted_at = now(), deleted_by = 'test' WHERE id = $1 AND deleted_at IS NULL", [id]);
    case 5:
      return client.query('UPDATE interactions SET deleted_at = NULL, deleted_by = NULL WHERE id = $1', [id]);
    case 6:
      return client.query('DELETE FROM interactions WHERE id = $1', [id]);
    case 7:
      // Many rows in one statement, some moving between keys.
      return client.query("UPDATE interactions SET status = CASE WHEN status = 'abandoned' THEN 'completed' ELSE 'abandoned' END, agent_notes = 'x' WHERE id = ANY($1)", [ids]);
    case 8:
      // An update that changes nothing counted.
      return client.query("UPDATE interactions SET agent_notes = 'noted', escalated = NOT escalated WHERE id = ANY($1)", [ids]);
    default:
      return insertCalls(client, [call]);
  }
}

type Figures = Record<string, unknown>;

/** The stored figures, rows that count nothing left out (a key whose calls all went stays at zero). */
async function stored(): Promise<Figures[]> {
  const { rows } = await pool.query<Figures>(`SELECT account_id, day::text, queue_id, direction, calls::int, abandoned::int, answered::int, answered_in_threshold::int,
      handle_seconds::int, wait_seconds::int, dispositions
    FROM interaction_daily_metrics WHERE calls <> 0 OR dispositions <> '{}'::jsonb ORDER BY 1, 2, 3, 4`);
  return rows;
}

/** The same figures computed from scratch (the rules of domain/metrics.ts). */
async function recomputed(): Promise<Figures[]> {
  const { rows } = await pool.query<Figures>(`
    WITH counted AS (
      SELECT account_id, (start_timestamp AT TIME ZONE 'UTC')::date AS day, coalesce(queue_id, '') AS queue_id, direction, status, wait_seconds, handle_seconds, latest_disposition
      FROM interactions WHERE end_timestamp IS NOT NULL AND deleted_at IS NULL
    ), per_disposition AS (
      SELECT account_id, day, queue_id, direction, jsonb_object_agg(latest_disposition, n) AS dispositions
      FROM (SELECT account_id, day, queue_id, direction, latest_disposition, count(*)::int AS n FROM counted WHERE latest_disposition IS NOT NULL GROUP BY 1, 2, 3, 4, 5) x
      GROUP BY 1, 2, 3, 4
    )
    SELECT c.account_id, c.day::text, c.queue_id, c.direction, count(*)::int AS calls,
      count(*) FILTER (WHERE status = 'abandoned')::int AS abandoned,
      count(*) FILTER (WHERE status IN ('completed', 'follow-up'))::int AS answered,
      count(*) FILTER (WHERE status IN ('completed', 'follow-up') AND coalesce(wait_seconds, 0) <= 20)::int AS answered_in_threshold,
      coalesce(sum(handle_seconds) FILTER (WHERE status IN ('completed', 'follow-up')), 0)::int AS handle_seconds,
      coalesce(sum(wait_seconds), 0)::int AS wait_seconds,
      coalesce(min(d.dispositions::text), '{}')::jsonb AS dispositions
    FROM counted c LEFT JOIN per_disposition d USING (account_id, day, queue_id, direction)
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`);
  return rows;
}

async function expectConsistent() {
  expect(await stored()).toEqual(await recomputed());
  // Keys whose calls all went hold nothing else either (no negative or stray figure).
  const { rows } = await pool.query(
    "SELECT * FROM interaction_daily_metrics WHERE calls = 0 AND (abandoned <> 0 OR answered <> 0 OR answered_in_threshold <> 0 OR handle_seconds <> 0 OR wait_seconds <> 0 OR dispositions <> '{}'::jsonb) OR calls < 0",
  );
  expect(rows).toEqual([]);
}

describe('interaction_daily_metrics trigger', () => {
  it('counts a bulk insert (one INSERT … SELECT) exactly', async () => {
    const r = random(1);
    await insertCalls(
      pool,
      Array.from({ length: 2000 }, () => randomCall(r)),
    );
    const figures = await stored();
    expect(figures.length).toBeGreaterThan(50);
    await expectConsistent();
  });

  it('counts the known figures of a few calls (the rules, spelled out)', async () => {
    const account = '0b0e0c0a-0000-4000-8000-00000000a0ff';
    const base = { account, end: '2026-03-04T10:05:00Z', queue: 'q-known', direction: 'inbound' as const, handle: 100, disposition: 'Scheduled' };
    await insertCalls(pool, [
      { ...base, start: '2026-03-04T10:00:00Z', status: 'completed', wait: 20 },
      { ...base, start: '2026-03-04T23:59:59Z', status: 'follow-up', wait: 21, disposition: 'Refill' },
      { ...base, start: '2026-03-04T11:00:00Z', status: 'abandoned', wait: 45, handle: 7, disposition: null },
      // Not ended: not counted.
      { ...base, start: '2026-03-04T12:00:00Z', status: 'active', wait: 3, end: null },
      // The next UTC day.
      { ...base, start: '2026-03-05T00:00:00Z', status: 'completed', wait: 0 },
    ]);
    const { rows } = await pool.query(
      'SELECT day::text, calls::int, abandoned::int, answered::int, answered_in_threshold::int, handle_seconds::int, wait_seconds::int, dispositions FROM interaction_daily_metrics WHERE account_id = $1 ORDER BY day',
      [account],
    );
    expect(rows).toEqual([
      { day: '2026-03-04', calls: 3, abandoned: 1, answered: 2, answered_in_threshold: 1, handle_seconds: 200, wait_seconds: 86, dispositions: { Scheduled: 1, Refill: 1 } },
      { day: '2026-03-05', calls: 1, abandoned: 0, answered: 1, answered_in_threshold: 1, handle_seconds: 100, wait_seconds: 0, dispositions: { Scheduled: 1 } },
    ]);
    // Soft delete takes a call out, restoring brings it back; ending the active one adds it.
    await pool.query("UPDATE interactions SET deleted_at = now() WHERE account_id = $1 AND status = 'abandoned'", [account]);
    await pool.query("UPDATE interactions SET end_timestamp = start_timestamp + interval '2 minutes', status = 'completed' WHERE account_id = $1 AND status = 'active'", [account]);
    const { rows: after } = await pool.query(
      "SELECT calls::int, abandoned::int, answered::int, answered_in_threshold::int, wait_seconds::int FROM interaction_daily_metrics WHERE account_id = $1 AND day = '2026-03-04'",
      [account],
    );
    expect(after).toEqual([{ calls: 3, abandoned: 0, answered: 3, answered_in_threshold: 2, wait_seconds: 44 }]);
  });

  it('stays exact through random inserts, updates, soft and hard deletes', async () => {
    const r = random(2);
    await insertCalls(
      pool,
      Array.from({ length: 300 }, () => randomCall(r)),
    );
    for (let i = 0; i < 400; i++) await randomChange(pool, r);
    await expectConsistent();
  });

  it('stays exact with writers at once (transactions of several statements, bulk and single)', async () => {
    const writer = async (seed: number) => {
      const r = random(seed);
      for (let t = 0; t < 15; t++) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await insertCalls(
            client,
            Array.from({ length: 1 + r.int(40) }, () => randomCall(r)),
          );
          for (let i = 0; i < 3; i++) await randomChange(client, r);
          // Some transactions roll back: their changes must leave no trace in the figures.
          await client.query(r.next() < 0.2 ? 'ROLLBACK' : 'COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          // Two writers updating the same calls in crossed order may deadlock; PostgreSQL ends one (no figure lost).
          if ((error as { code?: string }).code !== '40P01') throw error;
        } finally {
          client.release();
        }
      }
    };
    await Promise.all([3, 4, 5, 6, 7, 8].map(writer));
    await expectConsistent();
  });
});
