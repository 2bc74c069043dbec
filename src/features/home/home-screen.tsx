import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useAccountKey } from '../../lib/account.ts';
import { useDateTimeFormat } from '../../lib/format.ts';
import { can, meets, type Requirement } from '../../lib/policy.ts';
import { policyAtom } from '../../state/account.ts';
import { NavLink } from '../../components/shell/nav-link.tsx';
import { useChangedRecordPath } from '../../lib/changed-record-path.ts';
import { recentChangesQuery } from './queries.ts';

type Shortcut = { label: string; description: string; to: string; requires?: Requirement };

const shortcuts: Shortcut[] = [
  { label: 'Persons', description: 'Patients, staff and contacts of the practice', to: '/practice/persons', requires: { resource: '/person/persons', method: 'GET' } },
  { label: 'Create person', description: 'Add a person with names and languages', to: '/practice/person/create', requires: { resource: '/person/persons', method: 'POST' } },
  { label: 'Practitioners', description: 'Clinicians, specialties and groups', to: '/practice/practitioners', requires: { resource: '/person/practitioners', method: 'GET' } },
  { label: 'Contact points', description: 'Phone numbers, queues and VIP lines', to: '/practice/contact-points', requires: { resource: '/contactpoints/contact-points', method: 'GET' } },
  { label: 'Interactions', description: 'Call history, timelines and recordings', to: '/interactions', requires: { resource: '/interactions/interactions', method: 'GET' } },
  { label: 'Roles', description: 'What each role may see and change', to: '/system/roles', requires: { resource: '/permissions/roles', method: 'GET' } },
];

/** The start page: where am I acting, what do I usually do, and what changed lately. */
export function HomeScreen() {
  const changedRecordPath = useChangedRecordPath();
  const policy = useAtomValue(policyAtom);
  const account = useAccountKey();
  // The recent changes are the system log's: shown to roles that may read it (each entry only if
  // the role may read its record, which the server decides).
  const readsLog = can(policy, '/audit/entries', 'GET');
  const recent = useQuery({ ...recentChangesQuery(account), enabled: readsLog });
  const formatDate = useDateTimeFormat();
  const allowed = shortcuts.filter((s) => policy && meets(policy, s.requires));

  const heading = (
    <section aria-labelledby="home-heading" className="lg:col-span-3">
      <h1 id="home-heading" className="text-2xl font-semibold">
        {policy ? `Welcome, ${policy.user.name.split(' ')[0]}` : 'Welcome'}
      </h1>
      {policy ? (
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          You are working in <strong>{policy.accountName}</strong> as {policy.role ?? 'a user without a role'}.
        </p>
      ) : null}
    </section>
  );
  // Everything below the heading depends on the access policy: it shows once, when the policy is
  // here, rather than as placeholders that the answer then pushes down (a layout shift Lighthouse
  // counted, CLS 0.10 on a phone).
  if (!policy) return <div className="grid gap-6 lg:grid-cols-3">{heading}</div>;

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      {heading}

      <section aria-labelledby="account-heading" className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
        <h2 id="account-heading" className="text-lg font-semibold">
          Account
        </h2>
        <dl className="mt-3 grid grid-cols-[6rem_1fr] gap-y-2 text-sm">
          <dt className="text-slate-600 dark:text-slate-300">Name</dt>
          <dd>{policy.accountName}</dd>
          <dt className="text-slate-600 dark:text-slate-300">Id</dt>
          <dd className="font-mono text-xs break-all">{policy.accountId}</dd>
          <dt className="text-slate-600 dark:text-slate-300">Role</dt>
          <dd>{policy.role ?? '—'}</dd>
          {policy.assumedAccounts.length > 0 ? (
            <>
              <dt className="text-slate-600 dark:text-slate-300">Can act in</dt>
              <dd>{policy.assumedAccounts.map((a) => a.accountName).join(', ')}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="shortcuts-heading" className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
        <h2 id="shortcuts-heading" className="text-lg font-semibold">
          Shortcuts
        </h2>
        <ul className="mt-3 space-y-2">
          {allowed.map((shortcut) => (
            <li key={shortcut.to}>
              <NavLink to={shortcut.to} className="block rounded-md px-2 py-1.5 hover:bg-brand-50 dark:hover:bg-slate-800">
                <span className="block text-sm font-medium text-brand-700 dark:text-brand-300">{shortcut.label}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-300">{shortcut.description}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </section>

      {readsLog ? (
        <section aria-labelledby="recent-heading" className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
          <div className="flex items-baseline justify-between gap-2">
            <h2 id="recent-heading" className="text-lg font-semibold">
              Recent changes
            </h2>
            <NavLink to="/system/audit" aria-label="View all changes" className="text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
              View all
            </NavLink>
          </div>
          {recent.isPending ? <p className="mt-3 text-sm text-slate-600">Loading…</p> : null}
          {recent.isError ? <p className="mt-3 text-sm text-red-700">{recent.error.message}</p> : null}
          {recent.data && recent.data.items.length === 0 ? <p className="mt-3 text-sm text-slate-600">No changes yet in this account.</p> : null}
          {recent.data && recent.data.items.length > 0 ? (
            <ol className="mt-3 space-y-2">
              {recent.data.items.map((entry) => (
                <li key={entry.id} className="text-sm">
                  {changedRecordPath(entry) ? (
                    <NavLink to={changedRecordPath(entry)!} className="block text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                      {entry.summary}
                    </NavLink>
                  ) : (
                    <span className="block">{entry.summary}</span>
                  )}
                  <time dateTime={entry.at} className="block text-xs text-slate-600 dark:text-slate-300">
                    {formatDate(entry.at)}
                  </time>
                </li>
              ))}
            </ol>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
