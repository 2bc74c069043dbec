import type { Context } from 'hono';
import type { AccessRecordKind } from '../domain/audit.ts';
import type { Db } from './db/client.ts';
import { accessLog } from './db/schema/index.ts';
import type { AppEnv } from './env.ts';

export type AccessRow = typeof accessLog.$inferInsert;
/**
 * The kinds of patient record whose reads are recorded. A 'Recording' is named
 * `<interactionId>/<eventId>/<path>` and is recorded when it is played.
 */
export type ReadRecord = AccessRecordKind;
/** 'view': the record's own page; 'list': among a list's or search's answer; 'play': a recording played from its start. */
export type ReadAction = AccessRow['action'];

export type AccessLogOptions = {
  /** How often the buffer is written (ms). */
  intervalMs?: number;
  /** A batch this large is written at once, without waiting for the interval. */
  batchRows?: number;
  /** While the database refuses, at most this many rows wait; past it the oldest go (and are counted in the log). */
  maxBuffered?: number;
  /** Where failures are told: a line with the database's error code, never a row (they name patients). */
  warn?: (line: string) => void;
};

/** The database's error code of a failed write (pg's `code`, possibly on drizzle's `cause`). */
function codeOf(error: unknown): string {
  const code = (e: unknown) => (e && typeof e === 'object' && 'code' in e && typeof e.code === 'string' ? e.code : undefined);
  return code(error) ?? code(error instanceof Error ? error.cause : undefined) ?? 'unknown';
}

/**
 * Who read which patient's data (issue 24), written in batches off the request path: a read adds
 * rows to a buffer in memory and answers at once; the buffer is written every `intervalMs`, or as
 * soon as it holds `batchRows`, and on shutdown (`close`). A write that fails keeps its rows for
 * the next one (bounded by `maxBuffered`), so a read never waits for, nor fails because of, the log.
 */
export class AccessLog {
  readonly #db: Db;
  readonly #intervalMs: number;
  readonly #batchRows: number;
  readonly #maxBuffered: number;
  readonly #warn: (line: string) => void;
  #rows: AccessRow[] = [];
  #timer: NodeJS.Timeout | undefined;
  /** The write under way: flushes run one at a time, in order. */
  #writing: Promise<void> = Promise.resolve();
  #dropped = 0;

  constructor(db: Db, options: AccessLogOptions = {}) {
    this.#db = db;
    this.#intervalMs = options.intervalMs ?? 1000;
    this.#batchRows = options.batchRows ?? 500;
    this.#maxBuffered = options.maxBuffered ?? 100_000;
    this.#warn = options.warn ?? ((line) => console.error(line));
  }

  /** Writes the buffer every `intervalMs` until `close` (the timer does not keep the process alive). */
  start(): this {
    this.#timer ??= setInterval(() => void this.flush(), this.#intervalMs).unref();
    return this;
  }

  /** Rows waiting to be written. */
  get pending(): number {
    return this.#rows.length;
  }

  record(rows: AccessRow[]): void {
    if (rows.length === 0) return;
    this.#rows.push(...rows);
    if (this.#rows.length > this.#maxBuffered) {
      const over = this.#rows.length - this.#maxBuffered;
      this.#rows.splice(0, over);
      this.#dropped += over;
    }
    if (this.#rows.length >= this.#batchRows) void this.flush();
  }

  /** Writes every row buffered so far (tests call it instead of waiting); never throws. */
  flush(): Promise<void> {
    this.#writing = this.#writing.then(() => this.#write());
    return this.#writing;
  }

  async #write(): Promise<void> {
    while (this.#rows.length > 0) {
      // 9 parameters a row: 1000 rows stay well under PostgreSQL's 65535 per statement.
      const batch = this.#rows.splice(0, 1000);
      try {
        await this.#db.insert(accessLog).values(batch);
      } catch (error) {
        // Kept for the next flush, in order; the line names no patient and no caller.
        this.#rows.unshift(...batch);
        this.#warn(`access log: writing ${batch.length} rows failed (${codeOf(error)}); kept for the next try`);
        return;
      }
    }
    if (this.#dropped > 0) {
      this.#warn(`access log: ${this.#dropped} rows were dropped while the database refused writes`);
      this.#dropped = 0;
    }
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }
}

/**
 * Records that the caller read these records (one row each): the request's account, the caller
 * (a user, or an API key), now. The one hook of the reading routes; nothing is recorded for a read
 * that failed, and nothing when the API was built without an access log (some benches).
 * `accountId`: the records' account when it is not the request's (the instance administrator's
 * System log spans every account).
 */
export function recordReads(c: Context<AppEnv>, resourceType: ReadRecord, action: ReadAction, ids: readonly string[], accountId = c.var.account.id): void {
  const log = c.var.deps.accessLog;
  if (!log || ids.length === 0) return;
  const { caller } = c.var;
  const at = new Date();
  const credential = caller.apiKey ? 'api-key' : 'user';
  log.record(ids.map((resourceId) => ({ accountId, at, actorId: caller.personId, actorName: caller.name, credential, action, resourceType, resourceId })));
}
