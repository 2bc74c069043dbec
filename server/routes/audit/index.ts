import { isDeepStrictEqual } from 'node:util';
import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AuditEntry } from '../../../domain/api.ts';
import { auditInstant, auditWord, recordKindLabel, recordKindNoun, defaultAuditPageSize, redactSecrets, type AccessLogItem, type AccessLogPage, type AuditLogDetail, type AuditLogFacets, type AuditLogItem, type AuditLogPage, type AuditRecentPage } from '../../../domain/audit.ts';
import { rangeEnd, rangeStart } from '../../../domain/records.ts';
import { messages } from '../../../domain/messages.ts';
import { maxSerialId, wholeNumber } from '../../../domain/query.ts';
import { isStorableText } from '../../../domain/text.ts';
import { accessLog, accounts, auditFacets, auditLog, interactions, persons, roles } from '../../db/schema/index.ts';
import { recordReads, type ReadRecord } from '../../access-log.ts';
import { requires } from '../../auth/requires.ts';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../env.ts';
import { notFound } from '../../errors.ts';
import { param, query } from '../../validate.ts';
import { shownAssociations } from '../contact-points/queries.ts';
import { visibleEntries, visibleKinds } from './visibility.ts';

const listQuery = v.object({
  limit: v.fallback(wholeNumber(1, 100), 20),
  before: v.optional(wholeNumber(1, maxSerialId)),
});

type AuditRow = typeof auditLog.$inferSelect;

/** How the System log says what was done with a patient record. */
const accessVerbs: Record<(typeof accessLog.$inferSelect)['action'], string> = { view: 'viewed', list: 'listed', play: 'played' };

/** A recording's name in the log (`<interactionId>/<eventId>/<path>`): its path, and the call's id in short. */
function recordingTitle(resourceId: string): string {
  const [interactionId = '', , ...path] = resourceId.split('/');
  return `${path.join('/')} of interaction ${interactionId.slice(0, 8)}`;
}

/** The call a comment's log entry is about (its snapshot keeps the call's id). */
const commentCall = (row: AuditRow): string | null => {
  const id = ((row.after ?? row.before) as { interactionId?: unknown } | null)?.interactionId;
  return typeof id === 'string' && isUuid(id) ? id : null;
};
/** A call's start as the log names a comment by it, in UTC (the server knows no user's time zone). */
const callTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

const isUuid = (id: string | null): id is string => id !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The record's name as its snapshot in the log gives it (the latest one first), if it does. */
function snapshotName(row: AuditRow): string | null {
  const after = row.after as Record<string, unknown> | null;
  const before = row.before as Record<string, unknown> | null;
  const label = [after?.displayName, after?.name, after?.insurancePlanName, before?.displayName, before?.name, before?.insurancePlanName, after?.title, before?.title].find((x) => typeof x === 'string' && x.trim() !== '');
  if (typeof label === 'string') return label;
  // Bulk inserts (the demo seed, the seed command) name what they added.
  const demo = after?.demoPeople as { persons?: number } | undefined;
  if (typeof demo?.persons === 'number') return `${demo.persons} demo persons`;
  if (typeof after?.bulkPersons === 'number') return `${after.bulkPersons} generated persons`;
  return null;
}

/**
 * Every entry names its record (issue 8): from the log's snapshot, else the record's current
 * name (a practitioner's photo names the practitioner), else its kind and short id. The rows may
 * come from several accounts (an instance administrator's audit log): each is looked up in its own.
 */
