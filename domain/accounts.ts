/**
 * Accounts (spec §1, §3 Account, §6, §7 `/accounts`): the practices the platform serves. Shared
 * by the API (validation) and the SPA (forms). Every field of spec §3's Account is editable on the
 * account's page; the bounds the spec leaves open are ours (below).
 */
import * as v from 'valibot';
import { accountSortColumns, type AccountSort } from './account-sort.ts';
import { expectedVersion } from './catalogue.ts';
import { labelTooLong } from './fields.ts';
import { messages } from './messages.ts';
import { listQuerySchema } from './list-query.ts';
import { type CommonFields } from './records.ts';
import { roleLimits } from './roles.ts';
import { defaultTimeZone } from './schedules.ts';
import { queueLimits } from './queues.ts';
import { optionalText, requiredText, text } from './text.ts';

/** Bounds of our choosing (the spec does not show them). */
export const accountLimits = {
  name: 200,
  abbreviation: 20,
  userSource: 100,
  setting: 200,
  url: 1000,
  domainNames: 50,
  assumedAccounts: 50,
} as const;

/** The account's own messages (not in the spec: worded for an administrator; never quoting what was sent). */
export const accountMessages = {
  userSourceTooLong: `User source must be at most ${accountLimits.userSource} characters`,
  domainInvalid: 'Domain name must be a domain name such as clinic.example.com',
  domainTaken: 'This domain name already belongs to an account.',
  tooManyDomains: `An account can have at most ${accountLimits.domainNames} domain names`,
  assumedInvalid: 'Assumed accounts must be a list of accounts, each once, by their ids',
  tooManyAssumed: `An account can assume at most ${accountLimits.assumedAccounts} accounts`,
  assumedSelf: 'An account cannot assume itself',
  assumedUnknown: 'An account of this list does not exist',
  roleIdInvalid: 'Role must be a role of this account',
  roleArnInvalid: 'Role ARN must be the ARN of an IAM role: it starts with arn:aws:iam:: and names a role (…:role/name)',
  roleArnOtherAccount: 'Role ARN must be a role of the AWS account id above',
  externalIdInvalid: 'External id must be 2 to 1224 letters, digits or any of + = , . @ : / _ -',
  acwTimeoutInvalid: `ACW timeout must be a whole number of seconds from 0 to ${roleLimits.acwTimeout}`,
  timeZoneInvalid: messages.timeZoneInvalid,
  ownAccountActive: 'You cannot deactivate your own account: you would be signed out of it.',
  instanceAdminOnly: 'Only an instance administrator may do this.',
  created: messages.accountAdded,
  saved: messages.accountSaved,
} as const;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An IANA time zone the runtime knows, by its canonical name ('america/new_york' → 'America/New_York'). */
export function canonicalTimeZone(value: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const timeZoneField = v.pipe(
  v.string(messages.timeZoneInvalid),
  v.trim(),
  v.check((s) => canonicalTimeZone(s) !== null, messages.timeZoneInvalid),
  v.transform((s) => canonicalTimeZone(s)!),
);

/**
 * A domain name (RFC 1035 host names: labels of letters, digits and inner hyphens, at most 63
 * characters each, at least two labels, a top-level label that is not all digits), lower case.
 */
export function isDomainName(value: string): boolean {
  if (value.length > 253) return false;
  const labels = value.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label))) return false;
  return !/^\d+$/.test(labels.at(-1)!);
}

/** `POST /accounts/account/domain`: one domain name, lower case (a trailing dot is the same name). */
const domainNameField = v.pipe(
  v.string(accountMessages.domainInvalid),
  v.trim(),
  v.transform((s) => s.replace(/\.$/, '').toLowerCase()),
  v.check(isDomainName, accountMessages.domainInvalid),
);

export const domainSchema = v.object({ domainName: domainNameField }, () => accountMessages.domainInvalid);
export type DomainCreate = v.InferOutput<typeof domainSchema>;

/** An address field's message, by the account form's label ('CCP URL must be an http:// or https:// address'). */
export const urlInvalidMessage = (label: string) => `${label} must be an http:// or https:// address`;

