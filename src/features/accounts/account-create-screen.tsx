import { Link, useNavigate } from '@tanstack/react-router';
import { accountMessages } from '../../../domain/accounts.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../lib/toast.ts';
import { AccountForm, emptyAccount, toCreateBody, type AccountValues } from './account-form.tsx';
import { useCreateAccount } from './queries.ts';

/**
 * Create account: the general fields; the account starts usable (its default roles are made with
 * it, and it is at once in the header's Ghost Mode selector). On success its page, for the rest.
 */
export function AccountCreateScreen() {
  const create = useCreateAccount();
  const navigate = useNavigate();
  const toast = useToast();

  const handleSubmit = async (values: AccountValues) => {
    const created = await create.mutateAsync(toCreateBody(values));
    toast('success', accountMessages.created);
    await navigate({ to: '/account/$accountId', params: { accountId: created.id }, ignoreBlocker: true });
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Create account"
        description="A new practice. It starts with the roles Practice Administrator and Read Only; its settings are on its page."
        back={
          <Link to="/accounts" className="text-brand-700 hover:underline dark:text-brand-100">
            <span aria-hidden="true">← </span>Accounts
          </Link>
        }
      />
      <AccountForm label="Create account" defaultValues={emptyAccount} instanceAdmin onSubmit={handleSubmit} onCancel={() => void navigate({ to: '/accounts' })} submitLabel="Create account" focusFirstField />
    </div>
  );
}
