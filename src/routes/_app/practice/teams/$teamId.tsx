import { createFileRoute } from '@tanstack/react-router';
import { PracticeTeamScreen } from '../../../../features/practice-teams/practice-team-screen.tsx';
import { practiceTeamQuery } from '../../../../features/practice-teams/queries.ts';
import { currentAccountKey } from '../../../../lib/account.ts';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { deniedOr, requirePermission } from '../../../../lib/route-guard.ts';

/** Opened without this grant, or refused it meanwhile (403): the "no permission" screen naming it, not a Retry that cannot work. */
const requires = { resource: '/teams/teams/{id}', method: 'GET' } as const;

export const Route = createFileRoute('/_app/practice/teams/$teamId')({
  beforeLoad: requirePermission(requires, 'see practice teams'),
  errorComponent: RouteError,
  // A missing or failing record is the screen's to show (404 screen, 'Error, please try again').
  loader: ({ context, params }) => context.queryClient.ensureQueryData(practiceTeamQuery(currentAccountKey(), params.teamId)).catch(deniedOr(requires, 'see practice teams')),
  component: function PracticeTeamRoute() {
    const { teamId } = Route.useParams();
    return <PracticeTeamScreen teamId={teamId} />;
  },
});
