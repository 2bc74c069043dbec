import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  Interaction,
  InteractionComment,
  InteractionCreate,
  InteractionEvent,
  InteractionList,
  InteractionListItem,
  InteractionListQuery,
  interactionCreateSchema,
} from '../../../domain/interactions.ts';
import { messages } from '../../../domain/messages.ts';
import { interactionMessages } from '../../../domain/interaction-messages.ts';
import type * as v from 'valibot';
import type { Db, Tx } from '../../db/client.ts';
import { contactPointPractitioners, contactPoints, interactionComments, interactions, persons } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { isId, liveRecord, presentCommon, restorableRecord } from '../../list-queries.ts';
import { containsPattern } from '../../search/like.ts';
import { live } from '../../soft-delete.ts';

type Reader = Db | Tx;
export type InteractionRow = typeof interactions.$inferSelect;
type CreateBody = v.InferOutput<typeof interactionCreateSchema>;

/** The body's fields of spec §3 that have no column of their own (kept in `body`). */
const bodyKeys = [
  'conditions',
  'practitioners',
  'outcomes',
  'followup',
  'appointments',
  'transferAnswered',
  'transferAttempt',
  'symptoms',
  'urgentSymptom',
  'marketingReferral',
  'medications',
  'locations',
  'insurances',
  'pharmacies',
  'substances',
  'referrals',
] as const satisfies readonly (keyof InteractionCreate & keyof Interaction)[];

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const orNull = <T>(value: unknown): T | null => (value === undefined ? null : (value as T));

/** The answer of `GET /interactions/interactions/{id}`: spec §3's shape. */
export function presentInteraction(row: InteractionRow): Interaction {
  const b = row.body;
  return {
    resourceType: 'Interaction',
    id: row.id,
    ...presentCommon(row),
    type: row.type,
    startTimestamp: row.startTimestamp.toISOString(),
    endTimestamp: row.endTimestamp?.toISOString() ?? null,
    direction: row.direction,
    escalated: row.escalated,
    escalatedType: row.escalatedType ?? null,
    status: row.status,
    isComplete: row.isComplete,
    priority: row.priority,
    events: row.events,
    agentNotes: row.agentNotes,
    participants: row.participants,
    integrationAssociations: row.integrationAssociations,
    team: row.teamId ? { id: row.teamId, name: row.teamName ?? '' } : null,
    legDurations: list(b.legDurations),
    queues: list(b.queues),
    conditions: list(b.conditions),
    practitioners: list(b.practitioners),
    outcomes: list(b.outcomes),
    patient: row.patient ?? null,
    initiatingParty: row.initiatingParty ?? null,
    followup: orNull(b.followup),
    appointments: list(b.appointments),
    transferAnswered: orNull(b.transferAnswered),
    transferAttempt: orNull(b.transferAttempt),
    symptoms: list(b.symptoms),
    urgentSymptom: orNull(b.urgentSymptom),
    marketingReferral: orNull(b.marketingReferral),
    medications: list(b.medications),
    locations: list(b.locations),
    insurances: list(b.insurances),
    pharmacies: list(b.pharmacies),
    substances: list(b.substances),
    referrals: list(b.referrals),
    latestDisposition: row.latestDisposition,
    recordingsCount: row.recordingsCount,
    durationSeconds: row.durationSeconds,
    queue: row.queueId ? { queueId: row.queueId, queueName: row.queueName ?? row.queueId } : null,
    agent: row.agentName ? { id: row.agentId, name: row.agentName } : null,
  };
}

/**
 * The row of a create: the sent shape in its columns, the derived fields (latest disposition,
 * recordings, duration, first queue, last agent) worked out from the events unless sent.
 */
