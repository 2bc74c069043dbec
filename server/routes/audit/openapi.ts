import * as v from 'valibot';
import type { AuditEntry } from '../../../domain/api.ts';
import type { AccessLogPage, AuditLogDetail, AuditLogFacets, AuditLogItem, AuditLogPage, AuditRecentPage } from '../../../domain/audit.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, dateTime, example, uuid } from '../../openapi/schemas.ts';

/** The audit and access logs (server/routes/audit/index.ts): their answers, with examples. */

const entryEntries = {
  id: v.pipe(v.string(), v.description('The entry’s number, as text: a cursor for `before` and `after`.')),
  at: dateTime,
  actorName: v.string(),
  action: v.pipe(v.string(), v.description('create, update, delete, restore, revoke, sign-out, resend; view, list or play in the access log.')),
  resourceType: v.string(),
  resourceId: v.nullable(v.string()),
  title: v.pipe(v.string(), v.description('The record’s name.')),
  summary: v.pipe(v.string(), v.description('What was done, as a sentence.')),
  about: v.pipe(v.optional(v.object({ resourceType: v.string(), resourceId: v.string() })), v.description('The record the changed one belongs to (a tag’s tagged record, a task’s schedule).')),
  conditional: v.pipe(v.optional(v.boolean()), v.description('An edit of a versioned record: whether it named the version it expected.')),
  expectedVersion: v.optional(v.number()),
};
const entryAnswer = answerOf<AuditEntry>()(v.object(entryEntries));
const itemEntries = { ...entryEntries, actorId: v.string(), accountId: uuid, accountName: v.string() };
const itemAnswer = answerOf<AuditLogItem>()(v.object(itemEntries));
const cursors = {
  older: v.pipe(v.nullable(v.string()), v.description('The cursor of the next page of older entries (`before`), when there is one.')),
  newer: v.pipe(v.nullable(v.string()), v.description('The cursor of the previous page of newer entries (`after`), when there is one.')),
};

const recentAnswer = answerOf<AuditRecentPage>()(v.object({ items: v.array(entryAnswer) }));
const pageAnswer = answerOf<AuditLogPage>()(v.object({ items: v.array(itemAnswer), ...cursors }));
const viewsAnswer = answerOf<AccessLogPage>()(v.object({ items: v.array(v.object({ ...itemEntries, credential: v.picklist(['user', 'api-key']) })), ...cursors }));
const detailAnswer = answerOf<AuditLogDetail>()(
  v.object({
    ...itemEntries,
    before: v.pipe(v.unknown(), v.description('The record before the change (null for a create), secrets hidden.')),
    after: v.pipe(v.unknown(), v.description('The record after it (null for a delete), secrets hidden.')),
    changed: v.pipe(v.array(v.string()), v.description('The top-level fields whose value changed.')),
  }),
);
const named = v.object({ id: v.string(), name: v.string() });
const facetsAnswer = answerOf<AuditLogFacets>()(
  v.object({ actors: v.array(named), resourceTypes: v.array(v.string()), accounts: v.pipe(v.array(named), v.description('Instance administrators only: the accounts to filter by.')) }),
);

const entry: AuditEntry = {
  id: '4812',
  at: example.later,
  actorName: example.actor,
  action: 'update',
  resourceType: 'Location',
  resourceId: example.id,
  title: 'Riverside clinic',
  summary: `${example.actor} updated location “Riverside clinic”`,
  conditional: true,
  expectedVersion: 1,
};
const item: AuditLogItem = { ...entry, actorId: example.otherId, accountId: example.accountId, accountName: 'Riverside Family Practice' };

export const auditDocs = areaDocs({
  'GET /audit/recent': { summary: 'The account’s latest changes, newest first', answer: recentAnswer, queryExample: { limit: '20' }, answerExample: { items: [entry] } },
  'GET /audit/entries': {
    summary: 'The audit log: every change, newest first, paged by cursor',
    answer: pageAnswer,
    queryExample: { limit: '50', resourceType: 'Location', action: 'update', from: '2026-03-01' },
    answerExample: { items: [item], older: '4790', newer: null },
  },
  'GET /audit/entries/:id': {
    summary: 'One change, with the record before and after it',
    answer: detailAnswer,
    answerExample: { ...item, before: { name: 'Riverside' }, after: { name: 'Riverside clinic' }, changed: ['name'] },
  },
  'GET /audit/views': {
    summary: 'The access log: who read which patient record',
    answer: viewsAnswer,
    queryExample: { limit: '50', resourceType: 'Person' },
    answerExample: { items: [{ id: '977', at: example.later, actorName: example.actor, action: 'view', resourceType: 'Person', resourceId: example.id, title: 'Jane Doe', summary: `${example.actor} viewed person “Jane Doe”`, actorId: example.otherId, accountId: example.accountId, accountName: 'Riverside Family Practice', credential: 'user' }], older: null, newer: null },
  },
  'GET /audit/facets': {
    summary: 'Who and which kinds of record the log’s filters offer',
    answer: facetsAnswer,
    answerExample: { actors: [{ id: example.otherId, name: example.actor }], resourceTypes: ['Location', 'Person'], accounts: [] },
  },
});
