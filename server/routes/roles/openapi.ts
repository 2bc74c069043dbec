import * as v from 'valibot';
import type { AccessPolicy } from '../../../domain/api.ts';
import { httpMethods, type ResourceGrants } from '../../../domain/permissions.ts';
import type { CcpConfig, Policy, PolicyList, Role, RoleDetail, RoleList, RoleTrust, TrustTargets } from '../../../domain/roles.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, createdSchema, example, exampleCommon, uuid } from '../../openapi/schemas.ts';

/** Roles, the older policy shape, trust targets and the caller's access policy (server/routes/roles/index.ts). */

const grantsAnswer = answerOf<ResourceGrants>()(
  v.pipe(
    v.record(v.string(), v.optional(v.object({ GET: v.optional(v.boolean()), POST: v.optional(v.boolean()), PATCH: v.optional(v.boolean()), DELETE: v.optional(v.boolean()) }))),
    v.description('Each catalogue resource the role grants, with the methods it allows (`true`).'),
  ),
);
const trustAnswer = answerOf<RoleTrust>()(v.pipe(v.record(v.string(), v.string()), v.description('Account id → the id of a role there.')));
const ccpAnswer = answerOf<CcpConfig>()(
  v.object({
    awsConnect: v.optional(
      v.object({
        accountId: v.optional(v.string()),
        instanceId: v.optional(v.string()),
        region: v.optional(v.string()),
        ccpUrl: v.optional(v.string()),
        loginUrl: v.optional(v.string()),
        defaultProvisionProfile: v.optional(
          v.object({
            acwTimeout: v.optional(v.number()),
            autoAnswer: v.optional(v.boolean()),
            hierarchyGroupId: v.optional(v.string()),
            routingProfileId: v.optional(v.string()),
            securityProfileId: v.optional(v.string()),
          }),
        ),
      }),
    ),
    spiceDomain: v.optional(v.string()),
    spiceDomain2: v.optional(v.string()),
    allowPauseResumeRecording: v.optional(v.boolean()),
  }),
);

const roleEntries = {
  ...commonFields,
  resourceType: v.literal('Role'),
  name: v.string(),
  resources: grantsAnswer,
  trustedRelationships: trustAnswer,
  assumeRoles: trustAnswer,
  ccpConfig: v.pipe(v.nullable(ccpAnswer), v.description('Spec §3 Role.ccpConfig: the softphone’s settings.')),
  userCount: v.pipe(v.number(), v.integer(), v.description('How many users of the account hold it.')),
  roleBeyondYours: v.pipe(v.optional(v.boolean()), v.description('The role grants what the caller’s own lacks: the caller may not edit, delete or give it.')),
};
const roleAnswer = answerOf<Role>()(v.object(roleEntries));
const roleDetailAnswer = answerOf<RoleDetail>()(
  v.object({ ...roleEntries, associatedUsers: v.array(v.object({ id: uuid, name: v.string(), email: v.string(), active: v.boolean() })) }),
);
const roleListAnswer = answerOf<RoleList>()(
  v.object({
    items: v.array(roleAnswer),
    total: v.pipe(v.number(), v.integer()),
    limit: v.pipe(v.nullable(v.number()), v.description('Null without paging: every role.')),
    offset: v.pipe(v.number(), v.integer()),
  }),
);
const trustTargetsAnswer = answerOf<TrustTargets>()(v.object({ items: v.array(v.object({ id: uuid, name: v.string(), roles: v.array(v.object({ id: uuid, name: v.string() })) })) }));

const policyAnswer = answerOf<Policy>()(
  v.object({
    ...commonFields,
    resourceType: v.literal('Policy'),
    name: v.string(),
    resources: v.pipe(v.record(v.string(), v.object({ actions: v.array(v.picklist(httpMethods)) })), v.description('Each catalogue resource with its allowed methods.')),
    features: v.object({ ccp: v.pipe(v.boolean(), v.description('On when the role carries softphone settings.')) }),
    settings: v.object({ ccpConfig: v.nullable(ccpAnswer) }),
    roleAssociations: v.object({ trustedRelationships: trustAnswer, assumeRoles: trustAnswer }),
  }),
);
const policyListAnswer = answerOf<PolicyList>()(
  v.object({ items: v.array(policyAnswer), total: v.pipe(v.number(), v.integer()), limit: v.nullable(v.number()), offset: v.pipe(v.number(), v.integer()) }),
);