export function interactionValues(body: CreateBody, accountId: string, actorName: string): typeof interactions.$inferInsert {
  const events: InteractionEvent[] = body.events
    .map((event) => ({ ...event, id: event.id ?? randomUUID() }))
    .sort((a, b) => Date.parse(a.startTimestamp) - Date.parse(b.startTimestamp) || a.leg - b.leg);
  const lastDisposition = events.filter((e) => e.disposition).at(-1)?.disposition ?? null;
  const firstQueue = events.find((e) => e.queueId);
  const lastAgent = events.filter((e) => e.agentName).at(-1);
  const queue = body.queue ?? (firstQueue ? { queueId: firstQueue.queueId!, queueName: firstQueue.queueName ?? firstQueue.queueId! } : null);
  const agent = body.agent ?? (lastAgent ? { id: lastAgent.agentId ?? null, name: lastAgent.agentName! } : null);
  const start = Date.parse(body.startTimestamp);
  const end = body.endTimestamp ? Date.parse(body.endTimestamp) : null;
  return {
    accountId,
    createdBy: actorName,
    modifiedBy: actorName,
    startTimestamp: new Date(start),
    endTimestamp: end === null ? null : new Date(end),
    direction: body.direction,
    status: body.status,
    isComplete: body.isComplete ?? (body.status === 'completed' || body.status === 'abandoned'),
    escalated: body.escalated,
    escalatedType: body.escalatedType,
    priority: body.priority,
    queueId: queue?.queueId ?? null,
    queueName: queue?.queueName ?? null,
    agentId: agent?.id ?? null,
    agentName: agent?.name ?? null,
    teamId: body.team?.id ?? null,
    teamName: body.team?.name ?? null,
    patientName: body.patient?.name ?? null,
    contactNumber: body.patient?.contactNumber ?? body.initiatingParty?.contactNumber ?? null,
    latestDisposition: body.latestDisposition !== undefined ? body.latestDisposition : lastDisposition,
    durationSeconds: end === null ? null : Math.round((end - start) / 1000),
    recordingsCount: events.reduce((n, e) => n + (e.recordings?.length ?? 0), 0),
    agentNotes: body.agentNotes,
    patient: body.patient,
    initiatingParty: body.initiatingParty,
    participants: body.participants,
    integrationAssociations: body.integrationAssociations,
    events,
    body: Object.fromEntries(bodyKeys.map((key) => [key, body[key]])),
  };
}

/** The interaction, always inside the request's account and not deleted ('Interaction Not Found' otherwise). */
export async function findInteraction(db: Reader, accountId: string, id: string, forUpdate = false) {
  const row = await liveRecord(db, interactions, accountId, id, forUpdate);
  if (!row) throw notFound(interactionMessages.interactionNotFound);
  return row;
}

/**
 * The persons whose phone numbers (phone and SMS contact points, as `personDigits` reads them) are
 * the call's number: whom the call's patient is (issue 40: the call's page links to them). A number
 * a family shares names each of them; a handful at most.
 */
export async function patientPersonsOf(db: Reader, accountId: string, contactDigits: string | null): Promise<{ id: string; name: string }[]> {
  if (!contactDigits) return [];
  return db
    .selectDistinct({ id: persons.id, name: persons.displayName })
    .from(contactPoints)
    .innerJoin(contactPointPractitioners, eq(contactPointPractitioners.contactPointId, contactPoints.id))
    .innerJoin(persons, and(eq(persons.accountId, accountId), eq(persons.id, contactPointPractitioners.practitionerId)))
    .where(
      and(
        eq(contactPoints.accountId, accountId),
        live(contactPoints),
        inArray(contactPoints.system, ['PHONE', 'SMS']),
        sql`regexp_replace(${contactPoints.normalizedValue}, '\\D', '', 'g') = ${contactDigits}`,
      ),
    )
    .orderBy(persons.displayName, persons.id)
    .limit(5);
}

export async function findRestorable(db: Reader, accountId: string, id: string) {
  const row = await restorableRecord(db, interactions, accountId, id);
  if (!row) throw notFound(interactionMessages.interactionNotFound);
  return row;
}

/**
 * A phone number in any spelling, as the digits `contact_digits` holds (a US number: 1 and its
 * 10 digits); null when the text is not a number. `partial` is a piece of a number (3 to 9 digits).
 */
