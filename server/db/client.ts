import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = { db: Db; pool: pg.Pool; close(): Promise<void> };

/**
 * How long a request waits for a connection before it is told the database is unavailable: a
 * database that does not answer (a failover, a stopped host) must not hold requests forever.
 */
const CONNECT_TIMEOUT_MS = 5_000;

export function connect(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A client losing its connection (database restarted, failover, pg_terminate_backend) emits
  // 'error'. The pool listens only while the client is idle; a client a request holds (between
  // two statements of a transaction) would crash the process with an unhandled 'error' event.
  // Its next query fails instead, the request answers 503, and the pool discards the client.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** SQLSTATEs of a database that is gone or going: connection exceptions (class 08), shutdowns, too many connections. */
const unavailableCodes = /^(08...|57P0[1-4]|53300)$/;
const unavailableErrnos = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/** node-postgres's own words for a connection that broke or never came. */
const unavailableMessages =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end)/;

/**
 * Whether `error` (or an error it wraps: drizzle wraps the driver's) says the database cannot be
 * reached right now, rather than that the request or the code is wrong: the request may succeed
 * once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && (unavailableCodes.test(code) || unavailableErrnos.has(code))) return true;
    if (unavailableMessages.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
