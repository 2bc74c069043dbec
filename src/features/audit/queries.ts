import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AccessLogPage, AuditLogDetail, AuditLogFacets, AuditLogKind, AuditLogPage } from '../../../domain/audit.ts';
import type { PageSize } from '../../../domain/lists.ts';
import { request } from '../../lib/api.ts';
import { retryUnlessRefused } from '../../lib/query.ts';
import { recordQueryOptions } from '../../lib/record-queries.ts';

/** The audit log's URL state: page size, the cursor of the page, and the filters (dates are the user's own days, YYYY-MM-DD). */
export type AuditLogSearch = {
  /** Changes, or (administrators) reads of patient data. */
  log: AuditLogKind;
  size: PageSize;
  before: string;
  after: string;
  actor: string;
  type: string;
  action: string;
  from: string;
  to: string;
  account: string;
};

/** Query keys of the audit log; the account comes first (switching accounts clears them all). */
export const auditKeys = {
  all: (account: string) => [account, 'audit'] as const,
  list: (account: string, query: object) => [account, 'audit', 'list', query] as const,
  facets: (account: string, filterAccount: string) => [account, 'audit', 'facets', filterAccount] as const,
  detail: (account: string, id: string) => [account, 'audit', 'detail', id] as const,
};

/** The instant a day (YYYY-MM-DD) starts in the browser's time zone, `days` later. */
function dayStart(day: string, days = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** What the API's `GET /audit/entries` takes: the "to" day is included (up to the next midnight). */
export function toAuditQuery(search: AuditLogSearch) {
  const from = dayStart(search.from);
  const to = dayStart(search.to, 1);
  const pick = (value: string) => (value.trim() ? value.trim() : undefined);
  return Object.fromEntries(
    Object.entries({
      limit: search.size,
      before: pick(search.before),
      after: pick(search.before) ? undefined : pick(search.after),
      actor: pick(search.actor),
      resourceType: pick(search.type),
      action: pick(search.action),
      from,
      to,
      account: pick(search.account),
    }).filter(([, value]) => value !== undefined),
  ) as Record<string, string | number>;
}

export const auditLogQuery = (account: string, search: AuditLogSearch) => {
  const query = toAuditQuery(search);
  const path = search.log === 'viewed' ? '/audit/views' : '/audit/entries';
  return queryOptions({
    queryKey: auditKeys.list(account, { path, ...query }),
    queryFn: () => request<AuditLogPage | AccessLogPage>(path, { query }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });
};

export const auditFacetsQuery = (account: string, filterAccount: string) =>
  queryOptions({
    queryKey: auditKeys.facets(account, filterAccount),
    queryFn: () => request<AuditLogFacets>('/audit/facets', { query: filterAccount ? { account: filterAccount } : {} }),
    retry: retryUnlessRefused,
    retryOnMount: false,
  });

export const auditEntryQuery = (account: string, id: string) => recordQueryOptions<AuditLogDetail>(auditKeys.detail(account, id), `/audit/entries/${encodeURIComponent(id)}`);
