import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useAtomValue } from 'jotai';
import { useId, useMemo } from 'react';
import { accessActions, accessRecordKinds, auditActionLabel, auditActions, auditPageSizes, recordKindLabel, type AuditLogItem, type AuditLogKind, type AuditLogPage } from '../../../domain/audit.ts';
import type { PageSize } from '../../../domain/lists.ts';
import { messages } from '../../../domain/messages.ts';
import { Refused } from '../../components/ui/no-permission.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, type DataTableColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Select } from '../../components/ui/select.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useChangedRecordPath } from '../../lib/changed-record-path.ts';
import { can } from '../../lib/policy.ts';
import { isRefused } from '../../lib/route-guard.ts';
import { cn } from '../../lib/cn.ts';
import { controlBase } from '../../components/ui/field.tsx';
import { useDateTimeFormat } from '../../lib/format.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { policyAtom } from '../../state/account.ts';
import { auditFacetsQuery, auditLogQuery, type AuditLogSearch } from './queries.ts';

const column = createColumnHelper<DataTableFeatures, AuditLogItem>();

type AuditLogScreenProps = {
  search: AuditLogSearch;
  onSearchChange(change: Partial<AuditLogSearch>): void;
};

/** The filters: what each one is called, for the empty list's text. */
const filterNames = { actor: 'who', type: 'kind', action: 'action', from: 'from', to: 'to', account: 'account' } as const;


const logOptions: { value: AuditLogKind; label: string }[] = [
  { value: 'changed', label: 'Changed' },
  { value: 'viewed', label: 'Viewed' },
];

/**
 * The audit log (issue 10): every write of the account, newest first, filtered by who, what kind
 * of record, action and dates, paged by cursor (Newer/Older). Instance administrators see every
 * account's, with an account column and filter. A row opens the change with its before and after.
 * Administrators (the access log grant) also choose "Viewed": who read which patient's record
 * (issue 24); such a row opens the record itself.
 */
