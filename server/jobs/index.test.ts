import { parseCronItems } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { REMOVE_EXPIRED_REVOCATIONS } from '../auth/tasks.ts';
import { REMOVE_EXPIRED_RATE_LIMITS, REMOVE_OLD_IDEMPOTENCY_KEYS } from '../db/tasks.ts';
import { REMOVE_EXPIRED_IDP_ROWS } from '../idp/tasks.ts';
import { REMOVE_OLD_WEBHOOK_EVENTS } from '../webhooks/tasks.ts';
import { schedule, tasks, waitForDatabase } from './index.ts';

describe('the job runner', () => {
  it("schedules every area's clean-up, each a task it runs", () => {
    const scheduled = schedule.map((item) => item.task);
    expect(scheduled).toEqual(expect.arrayContaining([REMOVE_EXPIRED_REVOCATIONS, REMOVE_EXPIRED_IDP_ROWS, REMOVE_OLD_IDEMPOTENCY_KEYS, REMOVE_EXPIRED_RATE_LIMITS, REMOVE_OLD_WEBHOOK_EVENTS]));
    for (const task of scheduled) expect(tasks, task).toHaveProperty([task]);
    // Each a valid schedule with its own identifier (graphile-worker refuses duplicates).
    expect(parseCronItems(schedule)).toHaveLength(schedule.length);
  });
});

describe("the queue's pool while the database is away", () => {
  const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  /** A pool whose first `failures` queries fail with `error`, then answer. */
  function flakyPool(failures: number, error: () => Error) {
    const calls: unknown[][] = [];
    const pool = {
      query: (...args: unknown[]) => {
        calls.push(args);
        return calls.length <= failures ? Promise.reject(error()) : Promise.resolve({ rows: [{ ok: 1 }] });
      },
    };
    return { pool, calls };
  }

  it("waits for it: the scheduler's statement is tried again until the database answers (it stopped the runner and ended the process)", async () => {
    const { pool, calls } = flakyPool(3, refused);
    waitForDatabase(pool as unknown as pg.Pool, () => true, () => 1);
    await expect(pool.query('select 1', [])).resolves.toEqual({ rows: [{ ok: 1 }] });
    expect(calls).toHaveLength(4);
    expect(calls.every((args) => args[0] === 'select 1')).toBe(true);
  });

  it('fails at once on an error that is not the database being away (a bad statement is not retried)', async () => {
    const { pool, calls } = flakyPool(1, () => Object.assign(new Error('syntax error'), { code: '42601' }));
    waitForDatabase(pool as unknown as pg.Pool, () => true, () => 1);
    await expect(pool.query('selec 1')).rejects.toThrow('syntax error');
    expect(calls).toHaveLength(1);
  });

  it('gives up once the runner stops', async () => {
    let running = true;
    const { pool, calls } = flakyPool(Infinity, refused);
    waitForDatabase(pool as unknown as pg.Pool, () => running, () => {
      running = false;
      return 1;
    });
    await expect(pool.query('select 1')).rejects.toThrow('ECONNREFUSED');
    expect(calls).toHaveLength(1);
  });
});
