import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { isAllowed, type HttpMethod, type Resource, type ResourceGrants } from '../../../domain/permissions.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { AppEnv } from '../../env.ts';

type Grant = { resource: Resource; method: HttpMethod };
const get = (resource: Resource): Grant => ({ resource, method: 'GET' });

/**
 * What reading the record of a log entry needs (every grant listed), by the entry's `resourceType` (ARCHITECTURE: what
 * is derived from a record is shown only to a caller who may read the record itself). The one
 * place that says it: the list, a single entry, the home's "recent" and the facets all filter by it
 * in SQL, so paging and facets count only what the caller may see. A kind missing here is shown to
 * instance administrators alone (closed by default): a new kind of record adds its line.
 */
export const auditRecordGrants: Readonly<Record<string, Grant | readonly Grant[]>> = {
  Account: get('/accounts/account'),
  ApiKey: get('/permissions/apikeys/{id}'),
  Campaign: get('/surveys/campaigns/{id}'),
  ContactPoint: get('/contactpoints/contact-points/{id}'),
  Insurance: get('/insurances/{id}'),
  Interaction: get('/interactions/interactions'),
  InteractionComment: get('/interactions/interactions'),
  ChatMessage: get('/interactions/interactions'),
  ChatSettings: get('/chat/settings'),
  Issue: get('/issues/{id}'),
  Location: get('/locations/locations/{id}'),
  MaskingSession: get('/call_masking/sessions/{id}'),
  // A number's STOP or START (issue 42): the log says which practice number it reached, not whose number it is.
  OptOut: get('/call_masking/sessions'),
  TelephonySettings: get('/telephony/settings'),
  // A notification is read only by its recipient; its log entries go to those who may send them.
  Notification: { resource: '/notifications/notifications', method: 'POST' },
  Person: get('/person/persons/{id}'),
  Policy: get('/permissions/policies/{id}'),
  Practitioner: get('/person/practitioners/{id}'),
  PractitionerPhoto: get('/person/practitioners/{id}'),
  Queue: get('/callcenter/queues/{queueId}'),
  // A recording's plays (access log) are shown to those who may play it.
  Recording: get('/interactions/interactions'),
  Role: get('/permissions/roles/{id}'),
  Schedule: get('/schedule/schedule/{id}'),
  ScheduleTask: get('/schedule/schedule/{id}'),
  // A sign-out is about the user who signed out.
  Session: get('/person/users/{id}'),
  SurveyResponse: get('/surveys/campaigns/{campaignId}/surveys'),
  // A tag also needs the record it tags (below).
  Tag: get('/tag/{id}'),
  Team: get('/teams/teams/{id}'),
  // A member change names the person (issue 40): the team and the person, both.
  TeamMember: [get('/teams/teams/{id}'), get('/person/persons/{id}')],
  TeamsChannelMessage: get('/teamsbot/graph/team/{teamId}/channels'),
  TeamsTeam: get('/teamsbot/graph/team'),
  User: get('/person/users/{id}'),
  WebhookEndpoint: get('/webhooks'),
  Workflow: get('/workflows/{id}'),
  WorkflowItem: get('/workflows/{id}'),
};

/** Whether a role with these grants may read the records of log entries of this kind (a kind not listed: no). */
export function readsKind(grants: ResourceGrants | undefined, kind: string): boolean {
  const needs = auditRecordGrants[kind];
  return needs !== undefined && [needs].flat().every(({ resource, method }) => isAllowed(grants, resource, method));
}

/** The kinds of log entry the caller may see; `null` for every kind (instance administrators). */
export function visibleKinds(c: Context<AppEnv>): string[] | null {
  if (c.var.caller.instanceAdmin) return null;
  const grants = c.var.account.role?.resources;
  return Object.keys(auditRecordGrants).filter((kind) => readsKind(grants, kind));
}

/**
 * The SQL condition on `audit_log` rows the caller may see (undefined: every row). A tag's entry
 * names the record it tags in its snapshot: shown only when that kind is readable too.
 */
export function visibleEntries(kinds: string[] | null): SQL | undefined {
  if (kinds === null) return undefined;
  const plain = kinds.filter((kind) => kind !== 'Tag');
  if (plain.length === 0) return sql`false`;
  const tagged = sql<string>`coalesce(${auditLog.after}, ${auditLog.before}) ->> 'taggedResourceType'`;
  const ofPlain = inArray(auditLog.resourceType, plain);
  return kinds.includes('Tag') ? or(ofPlain, and(eq(auditLog.resourceType, 'Tag'), inArray(tagged, plain))) : ofPlain;
}
