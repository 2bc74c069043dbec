import * as v from 'valibot';
import type { AuditEntry } from './api.ts';
import { dateOrDateTime } from './records.ts';

/**
 * The audit log screen (issue 10): every write of the account, newest first, paged by a cursor
 * on (at, id) so that a page stays fast on a large log and stable while new entries arrive.
 */

/** The actions writes record (`write()`'s audit events); the filter offers these. */
export const auditActions = ['create', 'update', 'delete', 'restore', 'revoke', 'sign-out', 'resend'] as const;

export { auditPageSizes, defaultAuditPageSize } from './audit-search.ts';

/**
 * How people name each kind of record the log records (issue 40: never the code's 'ContactPoint' or
 * 'InteractionComment'); a kind not listed is its words split ('FooBar' → 'Foo bar').
 */
const recordKindNames: Record<string, string> = {
  ApiKey: 'API key',
  Campaign: 'Survey campaign',
  ChatMessage: 'Chat message',
  ChatSettings: 'Web chat settings',
  ContactPoint: 'Contact point',
  InteractionComment: 'Comment',
  MaskingSession: 'Masked call link',
  OptOut: 'Text opt-out',
  PractitionerPhoto: 'Practitioner photo',
  ScheduleTask: 'Schedule task',
  Session: 'Sign-in',
  SurveyResponse: 'Survey response',
  Team: 'Practice team',
  TeamMember: 'Practice team member',
  TeamsChannelMessage: 'Microsoft Teams message',
  TeamsTeam: 'Microsoft Teams team',
  TelephonySettings: 'Telephony settings',
  WebhookEndpoint: 'Webhook endpoint',
  WorkflowItem: 'Workflow item',
};
const sentence = (word: string) => {
  const words = word.replace(/[-_]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
/** A kind of record as people name it, capitalised ('Contact point'). */
export const recordKindLabel = (kind: string): string => recordKindNames[kind] ?? sentence(kind);
/** The same inside a sentence ('contact point'; 'API key' keeps its capitals). */
export const recordKindNoun = (kind: string): string => {
  const label = recordKindLabel(kind);
  return /^[A-Z]{2}|^Microsoft/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
};
const actionNames: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  restore: 'Restored',
  revoke: 'Revoked',
  'sign-out': 'Signed out',
  resend: 'Resent',
  view: 'Viewed',
  list: 'Listed',
  play: 'Played',
};
/** An action of the log as people say it ('Created', 'Played'; issue 40). */
export const auditActionLabel = (action: string): string => actionNames[action] ?? sentence(action);

/** Fields the forms name otherwise than their words ('dob' is 'Date of birth'). */
const fieldNames: Record<string, string> = { id: 'Id', dob: 'Date of birth', ccpConfig: 'CCP configuration', vip: 'VIP', smsOk: 'SMS allowed', isComplete: 'Complete' };
/**
 * A field of a record's before/after as the forms label it (issue 40: 'Agent notes', never
 * 'agentNotes'); a field naming another record by its id is that record's kind ('teamId' → 'Team').
 */
export const auditFieldLabel = (field: string): string => fieldNames[field] ?? sentence(field.length > 2 && /[a-z]Id$/.test(field) ? field.slice(0, -2) : field);

/** A record kind or action as the log spells them ('ContactPoint', 'sign-out'). */
export const auditWord = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'must be a word of letters, digits, - or _'));

/**
 * A bound of the date filter: an instant (the SPA sends the instants of the user's own midnight)
 * or a day (issue 44: a UTC day; `from` at its start, `to` including it).
 */
export const auditInstant = dateOrDateTime();

/** One row of the audit log list: the home's entry, with its account (instance administrators see every account's). */
export type AuditLogItem = AuditEntry & {
  actorId: string;
  accountId: string;
  accountName: string;
};

export type AuditLogPage = {
  items: AuditLogItem[];
  /** The cursor of the next page of older entries (`before`), when there is one. */
  older: string | null;
  /** The cursor of the previous page of newer entries (`after`), when there is one. */
  newer: string | null;
};

/** `GET /audit/recent`: the account's latest changes, newest first (the home's activity). */
export type AuditRecentPage = { items: AuditEntry[] };

export { auditLogKinds, type AuditLogKind } from './audit-search.ts';

/** The actions of the access log: a record's own page ('view'), among a list's or search's answer ('list'), a recording played ('play'). */
export const accessActions = ['view', 'list', 'play'] as const;

/**
 * The kinds of patient record whose reads the access log records (server/access-log.ts); the
 * "Viewed" filter offers these. A survey response carries the patient's external id and phone
 * number (issue 40); a masked call link carries the patient's number (issue 42); a workflow item
 * the patient's name, phone, MRN and balance (issue 43).
 */
export const accessRecordKinds = ['Person', 'Practitioner', 'User', 'Interaction', 'Recording', 'SurveyResponse', 'MaskingSession', 'WorkflowItem'] as const;
export type AccessRecordKind = (typeof accessRecordKinds)[number];

/** One read of a patient record: who (a user, or an API key), which record, when. */
export type AccessLogItem = AuditLogItem & { credential: 'user' | 'api-key' };
export type AccessLogPage = Omit<AuditLogPage, 'items'> & { items: AccessLogItem[] };

/** One change: the record before and after it, secrets hidden, and the fields that changed. */
export type AuditLogDetail = AuditLogItem & {
  before: unknown;
  after: unknown;
  /** Top-level fields whose value differs between before and after. */
  changed: string[];
};

/** Who and what the filters can choose from. */
export type AuditLogFacets = {
  actors: { id: string; name: string }[];
  resourceTypes: string[];
  /** Only for instance administrators: the accounts they can filter by. */
  accounts: { id: string; name: string }[];
};

/** What replaces a secret's value in a snapshot shown to anyone. */
export const redacted = '[redacted]';

/** Field names whose values are secrets (API key hashes, password hashes, tokens): never shown. */
const secretName = /secret|hash|password|passwd|token|credential|private/i;

/** The snapshot with every secret-named field's value replaced, at any depth. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, secretName.test(key) ? redacted : redactSecrets(inner)]));
  }
  return value;
}
