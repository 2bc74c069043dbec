import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { messages } from '../../../domain/messages.ts';
import { CreateScreen } from '../../components/ui/create-screen.tsx';
import { useToast } from '../../lib/toast.ts';
import { useAccountKey, useSwitchAccount } from '../../lib/account.ts';
import { accountListQuery } from '../../lib/accounts.ts';
import { policyAtom } from '../../state/account.ts';
import { emptyPerson, PersonForm, toCreateBody, type PersonFormValues } from './person-form.tsx';
import { useCreatePerson } from './queries.ts';

/**
 * Create person (spec §2). On success: the new person's page, or with 'Take me to Practitioner
 * Setup' the practitioner page. An administrator who created the person in another account
 * continues in that account (Ghost Mode), where the new record lives.
 */
export function PersonCreateScreen() {
  const policy = useAtomValue(policyAtom);
  const isAdmin = policy?.instanceAdmin ?? false;
  const account = useAccountKey();
  const accounts = useQuery({ ...accountListQuery(account), enabled: isAdmin });
  const create = useCreatePerson();
  const navigate = useNavigate();
  const switchAccount = useSwitchAccount();
  const toast = useToast();

  const accountOptions = useMemo(
    () => (isAdmin ? [...(accounts.data?.items ?? [])].sort((a, b) => a.name.localeCompare(b.name)).map((a) => ({ value: a.id, label: a.name })) : null),
    [isAdmin, accounts.data],
  );

  const handleSubmit = async (values: PersonFormValues) => {
    const created = await create.mutateAsync(toCreateBody(values, isAdmin));
    if (isAdmin && policy && values.accountId && values.accountId !== policy.accountId) {
      const name = accountOptions?.find((a) => a.value === values.accountId)?.label ?? 'the chosen account';
      switchAccount(values.accountId === policy.homeAccountId ? null : values.accountId);
      toast('info', `Person created in ${name}. You are now working in that account.`, 6000);
    }
    if (values.makePractitioner) {
      await navigate({ to: '/practice/practitioners/$personId', params: { personId: created.practitionerId ?? created.id }, ignoreBlocker: true });
    } else {
      await navigate({ to: '/practice/persons/$personId', params: { personId: created.id }, ignoreBlocker: true });
    }
  };

  return (
    <CreateScreen title="Create person" back={{ to: '/practice/persons', label: 'Persons' }} width="wide">
      {isAdmin && accounts.isError ? <p className="mb-3 text-sm text-red-700">{messages.tryAgain}</p> : null}
      <PersonForm
        mode="create"
        // The header's account is already a choice: an administrator starts with it selected (issue 24).
        defaultValues={isAdmin && policy ? { ...emptyPerson, accountId: policy.accountId } : emptyPerson}
        accountOptions={accountOptions}
        submitLabel="Save Person"
        failureMessage={messages.serverError}
        onSubmit={handleSubmit}
        onCancel={() => void navigate({ to: '/practice/persons' })}
      />
    </CreateScreen>
  );
}
