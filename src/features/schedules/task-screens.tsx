import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { messages } from '../../../domain/messages.ts';
import { dateOf, describeRecurrence, todayIn, wallOf, weekStartOf, type Schedule, type ScheduleTask } from '../../../domain/schedules.ts';
import { NotFound } from '../../components/shell/not-found.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DetailSkeleton, LoadError } from '../../components/ui/load-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useMeets } from '../../lib/policy.ts';
import { isConflict, isNotFound, saveFailure, serverFieldErrors } from '../../lib/form.ts';
import { useSoftDelete } from '../../lib/soft-delete.ts';
import { scheduleQuery, taskDeleteTarget, taskQuery, useCreateTask, useUpdateTask } from './queries.ts';
import { emptyTask, TaskForm, taskFieldOf, taskFormValues, type TaskBody } from './task-form.tsx';
import { timeRange } from './week-view.tsx';

const weekOf = (iso: string, timeZone: string) => weekStartOf(dateOf(wallOf(new Date(iso), timeZone)));

/** Loads the schedule a task screen belongs to (its name and time zone). */
function WithSchedule({ scheduleId, children }: { scheduleId: string; children(schedule: Schedule): ReactNode }) {
  const schedule = useQuery(scheduleQuery(useAccountKey(), scheduleId));
  if (schedule.isPending) return <DetailSkeleton label="Loading schedule…" />;
  if (schedule.isError) {
    if (isNotFound(schedule.error)) return <NotFound />;
    return <LoadError message={messages.tryAgain} onRetry={() => void schedule.refetch()} />;
  }
  return <>{children(schedule.data)}</>;
}

const BackToSchedule = ({ schedule }: { schedule: Schedule }) => (
  <Link to="/practice/schedules/$scheduleId" params={{ scheduleId: schedule.id }} className="text-brand-700 hover:underline dark:text-brand-100">
    <span aria-hidden="true">← </span>
    {schedule.name}
  </Link>
);

/** /practice/schedules/createTask/{scheduleId}: a time block, maybe recurring. */
export function TaskCreateScreen({ scheduleId }: { scheduleId: string }) {
  return <WithSchedule scheduleId={scheduleId}>{(schedule) => <TaskCreate schedule={schedule} />}</WithSchedule>;
}

function TaskCreate({ schedule }: { schedule: Schedule }) {
  const create = useCreateTask(schedule.id);
  const navigate = useNavigate();
  const toast = useToast();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const handleSubmit = async (body: TaskBody) => {
    setFailure(null);
    try {
      await create.mutateAsync(body);
      toast('success', `Task “${body.title.trim()}” added`, 3000);
      await navigate({ to: '/practice/schedules/$scheduleId', params: { scheduleId: schedule.id }, search: { week: weekOf(body.start, schedule.timeZone) } });
    } catch (error) {
      const fields = serverFieldErrors(error, taskFieldOf);
      setServerErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(saveFailure(error));
    }
  };
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Add task" description={schedule.name} back={<BackToSchedule schedule={schedule} />} />
      <TaskForm
        initial={emptyTask(todayIn(schedule.timeZone))}
        recurrence
        timeZone={schedule.timeZone}
        submitLabel="Save task"
        pending={create.isPending}
        failure={failure}
        serverErrors={serverErrors}
        onSubmit={(body) => void handleSubmit(body)}
        onCancel={() => void navigate({ to: '/practice/schedules/$scheduleId', params: { scheduleId: schedule.id } })}
      />
    </div>
  );
}

/** /practice/schedules/updateTask/{scheduleId}?taskId=…&occurrence=…: one occurrence, or the whole series. */
export function TaskUpdateScreen({ scheduleId, taskId, occurrence }: { scheduleId: string; taskId: string; occurrence?: string }) {
  const task = useQuery(taskQuery(useAccountKey(), scheduleId, taskId));
  return (
    <WithSchedule scheduleId={scheduleId}>
      {(schedule) => {
        if (task.isPending) return <DetailSkeleton label="Loading task…" />;
        if (task.isError) {
          if (isNotFound(task.error)) return <NotFound />;
          return <LoadError message={messages.tryAgain} onRetry={() => void task.refetch()} />;
        }
        return <TaskUpdate key={`${task.data.id}-${task.data.version}`} schedule={schedule} task={task.data} occurrence={task.data.isRecurring ? occurrence : undefined} />;
      }}
    </WithSchedule>
  );
}

