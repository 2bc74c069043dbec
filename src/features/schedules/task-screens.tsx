import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState, type ReactNode } from 'react';
import { messages } from '../../../domain/messages.ts';
import { dateOf, describeRecurrence, todayIn, wallOf, weekStartOf, type Schedule, type ScheduleTask } from '../../../domain/schedules.ts';
import { DeleteButton } from '../../components/ui/delete.tsx';
import { conflictRows } from '../../components/ui/conflict-notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { useToast } from '../../lib/toast.ts';
import { useVersionedSave } from '../../components/ui/versioned-save.tsx';
import { RecordLoad } from '../../components/ui/record-page.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useMeets } from '../../lib/policy.ts';
import { saveFailure, serverFieldErrors } from '../../lib/form.ts';
import { useSoftDelete } from '../../lib/soft-delete.ts';
import { scheduleQuery, taskDeleteTarget, taskQuery, useCreateTask, useUpdateTask } from './queries.ts';
import { emptyTask, TaskForm, taskFieldOf, taskFormValues, type TaskBody } from './task-form.tsx';
import { usePractitionerOptions } from './owner-fields.tsx';
import { timeRange } from './week-view.tsx';
import { useDayFormat, useLocale } from '../../lib/format.ts';

const weekOf = (iso: string, timeZone: string) => weekStartOf(dateOf(wallOf(new Date(iso), timeZone)));

/** Loads the schedule a task screen belongs to (its name and time zone). */
function WithSchedule({ scheduleId, children }: { scheduleId: string; children(schedule: Schedule): ReactNode }) {
  const schedule = useQuery(scheduleQuery(useAccountKey(), scheduleId));
  return (
    <RecordLoad query={schedule} label="Loading schedule…">
      {children}
    </RecordLoad>
  );
}

const BackToSchedule = ({ schedule }: { schedule: Schedule }) => (
  <Link to="/practice/schedules/$scheduleId" params={{ scheduleId: schedule.id }} className="text-brand-700 hover:underline dark:text-brand-300">
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
      toast('success', messages.taskAdded, 3000);
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
        onSubmit={handleSubmit}
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
        // Keyed by the task only: a fresher copy (read after a 409) must not throw away what was typed.
        return (
          <RecordLoad query={task} label="Loading task…">
            {(data) => <TaskUpdate key={data.id} schedule={schedule} task={data} occurrence={data.isRecurring ? occurrence : undefined} />}
          </RecordLoad>
        );
      }}
    </WithSchedule>
  );
}

/** What the conflict notice compares of a task: its fields as the screen shows them. */
type TaskShown = { title: string; who: string; when: string; repeats: string; notes: string };

const taskConflictFields: { label: string; show(v: TaskShown): string }[] = [
  { label: 'Title', show: (v) => v.title },
  { label: 'Who', show: (v) => v.who },
  { label: 'When', show: (v) => v.when },
  { label: 'Repeats', show: (v) => v.repeats },
  { label: 'Notes', show: (v) => v.notes },
];

/** "May 4, 2026, 9:00 AM – 10:00 AM": the day (in the schedule's time zone) and times in the user's locale. */
const whenOf = (t: { start: string; end: string }, timeZone: string, dayName: (date: string) => string, locale: string | null) =>
  `${dayName(dateOf(wallOf(new Date(t.start), timeZone)))}, ${timeRange(t, timeZone, locale)}`;

