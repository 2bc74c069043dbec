import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { ScheduleCreateScreen } from '../../../../features/schedules/schedule-create-screen.tsx';
import { requirePermission } from '../../../../lib/route-guard.ts';

export const Route = createFileRoute('/_app/practice/schedules/create')({
  beforeLoad: requirePermission({ resource: '/schedule/schedule', method: 'POST' }, 'create schedules'),
  errorComponent: RouteError,
  component: ScheduleCreateScreen,
});
