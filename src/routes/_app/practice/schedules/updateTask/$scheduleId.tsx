import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { NotFound } from '../../../../../components/ui/not-found.tsx';
import { TaskUpdateScreen } from '../../../../../features/schedules/task-screens.tsx';

/** `?taskId=…` names the task; `&occurrence=<ISO>` one occurrence of a series. */
const searchSchema = v.object({
  taskId: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  occurrence: v.fallback(v.optional(v.pipe(v.string(), v.isoTimestamp())), undefined),
});

export const Route = createFileRoute('/_app/practice/schedules/updateTask/$scheduleId')({
  validateSearch: searchSchema,
  component: function TaskUpdateRoute() {
    const { scheduleId } = Route.useParams();
    const { taskId, occurrence } = Route.useSearch();
    if (!taskId) return <NotFound />;
    return <TaskUpdateScreen scheduleId={scheduleId} taskId={taskId} occurrence={occurrence} />;
  },
});
