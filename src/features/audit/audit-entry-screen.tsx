import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { auditActionLabel, auditFieldLabel, recordKindLabel, type AuditLogDetail } from '../../../domain/audit.ts';
import { NavLink } from '../../components/shell/nav-link.tsx';
import { Card, DescriptionList, Empty } from '../../components/ui/description-list.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { RecordById } from '../../components/ui/record-page.tsx';
import { useChangedRecordPath } from '../../lib/changed-record-path.ts';
import { cn } from '../../lib/cn.ts';
import { useDateTimeFormat } from '../../lib/format.ts';
import { policyAtom } from '../../state/account.ts';
import { auditEntryQuery } from './queries.ts';
import { Token } from '../../components/ui/token.tsx';

/** One change of the audit log (also shown in the side panel): who, when, and the record before and after it. */
export function AuditEntryScreen({ entryId }: { entryId: string }) {
  return <RecordById query={auditEntryQuery} id={entryId} label="Loading change…">{(data) => <AuditEntryDetail entry={data} />}</RecordById>;
}

const fieldsOf = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

function AuditEntryDetail({ entry }: { entry: AuditLogDetail }) {
  const changedRecordPath = useChangedRecordPath();
  const policy = useAtomValue(policyAtom);
  const formatDate = useDateTimeFormat();
  const titleId = `audit-${entry.id}-title`;
  const changesId = `audit-${entry.id}-changes`;
  const before = fieldsOf(entry.before);
  const after = fieldsOf(entry.after);
  const changed = new Set(entry.changed);
  // Changed fields first, then the rest, each in the record's own order.
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const fields = [...names.filter((name) => changed.has(name)), ...names.filter((name) => !changed.has(name))];
  // A record of another account (an instance administrator's log) is not reachable from here.
  const recordPath = policy?.accountId === entry.accountId ? changedRecordPath(entry) : null;

  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-5xl min-w-0 flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={entry.summary}
        description={<time dateTime={entry.at}>{formatDate(entry.at)}</time>}
        back={
          <Link to="/system/audit" className="text-brand-700 hover:underline dark:text-brand-300">
            <span aria-hidden="true">← </span>Audit log
          </Link>
        }
      />
      <Card>
        <DescriptionList
          items={[
            { label: 'Who', value: entry.actorName },
            { label: 'Action', value: auditActionLabel(entry.action) },
            { label: 'Kind of record', value: recordKindLabel(entry.resourceType) },
            {
              label: 'Record',
              value: recordPath ? (
                <NavLink to={recordPath} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                  {entry.title}
                </NavLink>
              ) : (
                entry.title
              ),
            },
            ...(entry.resourceId ? [{ label: 'Record id', value: <Token value={entry.resourceId} label="Record id" /> }] : []),
            { label: 'Account', value: entry.accountName },
          ]}
        />
      </Card>
      <section aria-labelledby={changesId} className="flex min-w-0 flex-col gap-2">
        <h2 id={changesId} className="text-lg font-semibold">
          Before and after
        </h2>
        {fields.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">This change recorded no fields.</p>
        ) : (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {changed.size === 1 ? '1 field changed' : `${changed.size} fields changed`}; changed fields come first and are highlighted. Secrets are never shown.
            </p>
            {/*
              Below `sm` (a phone) the table keeps a width where field names and values keep their words
              whole, and scrolls sideways in its box (focusable, so by keyboard too) instead of breaking
              them mid-word (issue 40); a long token (JSON) still wraps within its column.
            */}
            <div
              tabIndex={0}
              role="group"
              aria-label="Before and after (scrolls sideways)"
              className="relative w-0 min-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white [overflow-wrap:normal] focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-700 dark:bg-slate-900"
            >
              <table aria-labelledby={changesId} className="w-full min-w-[40rem] table-fixed border-collapse text-left text-sm sm:min-w-0">
                <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800/60">
                  <tr>
                    <th scope="col" className="w-1/4 px-3 py-2 font-semibold">
                      Field
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Before
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      After
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {fields.map((name) => {
                    const isChanged = changed.has(name);
                    return (
                      <tr key={name} data-changed={isChanged || undefined} className={cn('border-b border-slate-100 align-top last:border-b-0 dark:border-slate-800', isChanged && 'bg-amber-50 dark:bg-amber-950/40')}>
                        <th scope="row" className="px-3 py-2 font-medium break-words">
                          {auditFieldLabel(name)}
                          {isChanged ? <span className="ml-2 inline-block rounded bg-amber-200 px-1.5 whitespace-nowrap py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-800 dark:text-amber-50">Changed</span> : null}
                        </th>
                        <td className="px-3 py-2">
                          <Value value={before[name]} present={name in before} />
                        </td>
                        <td className="px-3 py-2">
                          <Value value={after[name]} present={name in after} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </article>
  );
}

/** A field's value: text as it is, structures as indented JSON, wrapped to the column. */
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Value({ value, present }: { value: unknown; present: boolean }) {
  if (!present || value === null || value === undefined || value === '') return <Empty />;
  if (typeof value === 'object') return <pre className="font-mono text-xs break-all whitespace-pre-wrap">{JSON.stringify(value, null, 2)}</pre>;
  // A record's id in short, on one line (issue 40: a whole UUID broke mid-word at phone size); the whole id on hover and to a screen reader.
  if (typeof value === 'string' && uuid.test(value)) {
    return (
      <span className="font-mono text-xs whitespace-nowrap" title={value}>
        <span aria-hidden="true">{value.slice(0, 8)}…</span>
        <span className="sr-only">{value}</span>
      </span>
    );
  }
  return <span className="break-words">{String(value)}</span>;
}
