import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { AccessPolicy } from '../../../domain/api.ts';
import { useAccountKey, useSwitchAccount } from '../../lib/account.ts';
import { accountListQuery } from '../../lib/accounts.ts';
import { deferred } from '../../lib/deferred.ts';
import { useScreens } from '../../lib/screens.tsx';
import { landingAfterSwitch } from '../../palette/route-meta.ts';
import { PopoverContent, PopoverRoot, PopoverTrigger } from '../ui/popover.tsx';

// The list (cmdk) is not needed to show the first screen.
const accountList = deferred(() => import('./account-list.tsx'));

/**
 * Ghost Mode selector (instance administrators: every account, sorted by name) or, for users
 * with assumed accounts, their own account plus those (spec §1, §6).
 */
export function AccountSwitcher({ policy }: { policy: AccessPolicy }) {
  const [open, setOpen] = useState(false);
  const accounts = useQuery({ ...accountListQuery(useAccountKey()), enabled: open });
  const switchAccount = useSwitchAccount();
  const navigate = useNavigate();
  const screens = useScreens();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const list = accountList.useLoaded();
  accountList.useIdlePrefetch();
  useEffect(() => {
    if (open) void accountList.load().catch(() => {});
  }, [open]);
  if (!policy.instanceAdmin && policy.assumedAccounts.length === 0) return null;

  const choose = (id: string) => {
    setOpen(false);
    switchAccount(id === policy.homeAccountId ? null : id);
    void navigate({ to: landingAfterSwitch(screens, pathname) });
  };

  const label = policy.instanceAdmin ? 'Ghost Mode: act in account' : 'Switch account';
  return (
    <PopoverRoot open={open} onOpenChange={setOpen}>
      <PopoverTrigger className="flex max-w-40 items-center gap-1 xl:max-w-56 rounded-md border border-white/30 px-2 py-1 text-sm text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white">
        <span className="sr-only">{policy.instanceAdmin ? 'Ghost Mode account: ' : 'Account: '}</span>
        <span className="truncate">{policy.accountName}</span>
        <span aria-hidden="true">▾</span>
      </PopoverTrigger>
      {/* In place, not in a portal: the open popover stays inside the header landmark (axe: region). */}
      <PopoverContent aria-label={label} align="end" sideOffset={6} className="z-50 w-72 rounded-md border border-slate-200 bg-white p-1 text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
        {list ? (
          <list.AccountList policy={policy} accounts={accounts.data?.items} loading={accounts.isPending} onChoose={choose} />
        ) : (
          <p className="px-2 py-3 text-sm text-slate-600">Loading accounts…</p>
        )}
      </PopoverContent>
    </PopoverRoot>
  );
}