async function recordNames(db: Db, rows: AuditRow[]): Promise<Map<AuditRow, string>> {
  const names = new Map<AuditRow, string>();
  const unnamed: AuditRow[] = [];
  for (const row of rows) {
    const name = snapshotName(row);
    if (name) names.set(row, name);
    else unnamed.push(row);
  }
  const current = new Map<string, string>();
  const key = (accountId: string, id: string) => `${accountId}/${id}`;
  for (const accountId of new Set(unnamed.map((row) => row.accountId))) {
    const ids = [...new Set(unnamed.filter((row) => row.accountId === accountId).map((row) => row.resourceId).filter(isUuid))];
    if (ids.length === 0) continue;
    for (const person of await db.select({ id: persons.id, name: persons.displayName }).from(persons).where(and(eq(persons.accountId, accountId), inArray(persons.id, ids)))) current.set(key(accountId, person.id), person.name);
    for (const role of await db.select({ id: roles.id, name: roles.name }).from(roles).where(and(eq(roles.accountId, accountId), inArray(roles.id, ids)))) current.set(key(accountId, role.id), role.name);
    // A comment is named by its call, as people name it (issue 40): "Comment on the call of Dec 5, 2026, 7:54 AM UTC".
    const calls = [...new Set(unnamed.filter((row) => row.accountId === accountId && row.resourceType === 'InteractionComment').map(commentCall).filter(isUuid))];
    if (calls.length > 0) {
      for (const call of await db.select({ id: interactions.id, start: interactions.startTimestamp }).from(interactions).where(and(eq(interactions.accountId, accountId), inArray(interactions.id, calls)))) {
        current.set(key(accountId, `call:${call.id}`), `Comment on the call of ${callTime.format(call.start)} UTC`);
      }
    }
  }
  const nameOf = (row: AuditRow) => {
    if (row.resourceType === 'InteractionComment') {
      const call = commentCall(row);
      if (call) return current.get(key(row.accountId, `call:${call}`)) ?? 'Comment on a call';
    }
    return row.resourceId ? current.get(key(row.accountId, row.resourceId)) : undefined;
  };
  for (const row of unnamed) names.set(row, nameOf(row) || (row.resourceId ? `${recordKindLabel(row.resourceType)} ${row.resourceId.slice(0, 8)}` : recordKindLabel(row.resourceType)));
  return names;
}

const verbs: Record<string, string> = { create: 'created', update: 'updated', delete: 'deleted', restore: 'restored' };
const verb = (action: string) => verbs[action] ?? action;

/** What a tag, a task or a workflow item belongs to, from the log's snapshot (see `AuditEntry.about`). */
function aboutOf(row: AuditRow): AuditEntry['about'] {
  const snapshot = (row.after ?? row.before) as Record<string, unknown> | null;
  const pair = (resourceType: unknown, resourceId: unknown) =>
    typeof resourceType === 'string' && typeof resourceId === 'string' && isUuid(resourceId) ? { resourceType, resourceId } : undefined;
  if (row.resourceType === 'Tag') return pair(snapshot?.taggedResourceType, snapshot?.taggedResourceId);
  if (row.resourceType === 'ScheduleTask') return pair('Schedule', snapshot?.scheduleId);
  // An item is its workflow's (one added, or many aborted or retried by a filter).
  if (row.resourceType === 'WorkflowItem') return pair('Workflow', snapshot?.taskWorkflowId ?? snapshot?.workflowId);
  return undefined;
}

/**
 * The patient record a log entry shows (its title names it, its before/after is it), as the access
 * log names it: issue 40, a System log entry whose snapshot is a person's record is a read of it.
 */
function patientRecordOf(row: AuditRow): { kind: ReadRecord; id: string } | null {
  const snapshot = (row.after ?? row.before) as Record<string, unknown> | null;
  const id = (value: unknown) => (typeof value === 'string' && isUuid(value) ? value : null);
  const kind = patientKinds[row.resourceType];
  if (!kind) return null;
  const recordId = row.resourceType === 'InteractionComment' ? id(snapshot?.interactionId) : row.resourceType === 'TeamMember' ? id(snapshot?.personId) : id(row.resourceId);
  return recordId ? { kind, id: recordId } : null;
}

/** The kinds of log entry about a patient record, and the record's kind in the access log. */
const patientKinds: Readonly<Record<string, ReadRecord>> = {
  Person: 'Person',
  Practitioner: 'Practitioner',
  PractitionerPhoto: 'Practitioner',
  User: 'User',
  Session: 'User',
  Interaction: 'Interaction',
  InteractionComment: 'Interaction',
  SurveyResponse: 'SurveyResponse',
  TeamMember: 'Person',
};

