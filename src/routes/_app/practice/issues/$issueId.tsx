import { createFileRoute } from '@tanstack/react-router';
import { IssueScreen } from '../../../../features/issues/issue-screen.tsx';
import { issueQuery } from '../../../../features/issues/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it (issue 24), not a Retry that cannot work. */
const requires = { resource: '/issues/{id}', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/issues/$issueId')({
  beforeLoad: requirePermission(requires, 'see issues'),
  errorComponent: RouteError,
  // A missing or failing record is the screen's to show (404 screen, 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(issueQuery(currentAccountKey(), params.issueId)).catch(deniedOr(requires, 'see issues')),
  component: function IssueRoute() {
    const { issueId } = Route.useParams();
    return <IssueScreen issueId={issueId} />;
  },
});