export function AuditLogScreen({ search, onSearchChange }: AuditLogScreenProps) {
  const changedRecordPath = useChangedRecordPath();
  const account = useAccountKey();
  const policy = useAtomValue(policyAtom);
  const admin = policy?.instanceAdmin ?? false;
  const readsShown = can(policy, '/audit/views', 'GET');
  const log: AuditLogKind = readsShown ? search.log : 'changed';
  const viewed = log === 'viewed';
  const list = useQuery(auditLogQuery(account, { ...search, log }));
  const facets = useQuery(auditFacetsQuery(account, search.account));
  const navigate = useNavigate();
  const { openPanel } = useWorkspace();
  const formatDate = useDateTimeFormat();
  const titleId = useId();

  const columns = useMemo(() => {
    const all: DataTableColumn<AuditLogItem>[] = [
      column.accessor('at', {
        header: 'When',
        enableSorting: false,
        meta: { rowName: true },
        cell: (info) => (
          <time dateTime={info.getValue()} className="whitespace-nowrap">
            {formatDate(info.getValue())}
          </time>
        ),
      }),
      column.accessor('actorName', { header: 'Who', enableSorting: false }),
      column.accessor('action', { header: 'Action', enableSorting: false, cell: (info) => auditActionLabel(info.getValue()) }),
      column.accessor('title', {
        header: 'Record',
        enableSorting: false,
        meta: { prose: true },
        cell: (info) => (
          <>
            <span className="block font-medium">{info.getValue()}</span>
            <span className="block text-xs text-slate-600 dark:text-slate-300">{recordKindLabel(info.row.original.resourceType)}</span>
          </>
        ),
      }),
    ];
    if (admin) all.push(column.accessor('accountName', { header: 'Account', enableSorting: false }));
    return all;
  }, [admin, formatDate]);

  const filter = (change: Partial<AuditLogSearch>) => onSearchChange({ ...change, before: '', after: '' });
  const active = (Object.keys(filterNames) as (keyof typeof filterNames)[]).filter((key) => search[key].trim() !== '');
  const page: AuditLogPage | undefined = list.data;
  const actors = facets.data?.actors ?? [];
  const types: readonly string[] = viewed ? accessRecordKinds : (facets.data?.resourceTypes ?? []);
  const actions: readonly string[] = viewed ? accessActions : auditActions;
  const openRow = (row: AuditLogItem) => {
    if (!viewed) return void navigate({ to: '/system/audit/$entryId', params: { entryId: row.id } });
    const record = changedRecordPath(row);
    if (record) void navigate({ href: record });
  };
  const openRowInPanel = (row: AuditLogItem) => {
    const path = viewed ? changedRecordPath(row) : `/system/audit/${row.id}`;
    if (path) openPanel(path);
  };
  // Refused on a refetch (the role lost the grant meanwhile): the route's "no permission" screen, not Retry.
  if (isRefused(list.error)) return <Refused error={list.error} />;

  return (
    <section aria-labelledby={titleId}>
      <PageHeader
        title="Audit log"
        titleId={titleId}
        description={
          viewed
            ? `Who read which patient's record${admin ? ', in every account' : ''}, newest first. Open one to go to the record.`
            : admin
              ? 'Every change in every account, newest first. Open one to see the record before and after it.'
              : 'Every change in this account, newest first. Open one to see the record before and after it.'
        }
      />
      <div role="group" aria-label="Filter the audit log" className="mb-3 flex flex-wrap items-end gap-3">
        {readsShown ? (
          <Field label="Show" className="w-36 max-sm:w-full">
            {(control) => <Select {...control} value={log} onValueChange={(value) => filter({ log: value as AuditLogKind, type: '', action: '' })} options={logOptions} />}
          </Field>
        ) : null}
        <Field label="Who" className="w-48 max-sm:w-full">
          {(control) => (
            <Select {...control} value={search.actor} onValueChange={(actor) => filter({ actor })} placeholder="Anyone" options={withCurrent(actors.map((a) => ({ value: a.id, label: a.name })), search.actor)} />
          )}
        </Field>
        <Field label="Kind of record" className="w-48 max-sm:w-full">
          {(control) => <Select {...control} value={search.type} onValueChange={(type) => filter({ type })} placeholder="Any kind" options={withCurrent(types.map((t) => ({ value: t, label: recordKindLabel(t) })).sort((a, b) => a.label.localeCompare(b.label)), search.type)} />}
        </Field>
        <Field label="Action" className="w-40 max-sm:w-full">
          {(control) => <Select {...control} value={search.action} onValueChange={(action) => filter({ action })} placeholder="Any action" options={withCurrent(actions.map((a) => ({ value: a, label: auditActionLabel(a) })), search.action)} />}
        </Field>
        <Field label="From" className="w-40 max-sm:w-[calc(50%-0.375rem)]">
          {(control) => <Input {...control} type="date" value={search.from} max={search.to || undefined} onChange={(event) => filter({ from: event.target.value })} />}
        </Field>
        <Field label="To" className="w-40 max-sm:w-[calc(50%-0.375rem)]">
          {(control) => <Input {...control} type="date" value={search.to} min={search.from || undefined} onChange={(event) => filter({ to: event.target.value })} />}
        </Field>
        {admin ? (
          <Field label="Account" className="w-56 max-sm:w-full">
            {(control) => (
              <Select
                {...control}
                value={search.account}
                onValueChange={(value) => filter({ account: value, actor: '', type: '' })}
                placeholder="Every account"
                options={withCurrent((facets.data?.accounts ?? []).map((a) => ({ value: a.id, label: a.name })), search.account)}
              />
            )}
          </Field>
        ) : null}
        {active.length > 0 ? (
          <Button variant="secondary" onClick={() => filter({ actor: '', type: '', action: '', from: '', to: '', account: '' })}>
            Clear filters
          </Button>
        ) : null}
      </div>
      <DataTable
        label="Audit log"
        columns={columns}
        data={page?.items}
        rowCount={page?.items.length ?? 0}
        getRowId={(row) => row.id}
        getRowLabel={(row) => `${row.summary}, ${formatDate(row.at)}`}
        page={1}
        pageSize={search.size}
        pageSizes={auditPageSizes}
        sort={null}
        onPageChange={() => undefined}
        onPageSizeChange={(size) => onSearchChange({ size: size as PageSize, before: '', after: '' })}
        onSortChange={() => undefined}
        rowLink={(row) => {
          if (!viewed) return { to: '/system/audit/$entryId', params: { entryId: row.id } };
          const record = changedRecordPath(row);
          return record ? { to: record } : null;
        }}
        onOpen={openRow}
        onOpenInPanel={openRowInPanel}
        status={list.status}
        fetching={list.isPlaceholderData}
        empty={
          active.length > 0
            ? `No ${viewed ? 'reads' : 'changes'} match the filters (${active.map((key) => filterNames[key]).join(', ')}).`
            : viewed
              ? 'No reads recorded yet.'
              : 'No changes yet.'
        }
        error={messages.tryAgain}
        onRetry={() => void list.refetch()}
        pagination={
          <CursorPagination
            size={search.size}
            onSizeChange={(size) => onSearchChange({ size, before: '', after: '' })}
            newer={page?.newer ?? null}
            older={page?.older ?? null}
            onNewer={(after) => onSearchChange({ after, before: '' })}
            onOlder={(before) => onSearchChange({ before, after: '' })}
            onNewest={search.before || search.after ? () => onSearchChange({ before: '', after: '' }) : undefined}
          />
        }
      />
    </section>
  );
}

/** The options, plus the URL's current value when the facets do not list it (yet), so the select shows what filters. */
function withCurrent(options: { value: string; label: string }[], current: string) {
  return current && !options.some((o) => o.value === current) ? [{ value: current, label: current }, ...options] : options;
}

type CursorPaginationProps = {
  size: PageSize;
  onSizeChange(size: PageSize): void;
  newer: string | null;
  older: string | null;
  onNewer(cursor: string): void;
  onOlder(cursor: string): void;
  /** Back to the newest entries, when not already there. */
  onNewest?(): void;
};

/** Rows per page and Newest/Newer/Older: the log is paged by cursor, so there are no page numbers. */
function CursorPagination({ size, onSizeChange, newer, older, onNewer, onOlder, onNewest }: CursorPaginationProps) {
  const sizeId = useId();
  return (
    <nav aria-label="Audit log pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId} className="whitespace-nowrap text-slate-700 dark:text-slate-300">
          Rows per page
        </label>
        <select id={sizeId} className={cn(controlBase, 'w-auto py-1')} value={size} onChange={(event) => onSizeChange(Number(event.target.value) as PageSize)}>
          {auditPageSizes.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-1">
        <Button variant="secondary" disabled={!onNewest} onClick={onNewest}>
          Newest
        </Button>
        <Button variant="secondary" disabled={newer === null} onClick={() => newer && onNewer(newer)}>
          <span aria-hidden="true">‹ </span>Newer
        </Button>
        <Button variant="secondary" disabled={older === null} onClick={() => older && onOlder(older)}>
          Older<span aria-hidden="true"> ›</span>
        </Button>
      </div>
    </nav>
  );
}
