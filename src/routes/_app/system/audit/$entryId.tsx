import { createFileRoute } from '@tanstack/react-router';
import { AuditEntryScreen } from '../../../../features/audit/audit-entry-screen.tsx';
import { auditEntryQuery } from '../../../../features/audit/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { requirePermission } from '../../../../lib/route-guard.ts';

export const Route = createFileRoute('/_app/system/audit/$entryId')({
  beforeLoad: requirePermission({ resource: '/audit/entries', method: 'GET' }, 'read the audit log'),
  // A missing or failing entry is the screen's to show (404 screen, 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(auditEntryQuery(currentAccountKey(), params.entryId)).catch(() => undefined),
  component: function AuditEntryRoute() {
    const { entryId } = Route.useParams();
    return <AuditEntryScreen entryId={entryId} />;
  },
});
