import { ownNotificationGrants } from '../../domain/notifications.ts';
import { grantAll, type Resource, type ResourceGrants } from '../../domain/permissions.ts';
import { fromAreas } from '../area.ts';

/**
 * What a practice's own administrators manage: its practice data, its queues, and nothing about
 * other accounts. Each area's `grants.practiceAdministrator` (server/routes/<area>/area.ts); a
 * grant added to an existing area also needs a migration for the roles that exist (as 0031, 0039,
 * 0041, 0043 and 0048 did).
 */
export const practiceResources = fromAreas((areas) => new Set<Resource>(areas.flatMap((area) => area.grants?.practiceAdministrator ?? [])));

// Read Only reads every record, so also the system log of their changes (each entry still only
// if the role may read its record); who read patient data is for administrators only.
const readOnlyGrants: ResourceGrants = { ...grantAll((r) => r !== '/audit/views', ['GET']), ...ownNotificationGrants };

/** Every grant of `a` and of `b` (methods merged per resource). */
export function unionOfGrants(a: ResourceGrants, b: ResourceGrants): ResourceGrants {
  const out: ResourceGrants = {};
  for (const grants of [a, b]) for (const [resource, methods] of Object.entries(grants)) out[resource] = { ...out[resource], ...methods };
  return out;
}

const practiceAdministrator = fromAreas(() => ({ name: 'Practice Administrator', resources: unionOfGrants(grantAll((r) => practiceResources().has(r)), readOnlyGrants) }) as const);

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
  // Read when first used (from the areas: server/area.ts `fromAreas`).
  get practiceAdministrator() {
    return practiceAdministrator();
  },
  readOnly: { name: 'Read Only', resources: readOnlyGrants },
} as const satisfies Record<string, { name: string; resources: ResourceGrants }>;
