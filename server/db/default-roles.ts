import { ownNotificationGrants } from '../../domain/notifications.ts';
import { grantAll, type Resource, type ResourceGrants } from '../../domain/permissions.ts';

/** What a practice's own administrators manage: its practice data, its queues, and nothing about other accounts. */
export const practiceResources = new Set<Resource>([
  '/permissions/accesspolicy',
  // The call history (issue 26): a practice's administrators are its supervisors, who run its
  // call center and so read its figures too (Insights; migration 0031 for existing roles).
  '/interactions/interactions',
  '/metrics/historic',
  '/metrics/realtime',
  '/person/persons',
  '/person/persons/{id}',
  '/person/practitioners',
  '/person/practitioners/{id}',
  '/person/users',
  '/person/users/{id}',
  '/contactpoints/contact-points',
  '/contactpoints/contact-points/{id}',
  '/contactpoints/vip/{value}',
  '/locations/locations',
  '/locations/locations/{id}',
  '/schedule/schedule',
  '/schedule/schedule/{id}',
  '/issues',
  '/issues/{id}',
  '/insurances',
  '/insurances/{id}',
  '/tag',
  '/tag/{id}',
  '/teams/teams',
  '/teams/teams/{id}',
  // Call masking (issue 42; migration 0039 for existing roles).
  '/call_masking/sessions',
  '/call_masking/sessions/{id}',
  '/telephony/settings',
  // Task workflows (issue 43; migration 0041 for existing roles).
  '/workflows',
  '/workflows/{id}',
  // Web chat (issue 42; migration 0043 for existing roles).
  '/chat/settings',
  // Webhooks (issue 44; migration 0048 for existing roles).
  '/webhooks',
  '/callcenter/queues',
  '/callcenter/queues/{queueId}',
  '/surveys/campaigns',
  '/surveys/campaigns/{id}',
  '/surveys/campaigns/{campaignId}/surveys',
  '/notifications/notifications',
  '/notifications/notifications/{id}',
  '/audit/entries',
  '/audit/views',
]);

// Read Only reads every record, so also the system log of their changes (each entry still only
// if the role may read its record); who read patient data is for administrators only.
const readOnlyGrants: ResourceGrants = { ...grantAll((r) => r !== '/audit/views', ['GET']), ...ownNotificationGrants };

/** Every grant of `a` and of `b` (methods merged per resource). */
export function unionOfGrants(a: ResourceGrants, b: ResourceGrants): ResourceGrants {
  const out: ResourceGrants = {};
  for (const grants of [a, b]) for (const [resource, methods] of Object.entries(grants)) out[resource] = { ...out[resource], ...methods };
  return out;
}

/**
 * The roles every account starts with (issue 11: "a new account starts usable"), as the demo seed
 * and `POST /accounts` create them: a practice administrator, and a read-only role, which new users
 * get unless the account names another (`config.portal.roleId`).
 *
 * The practice administrator holds at least every grant of the practice's other default roles
 * (issue 40): a user may manage only users whose role is within their own (server/auth/grants.ts),
 * so an administrator lacking a read that Read Only holds could not manage the Read Only users,
 * nor list the roles it may grant. Migration 0037 gives the same to existing accounts.
 */
export const defaultRoles = {
  practiceAdministrator: { name: 'Practice Administrator', resources: unionOfGrants(grantAll((r) => practiceResources.has(r)), readOnlyGrants) },
  readOnly: { name: 'Read Only', resources: readOnlyGrants },
} as const satisfies Record<string, { name: string; resources: ResourceGrants }>;
