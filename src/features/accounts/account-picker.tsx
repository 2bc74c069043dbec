import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Command as Cmdk } from 'cmdk';
import { useDeferredValue, useState } from 'react';
import { accountLimits, type AssumedAccount } from '../../../domain/accounts.ts';
import { messages } from '../../../domain/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { Chip, ChipList } from '../../components/ui/chip.tsx';
import { Empty } from '../../components/ui/description-list.tsx';
import { controlClass } from '../../components/ui/field.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { cn } from '../../lib/cn.ts';
import { accountAdminListQuery } from './queries.ts';

type AccountPickerProps = {
  /** The account the page is about: it cannot assume itself, so it is not offered. */
  accountId: string;
  value: readonly AssumedAccount[];
  onChange(value: AssumedAccount[]): void;
  editable: boolean;
  describedBy?: string;
};

/**
 * The accounts an account has assumed (issue 11): chips (removable while editing) and a
 * searchable **Add account** picker over every account (the instance administrator's list,
 * filtered on the server). Whether a user may really act in an assumed account is up to the
 * roles' trust rows; the header's selector shows only those.
 */
export function AccountPicker({ accountId, value, onChange, editable, describedBy }: AccountPickerProps) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const [notice, setNotice] = useState('');
  const deferredQ = useDeferredValue(q.trim());
  const choices = useQuery({ ...accountAdminListQuery(useAccountKey(), { page: 1, size: 50, sort: 'name', order: 'asc', q: deferredQ }), enabled: open });
  const full = value.length >= accountLimits.assumedAccounts;
  const options = (choices.data?.items ?? []).filter((a) => a.id !== accountId);

  const choose = (chosen: AssumedAccount) => {
    setOpen(false);
    setQ('');
    if (value.some((a) => a.accountId === chosen.accountId)) {
      setNotice(`${chosen.accountName} is already assumed.`);
      return;
    }
    onChange([...value, chosen]);
    setNotice(`${chosen.accountName} added.`);
  };

  return (
    <div data-slot="account-picker" className="flex flex-col gap-2">
      {value.length > 0 ? (
        <ChipList label="Assumed accounts">
          {value.map((a) => (
            <li key={a.accountId}>
              {editable ? (
                <Chip onRemove={() => onChange(value.filter((x) => x.accountId !== a.accountId))} removeLabel={`Remove assumed account ${a.accountName}`}>
                  {a.accountName}
                </Chip>
              ) : (
                <Chip>
                  <Link to="/account/$accountId" params={{ accountId: a.accountId }} className="underline-offset-2 hover:underline">
                    {a.accountName}
                  </Link>
                </Chip>
              )}
            </li>
          ))}
        </ChipList>
      ) : (
        <p className="text-sm">
          <Empty />
        </p>
      )}
      {editable ? (
        <>
          <Popover.Root
            open={open}
            onOpenChange={(next) => {
              setOpen(next);
              if (!next) setQ('');
            }}
          >
            <Popover.Trigger asChild>
              <Button type="button" variant="secondary" className="self-start" disabled={full} aria-describedby={describedBy}>
                Add account
              </Button>
            </Popover.Trigger>
            <Popover.Content
              align="start"
              sideOffset={4}
              aria-label="Add account"
              className="z-50 w-[min(24rem,calc(100vw-2rem))] rounded-md border border-slate-200 bg-white p-2 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
            >
              <Cmdk label="Find an account" shouldFilter={false} loop>
                <Cmdk.Input value={q} onValueChange={setQ} placeholder="Find an account…" className={cn(controlClass, 'mb-2')} />
                <Cmdk.List aria-label="Accounts to assume" className="max-h-64 overflow-y-auto">
                  <Cmdk.Empty className="px-2 py-3 text-sm text-slate-600 dark:text-slate-300">
                    {choices.isPending || choices.isPlaceholderData ? 'Loading accounts…' : choices.isError ? messages.tryAgain : 'No account matches.'}
                  </Cmdk.Empty>
                  {options.map((a) => {
                    const taken = value.some((x) => x.accountId === a.id);
                    return (
                      <Cmdk.Item
                        key={a.id}
                        value={a.id}
                        onSelect={() => choose({ accountId: a.id, accountName: a.name })}
                        className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-900 dark:data-[selected=true]:bg-slate-700 dark:data-[selected=true]:text-white"
                      >
                        <span className="truncate">{a.name}</span>
                        {a.abbreviation ? <span className="text-xs text-slate-600 dark:text-slate-300">{a.abbreviation}</span> : null}
                        {!a.active ? <span className="text-xs text-slate-600 dark:text-slate-300">inactive</span> : null}
                        {taken ? <span className="ml-auto shrink-0 text-xs text-slate-600 dark:text-slate-300">added</span> : null}
                      </Cmdk.Item>
                    );
                  })}
                </Cmdk.List>
              </Cmdk>
            </Popover.Content>
          </Popover.Root>
          <p role="status" className="text-xs text-slate-600 empty:hidden dark:text-slate-300">
            {notice}
          </p>
        </>
      ) : null}
    </div>
  );
}