const accessPolicyAnswer = answerOf<AccessPolicy>()(
  v.object({
    accountId: uuid,
    accountName: v.string(),
    instanceAdmin: v.boolean(),
    role: v.pipe(v.nullable(v.string()), v.description('The name of the caller’s role in this account.')),
    resources: grantsAnswer,
    homeAccountId: uuid,
    user: v.object({ id: uuid, name: v.string(), email: v.string() }),
    assumedAccounts: v.pipe(v.array(v.object({ accountId: uuid, accountName: v.string() })), v.description('Accounts the caller may switch to, besides their own.')),
  }),
);

const role: Role = {
  ...exampleCommon(),
  resourceType: 'Role',
  name: 'Front desk',
  resources: { '/person/persons': { GET: true, POST: true, PATCH: true }, '/interactions/interactions': { GET: true } },
  trustedRelationships: {},
  assumeRoles: {},
  ccpConfig: { allowPauseResumeRecording: true },
  userCount: 4,
  roleBeyondYours: false,
};
const policy: Policy = {
  ...exampleCommon(),
  resourceType: 'Policy',
  name: 'Front desk',
  resources: { '/person/persons': { actions: ['GET', 'POST', 'PATCH'] }, '/interactions/interactions': { actions: ['GET'] } },
  features: { ccp: true },
  settings: { ccpConfig: { allowPauseResumeRecording: true } },
  roleAssociations: { trustedRelationships: {}, assumeRoles: {} },
};

export const roleDocs = areaDocs({
  'GET /permissions/roles': {
    summary: 'List roles (every role without paging)',
    answer: roleListAnswer,
    queryExample: { limit: '20', sort: 'name', order: 'asc' },
    answerExample: { items: [role], total: 1, limit: 20, offset: 0 },
  },
  'POST /permissions/roles': {
    summary: 'Create a role (within the caller’s own grants)',
    status: 201,
    answer: createdSchema,
    requestExample: { name: 'Front desk', resources: { '/person/persons': { GET: true, POST: true } } },
    answerExample: { id: example.id },
  },
  'GET /permissions/roles/:id': { summary: 'Read a role, with its users', answer: roleDetailAnswer, answerExample: { ...role, associatedUsers: [{ id: example.otherId, name: example.actor, email: 'morgan@riverside.example.com', active: true }] } },
  'PATCH /permissions/roles/:id': {
    summary: 'Update a role',
    answer: roleAnswer,
    requestExample: { version: 1, name: 'Front desk staff' },
    answerExample: { ...role, ...exampleCommon(example.id, 2), name: 'Front desk staff' },
  },
  'DELETE /permissions/roles/:id': { summary: 'Delete a role no user holds', status: 204 },
  'GET /permissions/trust-targets': {
    summary: 'The accounts, and their roles, a role’s trust rows may point at',
    answer: trustTargetsAnswer,
    answerExample: { items: [{ id: example.otherId, name: 'Hillcrest Pediatrics', roles: [{ id: example.id, name: 'Read Only' }] }] },
  },
  'GET /permissions/policies': {
    summary: 'List roles in the older policy shape',
    answer: policyListAnswer,
    queryExample: { limit: '20', sort: 'name', order: 'asc' },
    answerExample: { items: [policy], total: 1, limit: 20, offset: 0 },
  },
  'POST /permissions/policies': {
    summary: 'Create a role from the older policy shape',
    status: 201,
    answer: createdSchema,
    requestExample: { name: 'Front desk', resources: { '/person/persons': { actions: ['GET', 'POST'] } } },
    answerExample: { id: example.id },
  },
  'GET /permissions/policies/:id': { summary: 'Read a role in the older policy shape', answer: policyAnswer, answerExample: policy },
  'PATCH /permissions/policies/:id': {
    summary: 'Update a role from the older policy shape',
    answer: policyAnswer,
    requestExample: { version: 1, name: 'Front desk staff' },
    answerExample: { ...policy, ...exampleCommon(example.id, 2), name: 'Front desk staff' },
  },
  'DELETE /permissions/policies/:id': { summary: 'Delete a role no user holds (the older policy path)', status: 204 },
  'GET /permissions/accesspolicy': {
    summary: 'What the caller may do in the request’s account',
    answer: accessPolicyAnswer,
    answerExample: {
      accountId: example.accountId,
      accountName: 'Riverside Family Practice',
      instanceAdmin: false,
      role: 'Front desk',
      resources: role.resources,
      homeAccountId: example.accountId,
      user: { id: example.otherId, name: example.actor, email: 'morgan@riverside.example.com' },
      assumedAccounts: [],
    },
  },
});
