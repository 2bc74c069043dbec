import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { accountMessages, domainSchema, type Account } from '../../../domain/accounts.ts';
import { messages } from '../../../domain/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { Chip, ChipList } from '../../components/ui/chip.tsx';
import { conflictRows } from '../../components/ui/conflict-notice.tsx';
import { Card, DescriptionList, Empty } from '../../components/ui/description-list.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { Form } from '../../components/ui/form.tsx';
import { PageHeader, YesNo } from '../../components/ui/page-header.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { useRecordStamps } from '../../components/ui/record-stamps.tsx';
import { useToast } from '../../lib/toast.ts';
import { useVersionedSave } from '../../components/ui/versioned-save.tsx';
import { RecordById } from '../../components/ui/record-page.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { isNotFound, schemaFieldErrors, serverFieldErrors } from '../../lib/form.ts';
import { useEditMode } from '../../lib/record-detail.ts';
import { policyAtom } from '../../state/account.ts';
import { AccountForm, accountConflictFields, toAccountValues, toPatchBody, type AccountValues } from './account-form.tsx';
import { AccountPicker } from './account-picker.tsx';
import { accountQuery, accountRolesQuery, useAddDomain, useUpdateAccount } from './queries.ts';
import { Token } from '../../components/ui/token.tsx';

/** An account's page (issue 11; the layout is ours, spec §2 "not shown"): every field of spec §3, Edit then Save. */
export function AccountScreen({ accountId }: { accountId: string }) {
  return <RecordById query={accountQuery} id={accountId} label="Loading account…" isMissing={(error) => isNotFound(error) || (error instanceof Error && 'status' in error && error.status === 403)}>{(data) => <AccountDetail account={data} />}</RecordById>;
}

const orEmpty = (value: string | null | undefined) => (value ? value : <Empty />);
/** An id, ARN or URL: on one line, never broken mid-token (issue 24), with a copy button. */
const tokenOrEmpty = (value: string | null | undefined, label: string) => (value ? <Token value={value} label={label} /> : <Empty />);

function AccountDetail({ account }: { account: Account }) {
  const { editing, editButton, startEditing, leaveEdit } = useEditMode();
  const stamps = useRecordStamps(account);
  const policy = useAtomValue(policyAtom);
  const instanceAdmin = policy?.instanceAdmin === true;
  const roles = useQuery({ ...accountRolesQuery(useAccountKey(), account.id), enabled: instanceAdmin });
  const titleId = `account-${account.id}-title`;
  const { azure, ccp, portal, awsConnect } = account.config;
  const profile = awsConnect?.defaultProvisionProfile;
  const roleName = roles.data?.find((r) => r.id === portal?.roleId)?.name ?? portal?.roleId;

  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={account.name}
        description={account.active ? undefined : 'Inactive: its users are stopped at their next request.'}
        back={
          instanceAdmin ? (
            <Link to="/accounts" className="text-brand-700 hover:underline dark:text-brand-300">
              <span aria-hidden="true">← </span>Accounts
            </Link>
          ) : undefined
        }
        actions={
          editing ? null : (
            <Permitted requires={{ resource: '/accounts/account', method: 'PATCH' }}>
              <Button ref={editButton} onClick={startEditing}>
                Edit
              </Button>
            </Permitted>
          )
        }
      />
      {editing ? (
        <AccountEdit initial={account} instanceAdmin={instanceAdmin} onDone={leaveEdit} />
      ) : (
        <>
          <Card title="General" titleId={`${titleId}-general`}>
            <DescriptionList
              items={[
                { label: 'Id', value: <Token value={account.id} label="Id" /> },
                { label: 'Name', value: account.name },
                { label: 'Abbreviation', value: orEmpty(account.abbreviation) },
                { label: 'User source', value: orEmpty(account.userSource) },
                { label: 'Time zone', value: account.timeZone },
                { label: 'Active', value: <YesNo value={account.active} /> },
                ...stamps,
              ]}
            />
          </Card>
          <Card title="Domain names" titleId={`${titleId}-domains`}>
            {account.domainNames.length > 0 ? (
              <ChipList label="Domain names">
                {account.domainNames.map((d) => (
                  <li key={d}>
                    <Chip>{d}</Chip>
                  </li>
                ))}
              </ChipList>
            ) : (
              <p className="text-sm">
                <Empty />
              </p>
            )}
            <Permitted requires={{ resource: '/accounts/account/domain', method: 'POST' }}>
              <AddDomain accountId={account.id} />
            </Permitted>
          </Card>
          <Card title="Assumed accounts" titleId={`${titleId}-assumed`}>
            <AccountPicker accountId={account.id} value={account.assumedAccounts} onChange={() => {}} editable={false} />
          </Card>
          <Card title="Portal" titleId={`${titleId}-portal`}>
            <DescriptionList
              items={[
                { label: 'Role for new users', value: orEmpty(roleName) },
                { label: 'Azure tenant id', value: tokenOrEmpty(azure?.tenantId, 'Azure tenant id') },
              ]}
            />
          </Card>
          <Card title="Softphone (CCP)" titleId={`${titleId}-ccp`}>
            <DescriptionList
              items={[
                { label: 'CCP URL', value: tokenOrEmpty(ccp?.ccpUrl, 'CCP URL') },
                { label: 'Login URL', value: tokenOrEmpty(ccp?.loginUrl, 'Login URL') },
                { label: 'Greeting image path', value: tokenOrEmpty(ccp?.agentGreetingImageLocationPath, 'Greeting image path') },
                { label: 'Inbound greeting', value: orEmpty(ccp?.defaultAgentGreetings?.inbound) },
                { label: 'Outbound greeting', value: orEmpty(ccp?.defaultAgentGreetings?.outbound) },
                { label: 'Callback greeting', value: orEmpty(ccp?.defaultAgentGreetings?.callback) },
                { label: 'Default queue dispositions', value: orEmpty((ccp?.defaultQueueDispositions ?? []).join(', ')) },
              ]}
            />
          </Card>
          <Card title="Amazon Connect" titleId={`${titleId}-aws`}>
            <DescriptionList
              items={[
                { label: 'AWS account id', value: tokenOrEmpty(awsConnect?.accountId, 'AWS account id') },
                { label: 'Instance id', value: tokenOrEmpty(awsConnect?.instanceId, 'Instance id') },
                { label: 'Region', value: orEmpty(awsConnect?.region) },
                { label: 'Role ARN', value: tokenOrEmpty(awsConnect?.roleArn, 'Role ARN') },
                { label: 'External id', value: tokenOrEmpty(awsConnect?.externalId, 'External id') },
                { label: 'ACW timeout', value: typeof profile?.acwTimeout === 'number' ? `${profile.acwTimeout} seconds` : <Empty /> },
                { label: 'Auto answer', value: <YesNo value={profile?.autoAnswer === true} /> },
                { label: 'Hierarchy group id', value: tokenOrEmpty(profile?.hierarchyGroupId, 'Hierarchy group id') },
                { label: 'Routing profile id', value: tokenOrEmpty(profile?.routingProfileId, 'Routing profile id') },
                { label: 'Security profile id', value: tokenOrEmpty(profile?.securityProfileId, 'Security profile id') },
              ]}
            />
          </Card>
        </>
      )}
    </article>
  );
}