function TaskUpdate({ schedule, task, occurrence }: { schedule: Schedule; task: ScheduleTask; occurrence?: string }) {
  const update = useUpdateTask(schedule.id, task.id);
  const account = useAccountKey();
  const remove = useSoftDelete();
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  // One occurrence of a series (opened from the week) or the series itself.
  const mayEdit = useMeets({ resource: '/schedule/schedule/{id}', method: 'PATCH' });
  const [scope, setScope] = useState<'occurrence' | 'series'>(occurrence ? 'occurrence' : 'series');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const oneOccurrence = scope === 'occurrence' && occurrence !== undefined;
  const duration = new Date(task.end).getTime() - new Date(task.start).getTime();
  const shown = oneOccurrence ? { ...task, start: occurrence, end: new Date(new Date(occurrence).getTime() + duration).toISOString(), recurrence: null } : task;
  const backToWeek = () =>
    navigate({ to: '/practice/schedules/$scheduleId', params: { scheduleId: schedule.id }, search: { week: weekOf(shown.start, schedule.timeZone) } });

  const handleSubmit = async (body: TaskBody) => {
    setFailure(null);
    try {
      await update.mutateAsync(oneOccurrence ? { ...body, version: task.version, isRecurring: false, occurrence } : { ...body, version: task.version, isRecurring: true });
      toast('success', oneOccurrence ? 'Occurrence changed' : 'Task saved', 3000);
      await backToWeek();
    } catch (error) {
      if (isConflict(error)) return setFailure(messages.conflict);
      const fields = serverFieldErrors(error, taskFieldOf);
      setServerErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(saveFailure(error));
    }
  };
  // Soft: the toast offers Undo (also Ctrl+Z), which brings the task, or the one occurrence, back.
  const handleDelete = async () => {
    setDeleting(true);
    const deleted = await remove(taskDeleteTarget(account, schedule.id, task, oneOccurrence ? occurrence : null));
    setDeleting(false);
    if (deleted) await backToWeek();
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={task.title}
        description={`${timeRange(shown, schedule.timeZone)} · ${task.parentId ? 'Changed occurrence of a series' : describeRecurrence(task.recurrence)}`}
        back={<BackToSchedule schedule={schedule} />}
      />
      {mayEdit ? (
        <TaskForm
          key={scope}
          initial={taskFormValues(shown, schedule.timeZone)}
          recurrence={!oneOccurrence && !task.parentId}
          timeZone={schedule.timeZone}
          submitLabel="Save"
          pending={update.isPending}
          failure={failure}
          serverErrors={serverErrors}
          before={
            occurrence ? (
              <fieldset className="flex flex-col gap-1">
                <legend className="mb-1 text-sm font-medium">Change</legend>
                <label className="inline-flex items-center gap-2 text-sm">
                  <input type="radio" name="scope" checked={scope === 'occurrence'} onChange={() => setScope('occurrence')} />
                  This occurrence only
                </label>
                <label className="inline-flex items-center gap-2 text-sm">
                  <input type="radio" name="scope" checked={scope === 'series'} onChange={() => setScope('series')} />
                  All occurrences (the series)
                </label>
              </fieldset>
            ) : null
          }
          extraActions={
            <Permitted requires={{ resource: '/schedule/schedule/{id}', method: 'DELETE' }}>
              <Button type="button" variant="danger" disabled={deleting} onClick={() => void handleDelete()}>
                {oneOccurrence ? 'Delete this occurrence' : task.isRecurring ? 'Delete series' : 'Delete'}
              </Button>
            </Permitted>
          }
          onSubmit={(body) => void handleSubmit(body)}
          onCancel={() => void backToWeek()}
        />
      ) : (
        <ReadOnlyTask task={shown} timeZone={schedule.timeZone} />
      )}
    </div>
  );
}

/** What a role that may not edit sees instead of the form. */
function ReadOnlyTask({ task, timeZone }: { task: Pick<ScheduleTask, 'practitionerName' | 'who' | 'notes' | 'start' | 'end'>; timeZone: string }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
      <dt className="font-medium">When</dt>
      <dd>
        {dateOf(wallOf(new Date(task.start), timeZone))}, {timeRange(task, timeZone)}
      </dd>
      <dt className="font-medium">Who</dt>
      <dd>{task.practitionerName ?? task.who ?? '—'}</dd>
      <dt className="font-medium">Notes</dt>
      <dd>{task.notes ?? '—'}</dd>
    </dl>
  );
}
