import { createFileRoute } from '@tanstack/react-router';
import { IssueScreen } from '../../../../features/issues/issue-screen.tsx';
import { issueQuery } from '../../../../features/issues/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';

export const Route = createFileRoute('/_app/practice/issues/$issueId')({
  // A missing or failing record is the screen's to show (404 screen, 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(issueQuery(currentAccountKey(), params.issueId)).catch(() => undefined),
  component: function IssueRoute() {
    const { issueId } = Route.useParams();
    return <IssueScreen issueId={issueId} />;
  },
});
