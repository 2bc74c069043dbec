import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { accountCreateSchema, accountPatchSchema, defaultTimeZone, type Account, type AccountConfig, type AssumedAccount } from '../../../domain/accounts.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Chip, ChipList } from '../../components/ui/chip.tsx';
import { Empty } from '../../components/ui/description-list.tsx';
import { EditForm } from '../../components/ui/edit-form.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/form-fields.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useRecordForm, type RecordFormProps } from '../../lib/record-form.ts';
import { AccountPicker } from './account-picker.tsx';
import { accountRolesQuery } from './queries.ts';

/** The form keeps every field flat; the body nests the settings under `config` (spec §3). */
export type AccountValues = {
  name: string;
  abbreviation: string;
  userSource: string;
  timeZone: string;
  active: boolean;
  domainNames: string[];
  assumedAccounts: AssumedAccount[];
  tenantId: string;
  ccpUrl: string;
  loginUrl: string;
  greetingImagePath: string;
  greetingInbound: string;
  greetingOutbound: string;
  greetingCallback: string;
  /** One disposition per line. */
  dispositions: string;
  portalRoleId: string;
  awsAccountId: string;
  awsInstanceId: string;
  awsRegion: string;
  awsRoleArn: string;
  awsExternalId: string;
  /** As typed: spec §5 parses it as an integer. */
  acwTimeout: string;
  autoAnswer: boolean;
  hierarchyGroupId: string;
  routingProfileId: string;
  securityProfileId: string;
};

/** Where each form field sits in the API's body (its errors are named by these paths). */
const bodyPaths: Record<keyof AccountValues, string> = {
  name: 'name',
  abbreviation: 'abbreviation',
  userSource: 'userSource',
  timeZone: 'timeZone',
  active: 'active',
  domainNames: 'domainNames',
  assumedAccounts: 'assumedAccounts',
  tenantId: 'config.azure.tenantId',
  ccpUrl: 'config.ccp.ccpUrl',
  loginUrl: 'config.ccp.loginUrl',
  greetingImagePath: 'config.ccp.agentGreetingImageLocationPath',
  greetingInbound: 'config.ccp.defaultAgentGreetings.inbound',
  greetingOutbound: 'config.ccp.defaultAgentGreetings.outbound',
  greetingCallback: 'config.ccp.defaultAgentGreetings.callback',
  dispositions: 'config.ccp.defaultQueueDispositions',
  portalRoleId: 'config.portal.roleId',
  awsAccountId: 'config.awsConnect.accountId',
  awsInstanceId: 'config.awsConnect.instanceId',
  awsRegion: 'config.awsConnect.region',
  awsRoleArn: 'config.awsConnect.roleArn',
  awsExternalId: 'config.awsConnect.externalId',
  acwTimeout: 'config.awsConnect.defaultProvisionProfile.acwTimeout',
  autoAnswer: 'config.awsConnect.defaultProvisionProfile.autoAnswer',
  hierarchyGroupId: 'config.awsConnect.defaultProvisionProfile.hierarchyGroupId',
  routingProfileId: 'config.awsConnect.defaultProvisionProfile.routingProfileId',
  securityProfileId: 'config.awsConnect.defaultProvisionProfile.securityProfileId',
};

/** The form field an error's path names ('config.ccp.defaultQueueDispositions.2' → 'dispositions'). */
export function fieldOfPath(path: string): string | null {
  const entries = Object.entries(bodyPaths) as [keyof AccountValues, string][];
  return entries.find(([, at]) => path === at || path.startsWith(`${at}.`))?.[0] ?? null;
}