/** Records in the access log the patient records these entries show. */
function recordEntryReads(c: Context<AppEnv>, action: 'view' | 'list', rows: readonly AuditRow[]) {
  // By account and kind: an instance administrator's page may hold several accounts' entries.
  const groups = new Map<string, { accountId: string; kind: ReadRecord; ids: Set<string> }>();
  for (const row of rows) {
    const record = patientRecordOf(row);
    if (!record) continue;
    const key = `${row.accountId}/${record.kind}`;
    const group = groups.get(key) ?? { accountId: row.accountId, kind: record.kind, ids: new Set<string>() };
    group.ids.add(record.id);
    groups.set(key, group);
  }
  for (const { accountId, kind, ids } of groups.values()) recordReads(c, kind, action, [...ids], accountId);
}

/**
 * A contact point's snapshots name its practitioners (`associations`): named to a caller who may
 * read practitioners, each a read of it in the access log, and by id alone to any other (issue 40;
 * the entry itself stays visible to whoever may read contact points).
 */
function withShownAssociations(c: Context<AppEnv>, row: AuditRow): Pick<AuditRow, 'before' | 'after'> {
  const associationsIn = (snapshot: unknown) => {
    const list = snapshot && typeof snapshot === 'object' && 'associations' in snapshot ? snapshot.associations : undefined;
    return Array.isArray(list) ? (list as { id: string; name: string | null }[]) : undefined;
  };
  const before = associationsIn(row.before);
  const after = associationsIn(row.after);
  if (row.resourceType !== 'ContactPoint' || (!before && !after)) return row;
  // One read a practitioner, whether named before, after or both.
  const byId = new Map([...(before ?? []), ...(after ?? [])].map((a) => [a.id, a]));
  const shown = new Map(shownAssociations(c, [...byId.values()], row.accountId).map((a) => [a.id, a]));
  const show = (snapshot: unknown, list: { id: string }[] | undefined) =>
    list ? { ...(snapshot as Record<string, unknown>), associations: list.map((a) => shown.get(a.id) ?? { id: a.id, name: null }) } : snapshot;
  return { before: show(row.before, before), after: show(row.after, after) };
}

/** The home's entry of one log row. */
function toEntry(row: AuditRow, title: string): AuditEntry {
  const about = aboutOf(row);
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actorName: row.actorName,
    action: row.action,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    title,
    summary: `${row.actorName} ${verb(row.action)} ${recordKindNoun(row.resourceType)} “${title}”${row.conditional === false ? ' (without a version: applied to the current one)' : ''}`,
    ...(about && { about }),
    ...(row.conditional !== null && { conditional: row.conditional }),
    ...(row.expectedVersion !== null && { expectedVersion: row.expectedVersion }),
  };
}

const cursor = wholeNumber(1, maxSerialId);
const logQuery = v.object({
  limit: v.fallback(wholeNumber(1, 100), defaultAuditPageSize),
  /** Older entries than this one (the next page). */
  before: v.optional(cursor),
  /** Newer entries than this one (the previous page). */
  after: v.optional(cursor),
  actor: v.optional(v.pipe(v.string(), v.check(isStorableText), v.trim(), v.nonEmpty(), v.maxLength(200))),
  resourceType: v.optional(auditWord),
  action: v.optional(auditWord),
  from: v.optional(auditInstant),
  to: v.optional(auditInstant),
  /** Instance administrators only: one account's entries (others only ever see their account's). */
  account: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.uuid())),
});

/** The reads' filters: the changes', and one record ("who read this patient?"). */
const viewsQuery = v.object({ ...logQuery.entries, resourceId: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.uuid())) });

/**
 * Which entries the caller reads: an instance administrator every account's (or the one they
 * filter by), anyone else the account they act in, whatever they filter by, and there only the
 * entries of records their role may read.
 */
function accountScope(c: Context<AppEnv>, account: string | undefined): SQL | undefined {
  if (c.var.caller.instanceAdmin) return account === undefined ? undefined : eq(auditLog.accountId, account);
  return and(eq(auditLog.accountId, c.var.account.id), account === undefined ? undefined : eq(auditLog.accountId, account), visibleEntries(visibleKinds(c)));
}

/** The row with its account's name, for the list and the detail. */
const withAccount = { row: auditLog, accountName: accounts.name };

