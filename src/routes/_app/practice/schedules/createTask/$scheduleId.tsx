import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../../components/ui/no-permission.tsx';
import { TaskCreateScreen } from '../../../../../features/schedules/task-screens.tsx';
import { requirePermission } from '../../../../../lib/route-guard.ts';

export const Route = createFileRoute('/_app/practice/schedules/createTask/$scheduleId')({
  beforeLoad: requirePermission({ resource: '/schedule/schedule/{id}', method: 'POST' }, 'add tasks'),
  errorComponent: RouteError,
  component: function TaskCreateRoute() {
    const { scheduleId } = Route.useParams();
    return <TaskCreateScreen scheduleId={scheduleId} />;
  },
});