function TaskUpdate({ schedule, task, occurrence }: { schedule: Schedule; task: ScheduleTask; occurrence?: string }) {
  const locale = useLocale();
  const dayName = useDayFormat();
  const update = useUpdateTask(schedule.id, task.id);
  const account = useAccountKey();
  const queryClient = useQueryClient();
  const practitioners = usePractitionerOptions();
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
  // The task (or the one occurrence) as the form shows it.
  const shownOf = (t: ScheduleTask) => {
    if (!oneOccurrence) return t;
    const duration = new Date(t.end).getTime() - new Date(t.start).getTime();
    return { ...t, start: occurrence, end: new Date(new Date(occurrence).getTime() + duration).toISOString(), recurrence: null };
  };
  const describe = (t: ScheduleTask | TaskBody, whoName: string | null): TaskShown => ({
    title: t.title,
    who: whoName ?? t.who ?? '—',
    when: whenOf(t, schedule.timeZone, dayName, locale),
    repeats: oneOccurrence ? 'This occurrence only' : describeRecurrence(t.recurrence ?? null),
    notes: t.notes ?? '—',
  });

  const backToWeek = () =>
    navigate({ to: '/practice/schedules/$scheduleId', params: { scheduleId: schedule.id }, search: { week: weekOf(shownOf(task).start, schedule.timeZone) } });

  // A save names the version read; a 409 (someone saved the task or its series meanwhile) shows
  // the conflict notice: what was typed stays, to overwrite with or to drop for the saved version.
  const { base, notice, submit } = useVersionedSave({
    initial: task,
    save: (body: TaskBody, version) =>
      update.mutateAsync(oneOccurrence ? { ...body, version, isRecurring: false, occurrence } : { ...body, version, isRecurring: true }),
    fetchCurrent: () => queryClient.fetchQuery({ ...taskQuery(account, schedule.id, task.id), staleTime: 0 }),
    onSaved: async () => {
      toast('success', oneOccurrence ? messages.occurrenceSaved : messages.taskSaved, 3000);
      await backToWeek();
    },
    conflictRows: (mine, current) =>
      conflictRows(
        taskConflictFields,
        describe(mine, practitioners.find((p) => p.id === mine.practitionerId)?.name ?? (mine.practitionerId === current.practitionerId ? current.practitionerName : mine.practitionerId)),
        describe(shownOf(current), current.practitionerName),
      ),
    saving: update.isPending,
  });
  const shown = shownOf(base);
  // The task as the screen opened it: `base` differs once the user reloaded the saved version.
  const opened = useRef(base);

  const handleSubmit = async (body: TaskBody) => {
    setFailure(null);
    setServerErrors({});
    try {
      await submit(body);
    } catch (error) {
      const fields = serverFieldErrors(error, taskFieldOf);
      setServerErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(saveFailure(error));
    }
  };
  // Soft: the toast offers Undo (also Ctrl+Z), which brings the task, or the one occurrence, back.
  const handleDelete = async () => {
    setDeleting(true);
    const deleted = await remove(taskDeleteTarget(account, schedule.id, base, oneOccurrence ? occurrence : null));
    setDeleting(false);
    if (deleted) await backToWeek();
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={base.title}
        description={`${timeRange(shown, schedule.timeZone, locale)} · ${base.parentId ? 'Changed occurrence of a series' : describeRecurrence(base.recurrence)}`}
        back={<BackToSchedule schedule={schedule} />}
      />
      {mayEdit ? (
        <TaskForm
          key={`${scope}-${base.version}`}
          // After Reload saved version (a newer base), the form starts again in its first field.
          focusFirstField={base !== opened.current}
          initial={taskFormValues(shown, schedule.timeZone)}
          recurrence={!oneOccurrence && !base.parentId}
          timeZone={schedule.timeZone}
          submitLabel="Save"
          pending={update.isPending}
          failure={failure}
          serverErrors={serverErrors}
          notice={notice}
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
              <DeleteButton type="button" disabled={deleting} onClick={() => void handleDelete()}>
                {oneOccurrence ? 'Delete this occurrence' : base.isRecurring ? 'Delete series' : 'Delete'}
              </DeleteButton>
            </Permitted>
          }
          onSubmit={handleSubmit}
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
  const locale = useLocale();
  const dayName = useDayFormat();
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
      <dt className="font-medium">When</dt>
      <dd>
        {whenOf(task, timeZone, dayName, locale)}
      </dd>
      <dt className="font-medium">Who</dt>
      <dd>{task.practitionerName ?? task.who ?? '—'}</dd>
      <dt className="font-medium">Notes</dt>
      <dd>{task.notes ?? '—'}</dd>
    </dl>
  );
}