export function phoneQuery(q: string): { digits: string; partial: boolean } | null {
  if (!/^[+\d\s().-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  if (digits.length === 10) return { digits: `1${digits}`, partial: false };
  if (digits.length === 11 && digits.startsWith('1')) return { digits, partial: false };
  if (digits.length >= 3 && digits.length < 10) return { digits, partial: true };
  return null;
}

/** The free text: a whole number exactly, a piece of one anywhere in it, otherwise a part of the patient's name, or the id. */
export function textFilter(q: string): SQL | undefined {
  const phone = phoneQuery(q);
  if (phone && !phone.partial) return eq(interactions.contactDigits, phone.digits);
  if (phone) return like(interactions.contactDigits, containsPattern(phone.digits));
  return or(like(interactions.searchName, containsPattern(q.toLowerCase())), isId(q, interactions.id));
}

/** The digits of a person's phone numbers (their phone and SMS contact points, E.164), as `contact_digits` holds them. */
const personDigits = (accountId: string, personId: string) =>
  sql`(select regexp_replace(${contactPoints.normalizedValue}, '\\D', '', 'g') from ${contactPoints}
        join ${contactPointPractitioners} on ${contactPointPractitioners.contactPointId} = ${contactPoints.id}
        where ${contactPointPractitioners.practitionerId} = ${personId} and ${contactPoints.accountId} = ${accountId}
          and ${contactPoints.deletedAt} is null and ${contactPoints.system} in ('PHONE', 'SMS'))`;

/** `to` as a day takes in that whole day (UTC); as an instant, up to and including it. */
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const fromBound = (from: string) => gte(interactions.startTimestamp, new Date(dayPattern.test(from) ? `${from}T00:00:00Z` : from));
const toBound = (to: string) =>
  dayPattern.test(to) ? lt(interactions.startTimestamp, new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000)) : lte(interactions.startTimestamp, new Date(to));

/** A page cursor: the last item's start (as PostgreSQL spells it, microseconds kept) and id. */
type Cursor = { start: string; id: string };
const encodeCursor = (cursor: Cursor) => Buffer.from(`${cursor.start}|${cursor.id}`).toString('base64url');
const cursorStart = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
function decodeCursor(text: string): Cursor {
  const [start, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !start || !id || !cursorStart.test(start) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw badRequest(messages.invalidRequest, { cursor: 'is not a cursor of this list' });
  }
  return { start, id };
}

/**
 * Up to this many matches the list's total is counted exactly; past it, it is the planner's
 * estimate (`totalIsEstimate`): counting a million rows for every page costs far more than the
 * page (measured at 1,000,000 calls: a page 0.1 ms, an exact count 30–300 ms; docs/interactions.md).
 */
export const totalCap = 1000;

/** The planner's estimate of the rows matching `where` (no rows are read). */
async function estimatedCount(db: Db, where: SQL): Promise<number> {
  const plan = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(sql`explain (format json) select 1 from ${interactions} where ${where}`);
  return Math.round(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
}

const listColumns = {
  id: interactions.id,
  accountId: interactions.accountId,
  type: interactions.type,
  startTimestamp: interactions.startTimestamp,
  isComplete: interactions.isComplete,
  escalatedType: interactions.escalatedType,
  priority: interactions.priority,
  patient: interactions.patient,
  startKey: sql<string>`${interactions.startTimestamp}::text`,
  direction: interactions.direction,
  status: interactions.status,
  escalated: interactions.escalated,
  latestDisposition: interactions.latestDisposition,
  durationSeconds: interactions.durationSeconds,
  queueId: interactions.queueId,
  queueName: interactions.queueName,
  agentId: interactions.agentId,
  agentName: interactions.agentName,
  teamId: interactions.teamId,
  teamName: interactions.teamName,
  recordingsCount: interactions.recordingsCount,
  patientName: interactions.patientName,
  contactNumber: interactions.contactNumber,
};

/** The WHERE of a list query, always within the account and live. */
export function listWhere(accountId: string, query: InteractionListQuery): SQL {
  return and(
    eq(interactions.accountId, accountId),
    live(interactions),
    query.from ? fromBound(query.from) : undefined,
    query.to ? toBound(query.to) : undefined,
    query.queue ? eq(interactions.queueId, query.queue) : undefined,
    query.agent ? eq(interactions.agentId, query.agent) : undefined,
    query.team ? eq(interactions.teamId, query.team) : undefined,
    query.status ? eq(interactions.status, query.status) : undefined,
    query.direction ? eq(interactions.direction, query.direction) : undefined,
    query.type ? eq(interactions.type, query.type) : undefined,
    query.escalated !== undefined ? eq(interactions.escalated, query.escalated) : undefined,
    query.recorded === undefined ? undefined : query.recorded ? gt(interactions.recordingsCount, 0) : eq(interactions.recordingsCount, 0),
    query.disposition ? sql`lower(${interactions.latestDisposition}) = lower(${query.disposition})` : undefined,
    query.personId ? inArray(interactions.contactDigits, personDigits(accountId, query.personId)) : undefined,
    query.q ? textFilter(query.q) : undefined,
  )!;
}

/**
 * A page of the account's interactions, newest first unless asked otherwise. A `cursor` continues
 * after the previous page's last item by (start, id), read straight off the index in order, so
 * any page of a million calls costs the same; `offset` is for jumping a few pages. The total is
 * counted up to `totalCap` matches.
 */
export async function listInteractions(db: Db, accountId: string, query: InteractionListQuery): Promise<InteractionList> {
  const where = listWhere(accountId, query);
  const descending = query.order === 'desc';
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const after = cursor
    ? descending
      ? sql`(${interactions.startTimestamp}, ${interactions.id}) < (${cursor.start}::timestamptz, ${cursor.id}::uuid)`
      : sql`(${interactions.startTimestamp}, ${interactions.id}) > (${cursor.start}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  const order = descending ? [desc(interactions.startTimestamp), desc(interactions.id)] : [asc(interactions.startTimestamp), asc(interactions.id)];
  const offset = cursor ? 0 : query.offset;
  // A page past the first skips `offset` rows through the index alone (an index-only scan of the
  // ids) and reads only its own rows from the table, instead of every row skipped (offset 5,000 at
  // 300,000 calls: 5,050 rows read, 7.1 ms; now 1.6 ms). In the subquery "interactions" is the
  // subquery's own table (SQL resolves a name to the innermost FROM).
  const page =
    offset > 0
      ? db
          .select(listColumns)
          .from(interactions)
          .where(inArray(interactions.id, db.select({ id: interactions.id }).from(interactions).where(where).orderBy(...order).limit(query.limit).offset(offset)))
          .orderBy(...order)
      : db
          .select(listColumns)
          .from(interactions)
          .where(and(where, after))
          .orderBy(...order)
          .limit(query.limit);
  const [rows, counted] = await Promise.all([
    page,
    db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from ${interactions} where ${where} limit ${totalCap + 1}) as matched`),
  ]);
  const n = counted.rows[0]?.n ?? 0;
  const capped = n > totalCap;
  const last = rows.at(-1);
  return {
    items: rows.map(presentListItem),
    total: capped ? Math.max(totalCap + 1, await estimatedCount(db, where)) : n,
    totalIsEstimate: capped,
    limit: query.limit,
    offset: query.offset,
    nextCursor: last && rows.length === query.limit ? encodeCursor({ start: last.startKey, id: last.id }) : null,
  };
}

