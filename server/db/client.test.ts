import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migratedDatabase } from '../test/test-db.ts';
import { isDatabaseUnavailable } from './client.ts';

const migrated = migratedDatabase();

async function terminate(pid: number) {
  const admin = new pg.Client({ connectionString: migrated.url() });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

describe('a connection ended by PostgreSQL while a request holds it', () => {
  it('fails that transaction as "database unavailable" without crashing the process, and the pool serves again', async () => {
    let failure: unknown = null;
    await migrated.db().db
      .transaction(async (tx) => {
        const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
        // Ended between two statements: the client is idle in a transaction, where node-postgres
        // emits 'error' on the client itself (an unhandled one would end the test process).
        await terminate(rows[0]!.pid);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      })
      .catch((error: unknown) => (failure = error));
    expect(failure).not.toBeNull();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const { rows } = await migrated.db().db.execute<{ one: number }>(sql`select 1 as one`);
    expect(rows).toEqual([{ one: 1 }]);
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows connection loss, shutdowns and refused connections, also wrapped; not request errors', () => {
    const withCode = (code: string) => Object.assign(new Error('x'), { code });
    for (const error of [
      withCode('57P01'),
      withCode('57P03'),
      withCode('08006'),
      withCode('ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('query failed', { cause: withCode('57P01') }),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
    for (const error of [withCode('23505'), withCode('22P02'), new Error('boom'), 'text', null]) expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
