import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { PracticeTeamCreateScreen } from '../../../../features/practice-teams/practice-team-create-screen.tsx';
import { requirePermission } from '../../../../lib/route-guard.ts';

export const Route = createFileRoute('/_app/practice/teams/create')({
  beforeLoad: requirePermission({ resource: '/teams/teams', method: 'POST' }, 'create practice teams'),
  errorComponent: RouteError,
  component: PracticeTeamCreateScreen,
});
