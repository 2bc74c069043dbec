/**
 * Roles (spec §2 "Role form", §3 Role, §4, §5, §6, §7): what a role grants (catalogue resources
 * × methods), its trust between accounts, and the softphone (CCP) settings of its holders. Also
 * the older policy shape of `/permissions/policies` (spec §3: "resources with actions, features,
 * settings, roleAssociations"), which is another view of the same roles.
 *
 * Bounds the spec leaves open ("Field bounds for … role: not shown") are ours: a name of 100
 * characters, 50 trust rows per map, 200 characters per softphone setting, an ACW timeout of at
 * most a day in seconds.
 */
import * as v from 'valibot';
import { keyedMap } from './catalogue.ts';
import { roleSortColumns, type RoleSort } from './lists.ts';
export type { RoleSort };
import { labelTooLong, requiredMessage } from './fields.ts';
import { messages } from './messages.ts';
import { listQuerySchema } from './list-query.ts';
import { expectedVersion, type CommonFields } from './records.ts';
import { httpMethods, permissionCatalogue, type HttpMethod, type ResourceGrants } from './permissions.ts';
import { text } from './text.ts';

export const roleLimits = { name: 100, trustRows: 50, setting: 200, acwTimeout: 86_400 } as const;

export const roleMessages = {
  nameRequired: 'Role name is required',
  nameTooLong: `Role name must be at most ${roleLimits.name} characters`,
  resourcesInvalid: 'Resources must map catalogue resources to the methods the catalogue offers for them',
  trustInvalid: 'Trusted Relationships must map account ids to role ids',
  assumeRolesInvalid: 'Assume Roles must map account ids to role ids',
  tooManyTrustRows: `At most ${roleLimits.trustRows} rows`,
  acwTimeoutInvalid: `ACW timeout must be a whole number of seconds from 0 to ${roleLimits.acwTimeout}`,
  ccpExpected: 'CCP Configuration must be true or false',
  saved: messages.roleSaved,
} as const;

/** A role name already used by another role of the account (names are told apart without case). */
/** A name another role of the account has (never quoting it: an error answer does not echo what was sent). */
export const roleNameTaken = 'Another role of this account already has this name.';

/** Deleting a role its users still hold: say how many, so the administrator knows what to change first. */
export const roleStillHeld = (users: number) =>
  `This role is held by ${users} ${users === 1 ? 'user' : 'users'}; give ${users === 1 ? 'that user' : 'them'} another role before deleting it.`;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const nameField = v.pipe(text(roleLimits.name, roleMessages.nameTooLong, roleMessages.nameRequired), v.nonEmpty(roleMessages.nameRequired));

/** `resources`: only catalogue resources and their methods; `false` is allowed (and dropped). */
export const grantsSchema = v.pipe(
  keyedMap(keyedMap(v.boolean(), roleMessages.resourcesInvalid), roleMessages.resourcesInvalid),
  v.check(
    (grants) =>
      Object.entries(grants).every(([resource, methods]) => {
        const entry = permissionCatalogue.find((e) => e.resource === resource);
        return entry !== undefined && Object.keys(methods).every((m) => (entry.methods as readonly string[]).includes(m));
      }),
    roleMessages.resourcesInvalid,
  ),
  v.transform((grants): ResourceGrants => {
    const out: ResourceGrants = {};
    for (const [resource, methods] of Object.entries(grants)) {
      const granted = Object.fromEntries(Object.entries(methods).filter(([, on]) => on));
      if (Object.keys(granted).length > 0) out[resource] = granted as Partial<Record<HttpMethod, boolean>>;
    }
    return out;
  }),
);

/** The role form's labels of the two trust maps, which name them in their messages. */
export const trustLabels = { trustedRelationships: 'Trusted Relationships', assumeRoles: 'Assume Roles' } as const;

/** A trust row whose role is not one of its account's roles, by the map's label (issue 24). */
export const trustRoleUnknownMessage = (field: string) =>
  `${trustLabels[field as keyof typeof trustLabels] ?? 'Each row'} must pair each account with one of that account’s roles`;

/** Account id → role id (trusted relationships, assume roles). Ids are stored lower case. */
const trustMap = (invalid: string) =>
  v.pipe(
    keyedMap(v.string(), invalid),
    v.check((map) => Object.keys(map).length <= roleLimits.trustRows, roleMessages.tooManyTrustRows),
    v.check((map) => Object.entries(map).every(([account, role]) => uuidPattern.test(account) && uuidPattern.test(role)), invalid),
    v.transform((map): RoleTrust => Object.fromEntries(Object.entries(map).map(([account, role]) => [account.toLowerCase(), role.toLowerCase()]))),
  );
