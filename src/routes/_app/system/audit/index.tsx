import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { auditLogKinds, auditPageSizes, defaultAuditPageSize } from '../../../../../domain/audit-search.ts';
import { AuditLogScreen } from '../../../../features/audit/audit-log-screen.tsx';
import { auditLogQuery, type AuditLogSearch } from '../../../../features/audit/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { requirePermission } from '../../../../lib/route-guard.ts';
import { matching, oneOf, searchParams, text } from '../../../../lib/search-params.ts';

const day = matching((value) => /^\d{4}-\d{2}-\d{2}$/.test(value), '');

const defaults = { log: 'changed', size: defaultAuditPageSize, before: '', after: '', actor: '', type: '', action: '', from: '', to: '', account: '' } as const;

export const Route = createFileRoute('/_app/system/audit/')({
  // The URL is the list's state; a hand-edited one degrades to the default instead of failing.
  validateSearch: searchParams({
    log: oneOf(auditLogKinds, 'changed'),
    size: oneOf(auditPageSizes, defaultAuditPageSize),
    before: text(20),
    after: text(20),
    actor: text(200),
    type: text(64),
    action: text(64),
    from: day,
    to: day,
    account: text(36),
  }),
  search: { middlewares: [stripSearchParams(defaults)] },
  beforeLoad: requirePermission({ resource: '/audit/entries', method: 'GET' }, 'read the audit log'),
  loaderDeps: ({ search }) => search,
  // A failed prefetch is not the route's failure: the screen shows the error with Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(auditLogQuery(currentAccountKey(), deps)).catch(() => undefined),
  component: function AuditLogRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const handleSearchChange = (change: Partial<AuditLogSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });
    return <AuditLogScreen search={search} onSearchChange={handleSearchChange} />;
  },
});
