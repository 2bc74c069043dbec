import * as v from 'valibot';
import type { Account, AccountAdminList, AccountConfig, AssumedAccount } from '../../../domain/accounts.ts';
import type { AccountListItem } from '../../../domain/api.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, createdSchema, example, exampleCommon, pageFields, uuid } from '../../openapi/schemas.ts';

/** Accounts (server/routes/accounts/index.ts): their answers, with examples. */

/** A setting the form may leave empty: absent or null when not set. */
const setting = v.optional(v.nullable(v.string()));

const configAnswer = answerOf<AccountConfig>()(
  v.object({
    azure: v.optional(v.object({ tenantId: setting })),
    ccp: v.optional(
      v.object({
        ccpUrl: setting,
        loginUrl: setting,
        agentGreetingImageLocationPath: setting,
        defaultAgentGreetings: v.optional(v.object({ inbound: setting, outbound: setting, callback: setting })),
        defaultQueueDispositions: v.optional(v.array(v.string())),
      }),
    ),
    portal: v.optional(v.object({ roleId: v.pipe(v.optional(v.nullable(uuid)), v.description('The role new users get.')) })),
    awsConnect: v.optional(
      v.object({
        accountId: setting,
        instanceId: setting,
        region: setting,
        roleArn: v.pipe(setting, v.description('The role in the practice’s AWS account the portal assumes to reach its Connect instance.')),
        externalId: setting,
        defaultProvisionProfile: v.optional(
          v.object({
            acwTimeout: v.optional(v.nullable(v.number())),
            autoAnswer: v.optional(v.boolean()),
            hierarchyGroupId: setting,
            routingProfileId: setting,
            securityProfileId: setting,
          }),
        ),
      }),
    ),
  }),
);

const assumedAnswer = answerOf<AssumedAccount>()(v.object({ accountId: uuid, accountName: v.pipe(v.string(), v.description('The assumed account’s current name.')) }));

const accountAnswer = answerOf<Account>()(
  v.object({
    ...commonFields,
    accountId: v.pipe(uuid, v.description('The account’s own id (the same as `id`).')),
    resourceType: v.literal('Account'),
    name: v.string(),
    abbreviation: v.nullable(v.string()),
    userSource: v.nullable(v.string()),
    domainNames: v.array(v.string()),
    assumedAccounts: v.pipe(v.array(assumedAnswer), v.description('The accounts this one’s users may act in.')),
    active: v.boolean(),
    timeZone: v.pipe(v.string(), v.description('An IANA time zone: schedules recur by it.')),
    config: configAnswer,
  }),
);

const selectorAnswer = answerOf<{ items: AccountListItem[] }>()(v.object({ items: v.array(v.object({ id: uuid, name: v.string() })) }));
const adminListAnswer = answerOf<AccountAdminList>()(
  v.object({ ...pageFields, items: v.array(v.object({ id: uuid, name: v.string(), abbreviation: v.nullable(v.string()), active: v.boolean() })) }),
);
const accountListAnswer = answerOf<{ items: AccountListItem[] } | AccountAdminList>()(
  v.pipe(
    v.union([adminListAnswer, selectorAnswer]),
    v.description('Without paging: the accounts the caller may act in (`items` of id and name). With `limit`, `page` or `offset`: a page of every account (instance administrators).'),
  ),
);

const account: Account = {
  ...exampleCommon(example.accountId),
  accountId: example.accountId,
  resourceType: 'Account',
  name: 'Riverside Family Practice',
  abbreviation: 'RFP',
  userSource: null,
  domainNames: ['riverside.example.com'],
  assumedAccounts: [{ accountId: example.otherId, accountName: 'Hillcrest Pediatrics' }],
  active: true,
  timeZone: 'America/Chicago',
  config: { portal: { roleId: example.id }, ccp: { ccpUrl: 'https://riverside.my.connect.aws/ccp-v2', defaultQueueDispositions: ['Resolved', 'Callback'] } },
};

export const accountDocs = areaDocs({
  'GET /accounts': {
    summary: 'List accounts: the ones the caller may act in, or (paged) every account',
    answer: accountListAnswer,
    queryExample: { limit: '20', sort: 'name', order: 'asc', q: 'river' },
    answerExample: { total: 1, limit: 20, offset: 0, items: [{ id: example.accountId, name: 'Riverside Family Practice', abbreviation: 'RFP', active: true }] },
  },
  'POST /accounts': {
    summary: 'Create an account, with its default roles (instance administrators)',
    status: 201,
    answer: createdSchema,
    requestExample: { name: 'Riverside Family Practice', abbreviation: 'RFP', timeZone: 'America/Chicago' },
    answerExample: { id: example.accountId },
  },
  'GET /accounts/account': { summary: 'Read the request’s account', answer: accountAnswer, answerExample: account },
  'PATCH /accounts/account': {
    summary: 'Update the request’s account (each `config` section sent replaces that section)',
    answer: accountAnswer,
    requestExample: { version: 1, abbreviation: 'RFP' },
    answerExample: { ...account, ...exampleCommon(example.accountId, 2), accountId: example.accountId },
  },
  'POST /accounts/account/domain': {
    summary: 'Add a domain name to the account (unique across accounts)',
    status: 201,
    answer: accountAnswer,
    requestExample: { domainName: 'riverside-clinic.example.com' },
    answerExample: { ...account, ...exampleCommon(example.accountId, 2), accountId: example.accountId, domainNames: ['riverside.example.com', 'riverside-clinic.example.com'] },
  },
});
