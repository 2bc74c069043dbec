import * as v from 'valibot';

/**
 * Pieces of the answers' schemas that every area shares (server/routes/<area>/openapi.ts). An
 * answer's schema describes what the handler sends, so it is written against the answer's
 * TypeScript type (`answerOf<T>()`): a field the type has and the schema lacks, or the other way
 * round, fails the typecheck.
 */

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The schema of an answer of type `T`; the typecheck refuses one whose output is not exactly `T`. */
export const answerOf =
  <T>() =>
  <S extends v.GenericSchema>(schema: S & (Same<v.InferOutput<S>, T> extends true ? unknown : { 'answer schema differs from its type': T })): S =>
    schema;

export const uuid = v.pipe(v.string(), v.uuid());
export const dateTime = v.pipe(v.string(), v.isoTimestamp());
export const isoDate = v.pipe(v.string(), v.isoDate());

/** The fields every record carries (domain/records.ts `CommonFields`). */
export const commonFields = {
  id: uuid,
  accountId: uuid,
  createdTimestamp: dateTime,
  modifiedTimestamp: dateTime,
  createdBy: v.string(),
  modifiedBy: v.string(),
  version: v.pipe(v.number(), v.integer(), v.minValue(1), v.description('Send it back on PATCH; a stale version is refused with 409.')),
};

/** A page of a list: how many match, and which slice this is. */
export const pageFields = {
  total: v.pipe(v.number(), v.integer()),
  limit: v.pipe(v.number(), v.integer()),
  offset: v.pipe(v.number(), v.integer()),
};

/** The answer of a create: the new record's id. */
export const createdSchema = v.object({ id: uuid });

/** Times and names of the examples: the demo's own. */
export const example = {
  accountId: '0b6f1c0e-9d0a-4c55-8f1e-2a3b4c5d6e7f',
  id: '5d2c9a41-7e3b-4f6a-8c1d-9e0f1a2b3c4d',
  otherId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  time: '2026-03-14T09:30:00.000Z',
  later: '2026-03-15T16:05:12.000Z',
  actor: 'Morgan Manager',
};

/** The common fields of an example record. */
export const exampleCommon = (id = example.id, version = 1) => ({
  id,
  accountId: example.accountId,
  createdTimestamp: example.time,
  modifiedTimestamp: version > 1 ? example.later : example.time,
  createdBy: example.actor,
  modifiedBy: example.actor,
  version,
});