/** Add domain: `POST /accounts/account/domain`; a bad or taken name is said under the field, and what was typed stays. */
function AddDomain({ accountId }: { accountId: string }) {
  const [domainName, setDomainName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddDomain(accountId);
  const toast = useToast();

  const handleSubmit = async () => {
    const found = schemaFieldErrors(domainSchema, { domainName });
    if (found.domainName) {
      setError(found.domainName);
      return;
    }
    setError(null);
    try {
      await add.mutateAsync(domainName);
      setDomainName('');
      toast('success', messages.domainAdded);
    } catch (failure) {
      setError(serverFieldErrors(failure).domainName ?? (failure instanceof Error ? failure.message : messages.serverError));
    }
  };

  return (
    <Form aria-label="Add domain" onSubmit={handleSubmit} className="mt-4 flex flex-wrap items-start gap-2">
      <Field label="Domain name" error={error} className="min-w-0 flex-1">
        {(control) => <Input {...control} value={domainName} autoComplete="off" placeholder="clinic.example.com" onChange={(event) => setDomainName(event.target.value)} />}
      </Field>
      <Button type="submit" variant="secondary" className="mt-6" pending={add.isPending}>
        Add domain
      </Button>
    </Form>
  );
}

/** Edit mode: a save names the version it edited; a 409 shows the conflict notice instead of overwriting. */
function AccountEdit({ initial, instanceAdmin, onDone }: { initial: Account; instanceAdmin: boolean; onDone(): void }) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  const toast = useToast();
  const update = useUpdateAccount(initial.id);
  const { base, notice, submit } = useVersionedSave({
    initial,
    save: (values: AccountValues, version) => update.mutateAsync({ version, ...toPatchBody(values, instanceAdmin) }),
    fetchCurrent: () => queryClient.fetchQuery({ ...accountQuery(account, initial.id), staleTime: 0 }),
    onSaved: async () => {
      toast('success', accountMessages.saved);
      onDone();
    },
    conflictRows: (mine, current) => conflictRows(accountConflictFields, mine, toAccountValues(current)),
    saving: update.isPending,
  });
  return (
    <AccountForm
      key={base.version}
      label="Edit account"
      accountId={initial.id}
      defaultValues={toAccountValues(base)}
      instanceAdmin={instanceAdmin}
      onSubmit={submit}
      onCancel={onDone}
      notice={notice}
      focusFirstField
    />
  );
}
