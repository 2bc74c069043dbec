import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Context } from 'hono';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { bodyLimit } from 'hono/body-limit';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { messages } from '../domain/messages.ts';
import { version as versionSchema } from '../domain/records.ts';
import type { WriteScope } from './db/write.ts';
import type { AppEnv } from './env.ts';
import { ApiError, badRequest, conflict, notFound } from './errors.ts';
import { described } from './validate.ts';

/**
 * What every resource's routes share (CONVENTIONS "Shared pieces live by what they are"): the id
 * of the path, the body limit, and the steps of reading and updating a versioned record.
 */

const uuidSchema = v.pipe(v.string(), v.uuid());

/**
 * The record id of the path. One that is not an id names no record: 404, like a record of
 * another account. (A PATCH of a person answers the spec's 'Person not updated' instead.)
 */
export const idParam = (invalid: () => ApiError = () => notFound(messages.notFound)) =>
  described(
    validator('param', (value: Record<string, string>) => {
      const id = value.id?.toLowerCase();
      if (!v.is(uuidSchema, id)) throw invalid();
      return { id };
    }),
    'param',
    v.object({ id: uuidSchema }),
  );

/**
 * No request body is read past this size, whichever route it is for (server/app.ts), and a body
 * refused before it was read is read to its end up to this size (server/portal.ts).
 */
export const anyBodyMaxBytes = 2 * 1024 * 1024;

export const requestTooLarge = () => new ApiError(413, 'payload_too_large', messages.requestTooLarge);

/** JSON bodies are a few kilobytes at most (a person: 10 names, 36 languages, 20 synonyms). */
export const jsonLimit = bodyLimit({
  maxSize: 64 * 1024,
  onError: () => {
    throw requestTooLarge();
  },
});

/** The record, or 404: none in this account (another account's record is not revealed). */
export function found<T>(row: T | null | undefined): T {
  if (!row) throw notFound(messages.notFound);
  return row;
}

/** An `If-Match` header naming a version: `"3"`, `W/"3"` or `3` (the record's `version`). */
const ifMatchPattern = /^\s*(?:W\/)?("?)(\d{1,10})\1\s*$/;

/**
 * The version a write expects its record to be at (issue 44): the body's `version`, else the
 * `If-Match` header's (`*`, any version, is no condition); sent both ways, they must agree (400).
 * Undefined: the write is unconditional and applies to the record's current version. Kept on the
 * request, so that the write's change-log entries say which kind it was (`write`).
 */
export function expectedVersion(c: Context<AppEnv>, sent: number | undefined): number | undefined {
  const header = c.req.header('if-match')?.trim();
  let matched: number | undefined;
  if (header !== undefined && header !== '*') {
    const value = Number(ifMatchPattern.exec(header)?.[2]);
    if (!v.is(versionSchema, value)) throw badRequest(messages.invalidRequest, { 'If-Match': messages.versionInvalid });
    matched = value;
  }
  if (sent !== undefined && matched !== undefined && sent !== matched) throw badRequest(messages.invalidRequest, { version: messages.versionsDisagree });
  const expected = sent ?? matched;
  c.set('expectedVersion', expected ?? null);
  return expected;
}

/** The record read (and locked) for an edit; 409 when the client edited an older version. */
export function editable<T extends { version: number }>(row: T | null | undefined, version: number): T {
  const current = found(row);
  if (current.version !== version) throw conflict(messages.conflict);
  return current;
}

/**
 * The version an edit applies to: the one the request expects (`expectedVersion`), else the
 * record's current one (an unconditional write).
 */
export const editedVersion = (current: { version: number }, expected: number | undefined): number => expected ?? current.version;

/**
 * The row an update returned. Updates are conditional on the version edited, so none means the
 * record changed since it was read: 409, whatever locking the read did.
 */
export function updatedRow<T>([row]: T[]): T {
  if (!row) throw conflict(messages.conflict);
  return row;
}

/** Only the changes actually sent (a key absent from a PATCH leaves the value alone). */
export function sent<T extends Record<string, unknown>>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Common fields of an update: who, when, and the next version. */
export const touched = (actorName: string, version: AnyColumn) => ({
  modifiedBy: actorName,
  modifiedTimestamp: sql`now()`,
  version: sql`${version} + 1`,
});

/** A table of versioned records of an account (the common fields of spec §3). */
type VersionedTable = PgTable & { accountId: PgColumn; version: PgColumn; modifiedBy: PgColumn; modifiedTimestamp: PgColumn };

/**
 * The update of a record (a PATCH) at the version the client edited: the changes sent and the
 * common fields (`touched`), in the write's account. The new row; 409 when the record changed since.
 */
export async function updateVersioned<T extends VersionedTable>(
  { tx, accountId, actorName }: Pick<WriteScope, 'tx' | 'accountId' | 'actorName'>,
  table: T,
  record: { key: PgColumn; id: string; version: number },
  changes: PgUpdateSetSource<T>,
): Promise<T['$inferSelect']> {
  const rows = await tx
    .update(table)
    .set({ ...changes, ...touched(actorName, table.version) } as PgUpdateSetSource<T>)
    .where(and(eq(table.accountId, accountId), eq(record.key, record.id), eq(table.version, record.version)))
    .returning();
  return updatedRow(rows as T['$inferSelect'][]);
}
