import { Link } from '@tanstack/react-router';
import { accountLimits, type AssumedAccount } from '../../../domain/accounts.ts';
import { RecordPicker, type PickedRecord } from '../../components/ui/record-picker.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { accountAdminListQuery } from './queries.ts';

type AccountPickerProps = {
  /** The account the page is about: it cannot assume itself, so it is not offered. */
  accountId: string;
  value: readonly AssumedAccount[];
  onChange(value: AssumedAccount[]): void;
  editable: boolean;
  describedBy?: string;
};

const toRecord = (a: AssumedAccount): PickedRecord => ({ id: a.accountId, name: a.accountName });
const toAssumed = (r: PickedRecord): AssumedAccount => ({ accountId: r.id, accountName: r.name });

/**
 * The accounts an account has assumed (issue 11): chips (removable while editing) and a
 * searchable **Add account** picker over every account (the instance administrator's list,
 * filtered on the server). Whether a user may really act in an assumed account is up to the
 * roles' trust rows; the header's selector shows only those.
 */
export function AccountPicker({ accountId, value, onChange, editable, describedBy }: AccountPickerProps) {
  const account = useAccountKey();
  return (
    <RecordPicker
      value={value.map(toRecord)}
      onChange={(next) => onChange(next.map(toAssumed))}
      editable={editable}
      label="Assumed accounts"
      itemName="assumed account"
      renderLink={(a) => (
        <Link to="/account/$accountId" params={{ accountId: a.id }} className="underline-offset-2 hover:underline">
          {a.name}
        </Link>
      )}
      addLabel="Add account"
      noun={{ a: 'an account', one: 'account', many: 'accounts' }}
      listLabel="Accounts to assume"
      search={(q) => accountAdminListQuery(account, { page: 1, size: 50, sort: 'name', order: 'asc', q })}
      hide={(a) => a.id === accountId}
      renderOption={(a) => (
        <>
          <span className="truncate">{a.name}</span>
          {a.abbreviation ? <span className="text-xs text-slate-600 dark:text-slate-300">{a.abbreviation}</span> : null}
          {!a.active ? <span className="text-xs text-slate-600 dark:text-slate-300">inactive</span> : null}
        </>
      )}
      already="assumed"
      max={accountLimits.assumedAccounts}
      describedBy={describedBy}
    />
  );
}