function toItem(row: AuditRow, accountName: string | null, title: string): AuditLogItem {
  return { ...toEntry(row, title), actorId: row.actorId, accountId: row.accountId, accountName: accountName ?? row.accountId };
}

/** Top-level fields whose value differs between the snapshots (a create: every field it set). */
function changedFields(before: unknown, after: unknown): string[] {
  const fields = (value: unknown) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
  const b = fields(before);
  const a = fields(after);
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((name) => !isDeepStrictEqual(b[name], a[name]));
}

/**
 * Whether a facet row names an actor or a kind of at least one entry the caller may see (the list's
 * rule, ./visibility.ts): an actor listed would tell that they changed something, and a tag kind
 * that tags of unreadable records changed. Checked per facet row on the log's (account, actor) and
 * (account, kind) indexes; only for callers who see part of the log.
 */
function facetVisible(kinds: string[]): SQL | undefined {
  const visible = visibleEntries(kinds);
  const seen = (match: SQL | undefined) => sql`exists (select 1 from ${auditLog} where ${and(eq(auditLog.accountId, auditFacets.accountId), match, visible)})`;
  const plain = kinds.filter((kind) => kind !== 'Tag');
  return or(
    and(eq(auditFacets.kind, 'actor'), seen(eq(auditLog.actorId, auditFacets.value))),
    plain.length === 0 ? undefined : and(eq(auditFacets.kind, 'type'), inArray(auditFacets.value, plain)),
    // A tag's entry is visible only with the record it tags.
    and(eq(auditFacets.kind, 'type'), eq(auditFacets.value, 'Tag'), seen(eq(auditLog.resourceType, 'Tag'))),
  );
}

/**
 * The kinds of record and the actors of the scoped entries, from `audit_facets` (kept by a trigger
 * on every audit insert, so exact): a read of a few dozen rows however large the log. Only those
 * of entries the caller may see (`kinds`, as the list). An actor seen in several accounts is
 * listed once, under the name of their newest entry.
 */