/** Optional text that must be an http(s) address when given; its messages name the form's label. */
const urlField = (label: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        text(accountLimits.url, labelTooLong(label, accountLimits.url)),
        v.transform((s) => (s === '' ? null : s)),
        v.check((s) => s === null || /^https?:\/\/[^\s]+$/i.test(s), urlInvalidMessage(label)),
      ),
    ),
  );
/** A setting of the account form, its too-long message naming the form's label. */
const setting = (label: string) => optionalText(accountLimits.setting, labelTooLong(label, accountLimits.setting));

/** An optional setting that, when given, matches `pattern` (STS's own rules for a role ARN and an external id). */
const patterned = (max: number, pattern: RegExp, invalid: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        text(max, invalid),
        v.transform((s) => (s === '' ? null : s)),
        v.check((s) => s === null || pattern.test(s), invalid),
      ),
    ),
  );
/** IAM role ARN (any partition); the account id is the one whose role the portal assumes. */
const roleArnPattern = /^arn:aws[a-z-]*:iam::(\d{12}):role\/[\w+=,.@/-]{1,512}$/;
const greeting = optionalText(queueLimits.greeting, messages.greetingTooLong);

const dispositionsField = v.pipe(
  v.array(v.pipe(text(queueLimits.disposition, messages.dispositionTooLong, messages.dispositionRequired), v.nonEmpty(messages.dispositionRequired)), messages.dispositionRequired),
  v.maxLength(queueLimits.dispositions, messages.tooManyDispositions),
  v.check((list) => new Set(list.map((d) => d.toLowerCase())).size === list.length, messages.dispositionDuplicate),
);

/** Spec §5: "ACW timeout is parsed as an integer" (seconds). */
const acwTimeout = v.optional(
  v.nullable(
    v.pipe(
      v.number(accountMessages.acwTimeoutInvalid),
      v.integer(accountMessages.acwTimeoutInvalid),
      v.minValue(0, accountMessages.acwTimeoutInvalid),
      v.maxValue(roleLimits.acwTimeout, accountMessages.acwTimeoutInvalid),
    ),
  ),
);

/** Spec §3 Account `config`: the Azure tenant, the softphone (CCP) defaults, the portal's default role, Amazon Connect. */
export const accountConfigSchema = v.object({
  azure: v.optional(v.object({ tenantId: setting('Azure tenant id') })),
  ccp: v.optional(
    v.object({
      ccpUrl: urlField('CCP URL'),
      loginUrl: urlField('Login URL'),
      agentGreetingImageLocationPath: optionalText(queueLimits.imagePath, messages.imagePathTooLong),
      defaultAgentGreetings: v.optional(v.object({ inbound: greeting, outbound: greeting, callback: greeting })),
      defaultQueueDispositions: v.optional(dispositionsField),
    }),
  ),
  portal: v.optional(
    v.object({
      roleId: v.optional(
        v.nullable(
          v.pipe(
            v.string(accountMessages.roleIdInvalid),
            v.transform((s) => (s.trim() === '' ? null : s.trim().toLowerCase())),
            v.check((s) => s === null || uuidPattern.test(s), accountMessages.roleIdInvalid),
          ),
        ),
      ),
    }),
  ),
  awsConnect: v.optional(
    v.pipe(
      v.object({
        accountId: setting('AWS account id'),
        instanceId: setting('Instance id'),
        region: setting('Region'),
        // Beside the spec's shape: the role in the practice's AWS account the portal assumes to
        // reach its Connect instance, and the external id the role's trust policy requires.
        roleArn: patterned(2048, roleArnPattern, accountMessages.roleArnInvalid),
        externalId: patterned(1224, /^[\w+=,.@:/-]{2,1224}$/, accountMessages.externalIdInvalid),
        defaultProvisionProfile: v.optional(
          v.object({
            acwTimeout,
            autoAnswer: v.optional(v.boolean()),
            hierarchyGroupId: setting('Hierarchy group id'),
            routingProfileId: setting('Routing profile id'),
            securityProfileId: setting('Security profile id'),
          }),
        ),
      }),
      // A role of another AWS account than the practice's would reach someone else's Connect.
      v.forward(
        v.partialCheck(
          [['accountId'], ['roleArn']],
          ({ accountId, roleArn }) => !accountId || !roleArn || roleArnPattern.exec(roleArn)?.[1] === accountId,
          accountMessages.roleArnOtherAccount,
        ),
        ['roleArn'],
      ),
    ),
  ),
});
export type AccountConfig = v.InferOutput<typeof accountConfigSchema>;

