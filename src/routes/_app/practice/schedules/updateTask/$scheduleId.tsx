import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../../../../../components/ui/not-found.tsx';
import { TaskUpdateScreen } from '../../../../../features/schedules/task-screens.tsx';
import { isIsoTimestamp, isUuid, matching, searchParams } from '../../../../../lib/search-params.ts';

/** `?taskId=…` names the task; `&occurrence=<ISO>` one occurrence of a series. */
const searchSchema = searchParams({ taskId: matching(isUuid, undefined), occurrence: matching(isIsoTimestamp, undefined) });

export const Route = createFileRoute('/_app/practice/schedules/updateTask/$scheduleId')({
  validateSearch: searchSchema,
  component: function TaskUpdateRoute() {
    const { scheduleId } = Route.useParams();
    const { taskId, occurrence } = Route.useSearch();
    if (!taskId) return <NotFound />;
    return <TaskUpdateScreen scheduleId={scheduleId} taskId={taskId} occurrence={occurrence} />;
  },
});