export const emptyAccount: AccountValues = {
  name: '',
  abbreviation: '',
  userSource: '',
  timeZone: defaultTimeZone,
  active: true,
  domainNames: [],
  assumedAccounts: [],
  tenantId: '',
  ccpUrl: '',
  loginUrl: '',
  greetingImagePath: '',
  greetingInbound: '',
  greetingOutbound: '',
  greetingCallback: '',
  dispositions: '',
  portalRoleId: '',
  awsAccountId: '',
  awsInstanceId: '',
  awsRegion: '',
  awsRoleArn: '',
  awsExternalId: '',
  acwTimeout: '',
  autoAnswer: false,
  hierarchyGroupId: '',
  routingProfileId: '',
  securityProfileId: '',
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');

export function toAccountValues(account: Account): AccountValues {
  const { azure, ccp, portal, awsConnect } = account.config;
  const profile = awsConnect?.defaultProvisionProfile;
  return {
    name: account.name,
    abbreviation: account.abbreviation ?? '',
    userSource: account.userSource ?? '',
    timeZone: account.timeZone,
    active: account.active,
    domainNames: [...account.domainNames],
    assumedAccounts: account.assumedAccounts.map((a) => ({ ...a })),
    tenantId: str(azure?.tenantId),
    ccpUrl: str(ccp?.ccpUrl),
    loginUrl: str(ccp?.loginUrl),
    greetingImagePath: str(ccp?.agentGreetingImageLocationPath),
    greetingInbound: str(ccp?.defaultAgentGreetings?.inbound),
    greetingOutbound: str(ccp?.defaultAgentGreetings?.outbound),
    greetingCallback: str(ccp?.defaultAgentGreetings?.callback),
    dispositions: (Array.isArray(ccp?.defaultQueueDispositions) ? ccp.defaultQueueDispositions : []).join('\n'),
    portalRoleId: str(portal?.roleId),
    awsAccountId: str(awsConnect?.accountId),
    awsInstanceId: str(awsConnect?.instanceId),
    awsRegion: str(awsConnect?.region),
    awsRoleArn: str(awsConnect?.roleArn),
    awsExternalId: str(awsConnect?.externalId),
    acwTimeout: typeof profile?.acwTimeout === 'number' ? String(profile.acwTimeout) : '',
    autoAnswer: profile?.autoAnswer === true,
    hierarchyGroupId: str(profile?.hierarchyGroupId),
    routingProfileId: str(profile?.routingProfileId),
    securityProfileId: str(profile?.securityProfileId),
  };
}

/** Spec §5: the ACW timeout is parsed as an integer (anything else is sent as is, for the schema to refuse under the field). */
const parseAcwTimeout = (typed: string): number | null => (typed.trim() === '' ? null : /^\s*-?\d+\s*$/.test(typed) ? Number.parseInt(typed, 10) : Number(typed));

function toConfig(values: AccountValues): AccountConfig {
  return {
    azure: { tenantId: values.tenantId },
    ccp: {
      ccpUrl: values.ccpUrl,
      loginUrl: values.loginUrl,
      agentGreetingImageLocationPath: values.greetingImagePath,
      defaultAgentGreetings: { inbound: values.greetingInbound, outbound: values.greetingOutbound, callback: values.greetingCallback },
      defaultQueueDispositions: values.dispositions
        .split('\n')
        .map((d) => d.trim())
        .filter(Boolean),
    },
    portal: { roleId: values.portalRoleId || null },
    awsConnect: {
      accountId: values.awsAccountId,
      instanceId: values.awsInstanceId,
      region: values.awsRegion,
      roleArn: values.awsRoleArn,
      externalId: values.awsExternalId,
      defaultProvisionProfile: {
        acwTimeout: parseAcwTimeout(values.acwTimeout),
        autoAnswer: values.autoAnswer,
        hierarchyGroupId: values.hierarchyGroupId,
        routingProfileId: values.routingProfileId,
        securityProfileId: values.securityProfileId,
      },
    },
  } as AccountConfig;
}

/** `POST /accounts`: the general fields (the rest is set on the account's page). */
export const toCreateBody = (values: AccountValues) => ({
  name: values.name,
  abbreviation: values.abbreviation,
  userSource: values.userSource,
  timeZone: values.timeZone,
});

/** `PATCH /accounts/account` (without the version): `active` and the assumed accounts only from an instance administrator. */
export const toPatchBody = (values: AccountValues, instanceAdmin: boolean) => ({
  name: values.name,
  abbreviation: values.abbreviation,
  userSource: values.userSource,
  timeZone: values.timeZone,
  domainNames: values.domainNames,
  ...(instanceAdmin ? { active: values.active, assumedAccounts: values.assumedAccounts.map((a) => ({ accountId: a.accountId })) } : {}),
  config: toConfig(values),
});

/** How each field reads in the conflict notice. */
export const accountConflictFields: { label: string; show(v: AccountValues): string }[] = [
  { label: 'Name', show: (v) => v.name },
  { label: 'Abbreviation', show: (v) => v.abbreviation || '—' },
  { label: 'User source', show: (v) => v.userSource || '—' },
  { label: 'Time zone', show: (v) => v.timeZone },
  { label: 'Active', show: (v) => (v.active ? 'Yes' : 'No') },
  { label: 'Domain names', show: (v) => v.domainNames.join(', ') || '—' },
  { label: 'Assumed accounts', show: (v) => v.assumedAccounts.map((a) => a.accountName).join(', ') || '—' },
  { label: 'Azure tenant id', show: (v) => v.tenantId || '—' },
  { label: 'CCP URL', show: (v) => v.ccpUrl || '—' },
  { label: 'Login URL', show: (v) => v.loginUrl || '—' },
  { label: 'Greeting image path', show: (v) => v.greetingImagePath || '—' },
  { label: 'Inbound greeting', show: (v) => v.greetingInbound || '—' },
  { label: 'Outbound greeting', show: (v) => v.greetingOutbound || '—' },
  { label: 'Callback greeting', show: (v) => v.greetingCallback || '—' },
  { label: 'Default queue dispositions', show: (v) => v.dispositions.split('\n').filter(Boolean).join(', ') || '—' },
  { label: 'Role for new users', show: (v) => v.portalRoleId || '—' },
  { label: 'AWS account id', show: (v) => v.awsAccountId || '—' },
  { label: 'Instance id', show: (v) => v.awsInstanceId || '—' },
  { label: 'Region', show: (v) => v.awsRegion || '—' },
  { label: 'Role ARN', show: (v) => v.awsRoleArn || '—' },
  { label: 'External id', show: (v) => v.awsExternalId || '—' },
  { label: 'ACW timeout', show: (v) => v.acwTimeout || '—' },
  { label: 'Auto answer', show: (v) => (v.autoAnswer ? 'Yes' : 'No') },
  { label: 'Hierarchy group id', show: (v) => v.hierarchyGroupId || '—' },
  { label: 'Routing profile id', show: (v) => v.routingProfileId || '—' },
  { label: 'Security profile id', show: (v) => v.securityProfileId || '—' },
];

/** Every IANA zone the browser knows (the account's own first, should the browser not list it). */
export function timeZoneOptions(current: string) {
  const supported = (Intl as { supportedValuesOf?(key: string): string[] }).supportedValuesOf?.('timeZone') ?? [defaultTimeZone];
  const zones = supported.includes(current) ? supported : [current, ...supported];
  return zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

type AccountFormProps = RecordFormProps<AccountValues> & {
  /** The account being edited; none when creating (then only the general fields are asked). */
  accountId?: string;
  /** The instance administrator also switches the account on or off and picks what it assumes. */
  instanceAdmin: boolean;
  submitLabel?: string;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
      <legend className="px-1 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The account's fields (spec §3 Account, and its time zone): the create form asks the general ones, the page's edit mode all of them. */
export function AccountForm({ label, accountId, defaultValues, instanceAdmin, onSubmit, onCancel, notice = null, focusFirstField = false, submitLabel = 'Save' }: AccountFormProps) {
  const editing = accountId !== undefined;
  const { form, failure, dirty, submitting, errorOf, firstField } = useRecordForm({
    defaultValues,
    schema: editing ? accountPatchSchema : accountCreateSchema,
    toBody: (values: AccountValues) => (editing ? { version: 1, ...toPatchBody(values, instanceAdmin) } : toCreateBody(values)),
    onSubmit,
    focusFirstField,
    fieldOf: fieldOfPath,
  });
  const roles = useQuery({ ...accountRolesQuery(useAccountKey(), accountId ?? ''), enabled: editing });

  type TextField = Exclude<keyof AccountValues, 'active' | 'autoAnswer' | 'domainNames' | 'assumedAccounts'>;
  const text = (name: TextField, fieldLabel: string, options: { hint?: string; required?: boolean; wide?: boolean; multiline?: boolean; first?: boolean; inputMode?: 'numeric' | 'url' } = {}) => (
    <form.Field name={name}>
      {(field) => (
        <TextField
          field={field}
          label={fieldLabel}
          hint={options.hint}
          required={options.required}
          error={errorOf(name, field.state.meta.errors)}
          className={options.wide ? 'sm:col-span-2' : undefined}
          multiline={options.multiline}
          rows={options.multiline ? 3 : undefined}
          inputRef={options.first ? firstField : undefined}
          autoComplete={options.multiline ? undefined : 'off'}
          inputMode={options.inputMode}
        />
      )}
    </form.Field>
  );

  return (
    <EditForm label={label} onSubmit={form.handleSubmit} dirty={dirty} submitting={submitting} notice={notice} failure={failure} onCancel={onCancel} submitLabel={submitLabel}>
      <Section title="General">
        {text('name', 'Name', { required: true, wide: true, first: true })}
        {text('abbreviation', 'Abbreviation')}
        {text('userSource', 'User source', { hint: 'Where the account’s users sign in from (for example okta or azure-ad).' })}
        <form.Field name="timeZone">
          {(field) => (
            <SelectField label="Time zone" hint="Schedules recur by this wall clock." error={errorOf('timeZone', field.state.meta.errors)} options={timeZoneOptions(field.state.value)} value={field.state.value} onValueChange={field.handleChange} />
          )}
        </form.Field>
        {editing && instanceAdmin ? (
          <form.Field name="active">
            {(field) => (
              <Checkbox
                className="sm:pt-6"
                label="Active"
                description="An inactive account's users are stopped at their next request."
                checked={field.state.value}
                onCheckedChange={field.handleChange}
              />
            )}
          </form.Field>
        ) : null}
      </Section>
      {editing ? (
        <>
          <Section title="Domain names">
            <form.Field name="domainNames">
              {(field) => (
                <div className="sm:col-span-2">
                  {field.state.value.length > 0 ? (
                    <ChipList label="Domain names">
                      {field.state.value.map((d) => (
                        <li key={d}>
                          <Chip onRemove={() => field.handleChange(field.state.value.filter((x) => x !== d))} removeLabel={`Remove domain ${d}`}>
                            {d}
                          </Chip>
                        </li>
                      ))}
                    </ChipList>
                  ) : (
                    <Empty />
                  )}
                  <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">Domains are added from the account&apos;s page with Add domain.</p>
                </div>
              )}
            </form.Field>
          </Section>
          {instanceAdmin ? (
            <Section title="Assumed accounts">
              <form.Field name="assumedAccounts">
                {(field) => (
                  <div className="sm:col-span-2">
                    <AccountPicker accountId={accountId} value={field.state.value} onChange={field.handleChange} editable />
                    <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                      Users of this account may act in an assumed account when their role names a role there that trusts it back (Roles: Assume Roles, Trusted Relationships).
                    </p>
                    {errorOf('assumedAccounts', field.state.meta.errors) ? (
                      <p className="text-sm text-red-700 dark:text-red-400">{errorOf('assumedAccounts', field.state.meta.errors)}</p>
                    ) : null}
                  </div>
                )}
              </form.Field>
            </Section>
          ) : null}
          <Section title="Portal">
            <form.Field name="portalRoleId">
              {(field) => (
                <SelectField
                  label="Role for new users"
                  hint="The role a new user of this account gets."
                  error={errorOf('portalRoleId', field.state.meta.errors)}
                  placeholder="No default role"
                  options={[
                    ...(roles.data ?? []).map((r) => ({ value: r.id, label: r.name })),
                    ...(field.state.value && !roles.data?.some((r) => r.id === field.state.value) ? [{ value: field.state.value, label: field.state.value }] : []),
                  ]}
                  value={field.state.value}
                  onValueChange={field.handleChange}
                />
              )}
            </form.Field>
            {text('tenantId', 'Azure tenant id', { hint: 'The Microsoft 365 tenant of the team service.' })}
          </Section>
          <Section title="Softphone (CCP)">
            {text('ccpUrl', 'CCP URL', { inputMode: 'url' })}
            {text('loginUrl', 'Login URL', { inputMode: 'url' })}
            {text('greetingImagePath', 'Greeting image path', { wide: true })}
            {text('greetingInbound', 'Inbound greeting', { multiline: true })}
            {text('greetingOutbound', 'Outbound greeting', { multiline: true })}
            {text('greetingCallback', 'Callback greeting', { multiline: true })}
            {text('dispositions', 'Default queue dispositions', { multiline: true, hint: 'One per line.' })}
          </Section>
          <Section title="Amazon Connect">
            {text('awsAccountId', 'AWS account id')}
            {text('awsInstanceId', 'Instance id')}
            {text('awsRegion', 'Region')}
            {text('awsRoleArn', 'Role ARN', { wide: true, hint: "The role in the practice's AWS account that the portal assumes to reach its Connect instance." })}
            {text('awsExternalId', 'External id', { hint: "The external id the role's trust policy requires." })}
            {text('acwTimeout', 'ACW timeout (seconds)', { inputMode: 'numeric', hint: 'After-contact work time, a whole number of seconds.' })}
            {text('hierarchyGroupId', 'Hierarchy group id')}
            {text('routingProfileId', 'Routing profile id')}
            {text('securityProfileId', 'Security profile id')}
            <form.Field name="autoAnswer">
              {(field) => <Checkbox className="sm:pt-6" label="Auto answer" description="Agents' calls connect without a click." checked={field.state.value} onCheckedChange={field.handleChange} />}
            </form.Field>
          </Section>
        </>
      ) : null}
    </EditForm>
  );
}