export const trustSchema = trustMap(roleMessages.trustInvalid);
const assumeRolesSchema = trustMap(roleMessages.assumeRolesInvalid);
export type RoleTrust = Record<string, string>;

/** A softphone setting: trimmed text, empty is left out; its too-long message names the role form's label. */
const setting = (label: string) =>
  v.optional(
    v.pipe(
      v.nullable(text(roleLimits.setting, labelTooLong(label, roleLimits.setting))),
      v.transform((s) => (s ? s : undefined)),
    ),
  );
/** A softphone yes/no, its message naming the role form's label. */
const flag = (label: string) => v.optional(v.nullable(v.boolean(`${label} must be true or false`)));

export const ccpConfigSchema = v.pipe(
  v.object(
    {
      awsConnect: v.optional(
        v.nullable(
          v.object(
            {
              accountId: setting('AWS Connect Account Id'),
              instanceId: setting('Instance Id'),
              region: setting('Region'),
              ccpUrl: setting('CCP URL'),
              loginUrl: setting('Login URL'),
              defaultProvisionProfile: v.optional(
                v.nullable(
                  v.object(
                    {
                      // Spec §5: "ACW timeout is parsed as an integer".
                      acwTimeout: v.optional(
                        v.nullable(v.pipe(v.number(roleMessages.acwTimeoutInvalid), v.integer(roleMessages.acwTimeoutInvalid), v.minValue(0, roleMessages.acwTimeoutInvalid), v.maxValue(roleLimits.acwTimeout, roleMessages.acwTimeoutInvalid))),
                      ),
                      autoAnswer: flag('Auto Answer'),
                      hierarchyGroupId: setting('Hierarchy Group Id'),
                      routingProfileId: setting('Routing Profile Id'),
                      securityProfileId: setting('Security Profile Id'),
                    },
                    messages.objectExpected,
                  ),
                ),
              ),
            },
            messages.objectExpected,
          ),
        ),
      ),
      spiceDomain: setting('Spice Domain'),
      spiceDomain2: setting('Spice Domain 2'),
      allowPauseResumeRecording: flag('Allow Pause/Resume Recording'),
    },
    messages.objectExpected,
  ),
  v.transform((config) => compactCcpConfig(config as CcpConfig)),
);

/** Spec §3 Role.ccpConfig. */
export type CcpConfig = {
  awsConnect?: {
    accountId?: string;
    instanceId?: string;
    region?: string;
    ccpUrl?: string;
    loginUrl?: string;
    defaultProvisionProfile?: {
      acwTimeout?: number;
      autoAnswer?: boolean;
      hierarchyGroupId?: string;
      routingProfileId?: string;
      securityProfileId?: string;
    };
  };
  spiceDomain?: string;
  spiceDomain2?: string;
  allowPauseResumeRecording?: boolean;
};

/** Drops absent values and the maps left empty; a configuration with nothing in it is none (null). */
export function compactCcpConfig(config: CcpConfig | null | undefined): CcpConfig | null {
  const compact = (value: unknown): unknown => {
    if (value === null || value === undefined || value === '') return undefined;
    if (typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([k, inner]) => [k, compact(inner)] as const)
      .filter(([, inner]) => inner !== undefined);
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  };
  return (compact(config) as CcpConfig | undefined) ?? null;
}

const missing: Record<string, string> = { name: roleMessages.nameRequired };
const object = <const E extends v.ObjectEntries>(entries: E) =>
  v.object(entries, (issue) => {
    const key = issue.path?.[issue.path.length - 1]?.key;
    if (typeof key !== 'string') return messages.objectExpected;
    return missing[key] ?? requiredMessage(key);
  });

/** `POST /permissions/roles`: a name; everything else may be left out (grants nothing, trusts no one). */
export const roleCreateSchema = object({
  name: nameField,
  resources: v.optional(grantsSchema, () => ({})),
  trustedRelationships: v.optional(trustSchema, () => ({})),
  assumeRoles: v.optional(assumeRolesSchema, () => ({})),
  ccpConfig: v.optional(v.nullable(ccpConfigSchema), null),
});
export type RoleCreate = v.InferInput<typeof roleCreateSchema>;
export type RoleCreateParsed = v.InferOutput<typeof roleCreateSchema>;