type ListRow = {
  id: string;
  type: InteractionRow['type'];
  startTimestamp: Date;
  direction: InteractionRow['direction'];
  status: InteractionRow['status'];
  escalated: boolean;
  latestDisposition: string | null;
  durationSeconds: number | null;
  queueId: string | null;
  queueName: string | null;
  agentId: string | null;
  agentName: string | null;
  teamId: string | null;
  teamName: string | null;
  recordingsCount: number;
  accountId: string;
  isComplete: boolean;
  escalatedType: InteractionRow['escalatedType'];
  priority: string[];
  patient: InteractionRow['patient'];
  patientName: string | null;
  contactNumber: string | null;
};

export function presentListItem(row: ListRow): InteractionListItem {
  return {
    id: row.id,
    accountId: row.accountId,
    resourceType: 'Interaction',
    type: row.type,
    startTimestamp: row.startTimestamp.toISOString(),
    direction: row.direction,
    status: row.status,
    isComplete: row.isComplete,
    escalated: row.escalated,
    escalatedType: row.escalatedType,
    priority: row.priority,
    patient: row.patient ?? null,
    latestDisposition: row.latestDisposition,
    durationSeconds: row.durationSeconds,
    queue: row.queueId ? { queueId: row.queueId, queueName: row.queueName ?? row.queueId } : null,
    agent: row.agentName ? { id: row.agentId, name: row.agentName } : null,
    team: row.teamId ? { id: row.teamId, name: row.teamName ?? '' } : null,
    recordingsCount: row.recordingsCount,
    patientName: row.patientName,
    contactNumber: row.contactNumber,
  };
}

type CommentRow = typeof interactionComments.$inferSelect;

export const presentComment = (row: CommentRow): InteractionComment => ({
  id: row.id,
  interactionId: row.interactionId,
  from: { id: row.fromId, name: row.fromName },
  status: row.status,
  body: { contentType: row.contentType, content: row.content },
  attachments: row.attachments,
  mentions: row.mentions,
  createdTimestamp: row.createdTimestamp.toISOString(),
});

/** The comments of an interaction of the account, oldest first. */
export async function listComments(db: Reader, accountId: string, interactionId: string): Promise<InteractionComment[]> {
  const rows = await db
    .select()
    .from(interactionComments)
    .where(and(eq(interactionComments.accountId, accountId), eq(interactionComments.interactionId, interactionId)))
    .orderBy(asc(interactionComments.createdTimestamp), asc(interactionComments.id))
    .limit(1000);
  return rows.map(presentComment);
}