async function facetsOf(db: Db, account: string | undefined, kinds: string[] | null) {
  const rows = await db
    .select({ kind: auditFacets.kind, value: auditFacets.value, name: auditFacets.name, lastAt: auditFacets.lastAt })
    .from(auditFacets)
    .where(and(account === undefined ? undefined : eq(auditFacets.accountId, account), kinds === null ? undefined : facetVisible(kinds)));
  const types = new Set<string>();
  const actors = new Map<string, { name: string; lastAt: Date }>();
  for (const row of rows) {
    if (row.kind === 'type') {
      types.add(row.value);
    } else {
      const seen = actors.get(row.value);
      if (!seen || seen.lastAt < row.lastAt) actors.set(row.value, { name: row.name ?? row.value, lastAt: row.lastAt });
    }
  }
  return {
    actors: [...actors].map(([id, { name }]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    resourceTypes: [...types].sort(),
  };
}

/**
 * The audit log: the account's recent changes for the home page, and the audit log screen's
 * pages, facets and entries. All read through the system log grant, and each entry only by a
 * caller who may read its record (./visibility.ts): another entry is as if it were not there.
 */
export const auditRoutes = new Hono<AppEnv>()
  /**
   * The account's recent changes, newest first: what the home page shows. Sign-outs are in the
   * log (the audit log screen shows them) but change no record, so they are not "changes" here.
   */
  .get('/recent', requires('/audit/entries', 'GET'), query(listQuery), async (c) => {
    const { limit, before } = c.req.valid('query');
    const rows = await c.var.deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.accountId, c.var.account.id),
          visibleEntries(visibleKinds(c)),
          ne(auditLog.resourceType, 'Session'),
          before === undefined ? undefined : lt(auditLog.id, before),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(limit);
    const names = await recordNames(c.var.deps.db, rows);
    const items: AuditEntry[] = rows.map((row) => toEntry(row, names.get(row)!));
    recordEntryReads(c, 'list', rows);
    return c.json({ items } satisfies AuditRecentPage);
  })
  /**
   * Every write, newest first, a page at a time: `before` (older) and `after` (newer) name the
   * entry the page starts from, so entries written meanwhile neither repeat nor skip a row.
   */
  .get('/entries', requires('/audit/entries', 'GET'), query(logQuery), async (c) => {
    const { limit, before, after, actor, resourceType, action, from, to, account } = c.req.valid('query');
    const { db } = c.var.deps;
    const scope = accountScope(c, account);
    const from_ = before ?? after;
    let start: SQL | undefined;
    if (from_ !== undefined) {
      // The cursor's own time, to the microsecond (a JavaScript Date keeps milliseconds only).
      const [edge] = await db.select({ at: sql<string>`${auditLog.at}::text` }).from(auditLog).where(and(eq(auditLog.id, from_), scope));
      if (!edge) return c.json({ items: [], older: null, newer: null } satisfies AuditLogPage);
      start = before !== undefined ? sql`(${auditLog.at}, ${auditLog.id}) < (${edge.at}::timestamptz, ${before})` : sql`(${auditLog.at}, ${auditLog.id}) > (${edge.at}::timestamptz, ${after})`;
    }
    const newestFirst = after === undefined;
    const found = await db
      .select(withAccount)
      .from(auditLog)
      .leftJoin(accounts, eq(accounts.id, auditLog.accountId))
      .where(
        and(
          scope,
          start,
          actor === undefined ? undefined : eq(auditLog.actorId, actor),
          resourceType === undefined ? undefined : eq(auditLog.resourceType, resourceType),
          action === undefined ? undefined : eq(auditLog.action, action),
          from === undefined ? undefined : gte(auditLog.at, rangeStart(from)),
          to === undefined ? undefined : lt(auditLog.at, rangeEnd(to)),
        ),
      )
      .orderBy(...(newestFirst ? [desc(auditLog.at), desc(auditLog.id)] : [asc(auditLog.at), asc(auditLog.id)]))
      .limit(limit + 1);
    const more = found.length > limit;
    const page = found.slice(0, limit);
    if (!newestFirst) page.reverse();
    const names = await recordNames(
      db,
      page.map((r) => r.row),
    );
    const items = page.map(({ row, accountName }) => toItem(row, accountName, names.get(row)!));
    recordEntryReads(c, 'list', page.map((r) => r.row));
    const first = items[0]?.id ?? null;
    const last = items.at(-1)?.id ?? null;
    const answer: AuditLogPage = newestFirst
      ? { items, older: more ? last : null, newer: before === undefined ? null : first }
      : { items, older: last, newer: more ? first : null };
    return c.json(answer);
  })
  /**
   * Who read which patient's data (server/access-log.ts), newest first, paged and filtered as the
   * changes are: for administrators (the access log grant), and there only the kinds of record
   * the role may read.
   */
  .get('/views', requires('/audit/views', 'GET'), query(viewsQuery), async (c) => {
    const { limit, before, after, actor, resourceType, resourceId, action, from, to, account } = c.req.valid('query');
    const { db } = c.var.deps;
    const kinds = visibleKinds(c);
    const scope = c.var.caller.instanceAdmin
      ? account === undefined ? undefined : eq(accessLog.accountId, account)
      : and(eq(accessLog.accountId, c.var.account.id), account === undefined ? undefined : eq(accessLog.accountId, account), kinds === null ? undefined : kinds.length > 0 ? inArray(accessLog.resourceType, kinds) : sql`false`);
    // The same cursor on (at, id) as the changes' (above).
    const from_ = before ?? after;
    let start: SQL | undefined;
    if (from_ !== undefined) {
      const [edge] = await db.select({ at: sql<string>`${accessLog.at}::text` }).from(accessLog).where(and(eq(accessLog.id, from_), scope));
      if (!edge) return c.json({ items: [], older: null, newer: null } satisfies AccessLogPage);
      start = before !== undefined ? sql`(${accessLog.at}, ${accessLog.id}) < (${edge.at}::timestamptz, ${before})` : sql`(${accessLog.at}, ${accessLog.id}) > (${edge.at}::timestamptz, ${after})`;
    }
    const newestFirst = after === undefined;
    const found = await db
      .select({ row: accessLog, accountName: accounts.name, name: persons.displayName })
      .from(accessLog)
      .leftJoin(accounts, eq(accounts.id, accessLog.accountId))
      // Persons, practitioners and users share the person's id: the person names the record (the
      // ids recorded are the records' uuids; the cast on this side keeps the persons' key usable).
      // Other kinds are named otherwise (a recording by its path), so only these ids are cast.
      .leftJoin(
        persons,
        and(
          eq(persons.accountId, accessLog.accountId),
          eq(persons.id, sql`case when ${accessLog.resourceType} in ('Person', 'Practitioner', 'User') then ${accessLog.resourceId}::uuid end`),
        ),
      )
      .where(
        and(
          scope,
          start,
          actor === undefined ? undefined : eq(accessLog.actorId, actor),
          resourceType === undefined ? undefined : eq(accessLog.resourceType, resourceType),
          resourceId === undefined ? undefined : eq(accessLog.resourceId, resourceId),
          // Any word: one that is no action of this log finds nothing.
          action === undefined ? undefined : sql`${accessLog.action} = ${action}`,
          from === undefined ? undefined : gte(accessLog.at, rangeStart(from)),
          to === undefined ? undefined : lt(accessLog.at, rangeEnd(to)),
        ),
      )
      .orderBy(...(newestFirst ? [desc(accessLog.at), desc(accessLog.id)] : [asc(accessLog.at), asc(accessLog.id)]))
      .limit(limit + 1);
    const more = found.length > limit;
    const page = found.slice(0, limit);
    if (!newestFirst) page.reverse();
    const items = page.map(({ row, accountName, name }): AccessLogItem => {
      const title = name ?? (row.resourceType === 'Recording' ? recordingTitle(row.resourceId) : `${row.resourceType} ${row.resourceId.slice(0, 8)}`);
      const how = row.credential === 'api-key' ? ' (API key)' : '';
      return {
        id: String(row.id),
        at: row.at.toISOString(),
        actorId: row.actorId,
        actorName: row.actorName,
        credential: row.credential,
        action: row.action,
        resourceType: row.resourceType,
        resourceId: row.resourceId,
        title,
        summary: `${row.actorName}${how} ${accessVerbs[row.action]} ${recordKindNoun(row.resourceType)} “${title}”`,
        accountId: row.accountId,
        accountName: accountName ?? row.accountId,
      };
    });
    const first = items[0]?.id ?? null;
    const last = items.at(-1)?.id ?? null;
    const answer: AccessLogPage = newestFirst
      ? { items, older: more ? last : null, newer: before === undefined ? null : first }
      : { items, older: last, newer: more ? first : null };
    return c.json(answer);
  })
  /** Who and which kinds of record the filters offer (and, to instance administrators, the accounts). */
  .get('/facets', requires('/audit/entries', 'GET'), query(v.object({ account: logQuery.entries.account })), async (c) => {
    const { db } = c.var.deps;
    const admin = c.var.caller.instanceAdmin;
    const { account } = c.req.valid('query');
    const scoped = admin ? account : c.var.account.id;
    const facets: AuditLogFacets = {
      ...(await facetsOf(db, scoped, visibleKinds(c))),
      accounts: admin ? await db.select({ id: accounts.id, name: accounts.name }).from(accounts).orderBy(asc(accounts.name)) : [],
    };
    return c.json(facets);
  })
  /** One change with the record before and after it; secrets never leave the server. */
  .get('/entries/:id', requires('/audit/entries', 'GET'), param(v.object({ id: cursor })), async (c) => {
    const { id } = c.req.valid('param');
    const [found] = await c.var.deps.db
      .select(withAccount)
      .from(auditLog)
      .leftJoin(accounts, eq(accounts.id, auditLog.accountId))
      .where(and(eq(auditLog.id, id), accountScope(c, undefined)));
    if (!found) throw notFound(messages.notFound);
    const { row, accountName } = found;
    const names = await recordNames(c.var.deps.db, [row]);
    const shown = withShownAssociations(c, row);
    const detail: AuditLogDetail = {
      ...toItem(row, accountName, names.get(row)!),
      // Compared before hiding: a changed password shows as changed, its values as hidden.
      changed: changedFields(row.before, row.after),
      before: redactSecrets(shown.before),
      after: redactSecrets(shown.after),
    };
    recordEntryReads(c, 'view', [row]);
    return c.json(detail);
  });
