import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../domain/messages.ts';
import { useAccountKey } from '../../lib/account.ts';
import { useDateTimeFormat } from '../../lib/format.ts';
import { NotFound } from '../../components/shell/not-found.tsx';
import { ApiRequestError } from '../../lib/api.ts';
import { accountQuery } from './queries.ts';

/** Read-only view of one account (the detailed layout is not in the spec). */
export function AccountScreen({ accountId }: { accountId: string }) {
  const account = useQuery(accountQuery(useAccountKey(), accountId));
  const formatDate = useDateTimeFormat();
  if (account.isPending) return <p className="text-sm text-slate-600">Loading…</p>;
  if (account.isError) {
    if (account.error instanceof ApiRequestError && [400, 403, 404].includes(account.error.status)) return <NotFound />;
    return <p role="alert">{messages.tryAgain}</p>;
  }
  const a = account.data;
  const rows: [string, string][] = [
    ['Id', a.id],
    ['Abbreviation', a.abbreviation ?? '—'],
    ['User source', a.userSource ?? '—'],
    ['Active', a.active ? 'Yes' : 'No'],
    ['Domains', a.domainNames.join(', ') || '—'],
    ['Assumed accounts', a.assumedAccounts.map((x) => x.accountName).join(', ') || '—'],
    ['Created', `${formatDate(a.createdTimestamp)} by ${a.createdBy}`],
    ['Modified', `${formatDate(a.modifiedTimestamp)} by ${a.modifiedBy}`],
  ];
  return (
    <section aria-labelledby="account-title" className="max-w-3xl rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
      <h1 id="account-title" className="text-2xl font-semibold">
        {a.name}
      </h1>
      <dl className="mt-4 grid grid-cols-[10rem_1fr] gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