const assumedAccountsField = v.pipe(
  v.array(
    v.pipe(
      v.object({ accountId: v.string(accountMessages.assumedInvalid) }, accountMessages.assumedInvalid),
      v.check((a) => uuidPattern.test(a.accountId), accountMessages.assumedInvalid),
      v.transform((a) => ({ accountId: a.accountId.toLowerCase() })),
    ),
    accountMessages.assumedInvalid,
  ),
  v.maxLength(accountLimits.assumedAccounts, accountMessages.tooManyAssumed),
  v.check((list) => new Set(list.map((a) => a.accountId)).size === list.length, accountMessages.assumedInvalid),
);

const nameField = requiredText(accountLimits.name, messages.accountNameRequired, messages.accountNameTooLong);
const abbreviationField = v.optional(
  v.nullable(
    v.pipe(
      text(accountLimits.abbreviation, messages.abbreviationTooLong),
      v.transform((s) => (s === '' ? null : s)),
    ),
  ),
);

/** The editable fields (spec §3 Account, and the account's time zone, by which schedules recur). */
const editableEntries = {
  name: nameField,
  abbreviation: abbreviationField,
  userSource: optionalText(accountLimits.userSource, accountMessages.userSourceTooLong),
  active: v.optional(v.boolean()),
  timeZone: v.optional(timeZoneField),
  config: v.optional(accountConfigSchema),
};

/** `POST /accounts`: a new account (instance administrators only). Assumed accounts and domains are added on its page. */
export const accountCreateSchema = v.object(
  { ...editableEntries },
  (issue) => {
    const key = issue.path?.[issue.path.length - 1]?.key;
    return key === 'name' ? messages.accountNameRequired : messages.objectExpected;
  },
);
export type AccountCreate = v.InferInput<typeof accountCreateSchema>;

/**
 * `PATCH /accounts/account`: the version being edited and any editable field (unknown keys are
 * dropped). `assumedAccounts` and `active` are the instance administrator's (the server refuses
 * them to anyone else); `assumedAccounts` sends ids only, the names are the accounts' own.
 */
export const accountPatchSchema = v.object({
  version: expectedVersion,
  ...editableEntries,
  name: v.optional(nameField),
  assumedAccounts: v.optional(assumedAccountsField),
  /** The whole list (a removal; an added name is checked like `POST /accounts/account/domain`). */
  domainNames: v.optional(
    v.pipe(
      v.array(domainNameField, accountMessages.domainInvalid),
      v.maxLength(accountLimits.domainNames, accountMessages.tooManyDomains),
      v.check((list) => new Set(list).size === list.length, accountMessages.domainInvalid),
    ),
  ),
});
export type AccountPatch = v.InferInput<typeof accountPatchSchema>;

export { accountSortColumns, type AccountSort };

/** `GET /accounts` with paging (`limit`, `page` or `offset`): the administration list. */
export const accountListQuerySchema = listQuerySchema(accountSortColumns);

export type AssumedAccount = { accountId: string; accountName: string };

/** `GET`/`PATCH /accounts/account`, `POST /accounts` (201 answers `{ id }`). */
export type Account = Omit<CommonFields, 'accountId'> & {
  resourceType: 'Account';
  accountId: string;
  name: string;
  abbreviation: string | null;
  userSource: string | null;
  domainNames: string[];
  assumedAccounts: AssumedAccount[];
  active: boolean;
  timeZone: string;
  config: AccountConfig;
};

export type AccountAdminListItem = { id: string; name: string; abbreviation: string | null; active: boolean };
export type AccountAdminList = { items: AccountAdminListItem[]; total: number; limit: number; offset: number };

export { defaultTimeZone };
