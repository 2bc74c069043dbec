import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Command as Cmdk } from 'cmdk';
import { useState } from 'react';
import type { AccessPolicy } from '../../../domain/api.ts';
import { useAccountKey, useSwitchAccount } from '../../lib/account.ts';
import { accountListQuery } from '../../lib/accounts.ts';

/**
 * Ghost Mode selector (instance administrators: every account, sorted by name) or, for users
 * with assumed accounts, their own account plus those (spec §1, §6).
 */
export function AccountSwitcher({ policy }: { policy: AccessPolicy }) {
  const [open, setOpen] = useState(false);
  const accounts = useQuery({ ...accountListQuery(useAccountKey()), enabled: open });
  const switchAccount = useSwitchAccount();
  const navigate = useNavigate();
  if (!policy.instanceAdmin && policy.assumedAccounts.length === 0) return null;

  const choose = (id: string) => {
    setOpen(false);
    switchAccount(id === policy.homeAccountId ? null : id);
    void navigate({ to: '/home' });
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="flex max-w-56 items-center gap-1 rounded-md border border-white/30 px-2 py-1 text-sm text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white">
        <span className="sr-only">{policy.instanceAdmin ? 'Ghost Mode account: ' : 'Account: '}</span>
        <span className="truncate">{policy.accountName}</span>
        <span aria-hidden="true">▾</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={6} aria-label={policy.instanceAdmin ? 'Ghost Mode: act in account' : 'Switch account'} className="z-50 w-72 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
          <Cmdk label={policy.instanceAdmin ? 'Ghost Mode: act in account' : 'Switch account'} loop>
            <Cmdk.Input placeholder="Find an account…" aria-label="Find an account" className="w-full rounded border border-slate-300 px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800" />
            <Cmdk.List className="mt-1 max-h-72 overflow-y-auto" aria-label="Accounts">
              <Cmdk.Empty className="px-2 py-3 text-sm text-slate-600">{accounts.isPending ? 'Loading accounts…' : 'No account matches.'}</Cmdk.Empty>
              {(accounts.data?.items ?? []).map((account) => (
                <Cmdk.Item
                  key={account.id}
                  value={`${account.name} ${account.id}`}
                  onSelect={() => choose(account.id)}
                  className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-900 dark:data-[selected=true]:bg-slate-700 dark:data-[selected=true]:text-white"
                >
                  <span className="truncate">{account.name}</span>
                  {account.id === policy.accountId ? <span className="ml-auto text-xs text-slate-600 dark:text-slate-300">current</span> : null}
                  {account.id === policy.homeAccountId && account.id !== policy.accountId ? <span className="ml-auto text-xs text-slate-600 dark:text-slate-300">yours</span> : null}
                </Cmdk.Item>
              ))}
            </Cmdk.List>
          </Cmdk>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
