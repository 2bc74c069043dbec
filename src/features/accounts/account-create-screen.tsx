import { accountMessages } from '../../../domain/accounts.ts';
import { CreateScreen, useCreateRecord } from '../../components/ui/create-screen.tsx';
import { AccountForm, emptyAccount, toCreateBody } from './account-form.tsx';
import { useCreateAccount } from './queries.ts';

/**
 * Create account: the general fields; the account starts usable (its default roles are made with
 * it, and it is at once in the header's Ghost Mode selector). On success its page, for the rest.
 */
export function AccountCreateScreen() {
  const { handleSubmit, cancel } = useCreateRecord({
    create: useCreateAccount(),
    toBody: toCreateBody,
    savedMessage: accountMessages.created,
    list: '/accounts',
    then: { record: '/account/$accountId' },
  });
  return (
    <CreateScreen
      title="Create account"
      description="A new practice. It starts with the roles Practice Administrator and Read Only; its settings are on its page."
      back={{ to: '/accounts', label: 'Accounts' }}
    >
      <AccountForm label="Create account" defaultValues={emptyAccount} instanceAdmin onSubmit={handleSubmit} onCancel={cancel} submitLabel="Create account" focusFirstField />
    </CreateScreen>
  );
}
