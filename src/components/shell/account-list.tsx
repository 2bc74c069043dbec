// Loaded when the account switcher first opens, or while the browser is idle (account-switcher.tsx).
import { Command as Cmdk } from 'cmdk';
import type { AccessPolicy, AccountListItem } from '../../../domain/api.ts';

type AccountListProps = { policy: AccessPolicy; accounts: AccountListItem[] | undefined; loading: boolean; onChoose(id: string): void };

export function AccountList({ policy, accounts, loading, onChoose }: AccountListProps) {
  return (
    <Cmdk label={policy.instanceAdmin ? 'Ghost Mode: act in account' : 'Switch account'} loop>
      <Cmdk.Input placeholder="Find an account…" aria-label="Find an account" className="w-full rounded border border-slate-300 px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800" />
      <Cmdk.List className="mt-1 max-h-72 overflow-y-auto" aria-label="Accounts">
        <Cmdk.Empty className="px-2 py-3 text-sm text-slate-600">{loading ? 'Loading accounts…' : 'No account matches.'}</Cmdk.Empty>
        {(accounts ?? []).map((account) => (
          <Cmdk.Item
            key={account.id}
            value={`${account.name} ${account.id}`}
            onSelect={() => onChoose(account.id)}
            className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-900 dark:data-[selected=true]:bg-slate-700 dark:data-[selected=true]:text-white"
          >
            <span className="truncate">{account.name}</span>
            {account.id === policy.accountId ? <span className="ml-auto text-xs text-slate-600 dark:text-slate-300">current</span> : null}
            {account.id === policy.homeAccountId && account.id !== policy.accountId ? <span className="ml-auto text-xs text-slate-600 dark:text-slate-300">yours</span> : null}
          </Cmdk.Item>
        ))}
      </Cmdk.List>
    </Cmdk>
  );
}