/** `PATCH /permissions/roles/{id}`: the version edited and the fields changed (a map sent replaces the stored one). */
export const rolePatchSchema = object({
  version: expectedVersion,
  name: v.optional(nameField),
  resources: v.optional(grantsSchema),
  trustedRelationships: v.optional(trustSchema),
  assumeRoles: v.optional(assumeRolesSchema),
  ccpConfig: v.optional(v.nullable(ccpConfigSchema)),
});
export type RolePatch = v.InferInput<typeof rolePatchSchema>;
export type RolePatchParsed = v.InferOutput<typeof rolePatchSchema>;

export const roleListQuerySchema = listQuerySchema(roleSortColumns);

/** A user holding the role (the role page links to their user pages). */
export type RoleUser = { id: string; name: string; email: string; active: boolean };

export type Role = CommonFields & {
  resourceType: 'Role';
  name: string;
  resources: ResourceGrants;
  trustedRelationships: RoleTrust;
  assumeRoles: RoleTrust;
  ccpConfig: CcpConfig | null;
  /** How many users of the account hold it. */
  userCount: number;
  /** Issue 24: the role grants what the caller's lacks, so the caller may not edit, delete or give it (never for an instance administrator; issue 40: also on the list's items). */
  roleBeyondYours?: boolean;
};
/** `GET /permissions/roles/{id}` also lists the role's users (spec §3: "Associated users also exist on roles"). */
export type RoleDetail = Role & {
  associatedUsers: RoleUser[];
};
export type RoleList = { items: Role[]; total: number; limit: number | null; offset: number };

/**
 * `GET /permissions/trust-targets` (issue 24): what the role form's trust rows may pick, by name —
 * accounts, each with the roles a row may point at there (only roles within the caller's own
 * grants, unless an instance administrator asks).
 */
export type TrustTarget = { id: string; name: string; roles: { id: string; name: string }[] };
export type TrustTargets = { items: TrustTarget[] };

// ------------------------------------------------------------------ the older policy shape

/** Spec §3's older shape: each resource lists its allowed methods as `actions`. */
export type PolicyResources = Record<string, { actions: HttpMethod[] }>;
export type Policy = CommonFields & {
  resourceType: 'Policy';
  name: string;
  resources: PolicyResources;
  /** Features beyond the resources: `ccp` is on when the role carries softphone settings. */
  features: { ccp: boolean };
  settings: { ccpConfig: CcpConfig | null };
  roleAssociations: { trustedRelationships: RoleTrust; assumeRoles: RoleTrust };
};

/** `GET /permissions/policies`: the roles' list, each role in the older shape. */
export type PolicyList = Omit<RoleList, 'items'> & { items: Policy[] };

const policyResourcesSchema = v.pipe(
  keyedMap(v.object({ actions: v.array(v.picklist(httpMethods)) }), roleMessages.resourcesInvalid),
  v.transform((resources) => Object.fromEntries(Object.entries(resources).map(([resource, { actions }]) => [resource, Object.fromEntries(actions.map((a) => [a, true]))]))),
  grantsSchema,
);

const policyParts = {
  resources: policyResourcesSchema,
  features: v.object({ ccp: v.optional(v.boolean(roleMessages.ccpExpected)) }, messages.objectExpected),
  settings: v.object({ ccpConfig: v.optional(v.nullable(ccpConfigSchema)) }, messages.objectExpected),
  roleAssociations: v.object({ trustedRelationships: v.optional(trustSchema), assumeRoles: v.optional(assumeRolesSchema) }, messages.objectExpected),
};

export const policyCreateSchema = object({
  name: nameField,
  resources: v.optional(policyParts.resources, () => ({})),
  features: v.optional(policyParts.features),
  settings: v.optional(policyParts.settings),
  roleAssociations: v.optional(policyParts.roleAssociations),
});
export const policyPatchSchema = object({
  version: expectedVersion,
  name: v.optional(nameField),
  resources: v.optional(policyParts.resources),
  features: v.optional(policyParts.features),
  settings: v.optional(policyParts.settings),
  roleAssociations: v.optional(policyParts.roleAssociations),
});
export type PolicyCreate = v.InferInput<typeof policyCreateSchema>;
export type PolicyPatch = v.InferInput<typeof policyPatchSchema>;

/** The role's grants in the policy shape (methods in the catalogue's order). */
export const toPolicyResources = (grants: ResourceGrants): PolicyResources =>
  Object.fromEntries(
    Object.entries(grants).map(([resource, methods]) => [resource, { actions: httpMethods.filter((m) => methods?.[m] === true) }]),
  );
