import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { messages } from '../../../domain/messages.ts';
import { scheduleMessages, todayIn, weekRange, weekStartOf, type Schedule, type ScheduleOwnerType } from '../../../domain/schedules.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { DeleteButton } from '../../components/ui/delete.tsx';
import { Card, DescriptionList, Empty } from '../../components/ui/description-list.tsx';
import { Field, FormError, Input, Textarea } from '../../components/ui/field.tsx';
import { Form } from '../../components/ui/form.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { RecordById, useRecordEdit } from '../../components/ui/record-page.tsx';
import { useRecordStamps } from '../../components/ui/record-stamps.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { saveFailure, serverFieldErrors } from '../../lib/form.ts';
import { useEditMode } from '../../lib/record-detail.ts';
import { useSoftDelete } from '../../lib/soft-delete.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { OwnerFields } from './owner-fields.tsx';
import { occurrencesQuery, scheduleDeleteTarget, scheduleQuery, useUpdateSchedule } from './queries.ts';
import { ownerLabel } from './schedules-list-screen.tsx';
import { WeekView } from './week-view.tsx';

type ScheduleScreenProps = { scheduleId: string; week?: string; onWeekChange?(week: string): void };

/** A schedule's page: what it is, and its week of occurrences (also shown in the side panel). */
export function ScheduleScreen({ scheduleId, week, onWeekChange }: ScheduleScreenProps) {
  return <RecordById query={scheduleQuery} id={scheduleId} label="Loading schedule…">{(data) => <ScheduleDetail schedule={data} week={week} onWeekChange={onWeekChange} />}</RecordById>;
}

function ScheduleDetail({ schedule: s, week, onWeekChange }: { schedule: Schedule; week?: string; onWeekChange?(week: string): void }) {
  const account = useAccountKey();
  const stamps = useRecordStamps(s);
  const navigate = useNavigate();
  const remove = useSoftDelete();
  const { pathname, closePanel } = useWorkspace();
  const [deleting, setDeleting] = useState(false);
  const { editing, editButton, startEditing, leaveEdit } = useEditMode();
  // Without a route (the side panel) the week lives here.
  const [ownWeek, setOwnWeek] = useState<string | null>(null);
  const today = todayIn(s.timeZone);
  const weekStart = weekStartOf(week ?? ownWeek ?? today);
  const range = weekRange(weekStart, s.timeZone);
  const occurrences = useQuery(occurrencesQuery(account, s.id, range.from.toISOString(), range.to.toISOString()));
  const titleId = `schedule-${s.id}-title`;

  const handleDelete = async () => {
    setDeleting(true);
    const deleted = await remove(scheduleDeleteTarget(account, s));
    setDeleting(false);
    if (!deleted) return;
    // On its own page the schedule is gone: back to the list (in the side panel, the screen behind stays).
    if (pathname === `/practice/schedules/${s.id}`) await navigate({ to: '/practice/schedules' });
    else closePanel();
  };

  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-6xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={s.name}
        description={ownerLabel(s) ?? 'The whole practice'}
        back={
          <Link to="/practice/schedules" className="text-brand-700 hover:underline dark:text-brand-300">
            <span aria-hidden="true">← </span>Schedules
          </Link>
        }
        actions={
          <>
            <Permitted requires={{ resource: '/schedule/schedule/{id}', method: 'POST' }}>
              <Link className={buttonClass()} to="/practice/schedules/createTask/$scheduleId" params={{ scheduleId: s.id }}>
                Add task
              </Link>
            </Permitted>
            {!editing ? (
              <Permitted requires={{ resource: '/schedule/schedule', method: 'PATCH' }}>
                <Button ref={editButton} variant="secondary" onClick={startEditing}>
                  Edit
                </Button>
              </Permitted>
            ) : null}
            <Permitted requires={{ resource: '/schedule/schedule/{id}', method: 'DELETE' }}>
              <DeleteButton disabled={deleting} onClick={() => void handleDelete()} />
            </Permitted>
          </>
        }
      />
      {editing ? (
        <ScheduleEdit schedule={s} onDone={leaveEdit} />
      ) : (
        <Card>
          <DescriptionList
            items={[
              { label: 'Description', value: s.description ?? <Empty /> },
              { label: 'For', value: ownerLabel(s) ?? 'The whole practice' },
              { label: 'Time zone', value: s.timeZone },
              ...stamps,
            ]}
          />
        </Card>
      )}
      {occurrences.isError ? (
        <LoadError message={messages.tryAgain} error={occurrences.error} section={{ what: "this schedule's tasks", requires: { resource: '/schedule/schedule/{id}', method: 'GET' } }} onRetry={() => void occurrences.refetch()} />
      ) : (
        <WeekView
          scheduleId={s.id}
          timeZone={s.timeZone}
          weekStart={weekStart}
          today={today}
          occurrences={occurrences.data?.items}
          loading={occurrences.isFetching}
          onWeekChange={(next) => (onWeekChange ? onWeekChange(next) : setOwnWeek(next))}
        />
      )}
    </article>
  );
}

type ScheduleFormValues = { name: string; description: string; ownerType: ScheduleOwnerType | ''; ownerId: string; ownerName: string | null };

const toScheduleValues = (s: Schedule): ScheduleFormValues => ({
  name: s.name,
  description: s.description ?? '',
  ownerType: s.ownerType ?? '',
  ownerId: s.ownerId ?? '',
  ownerName: s.ownerName,
});

const scheduleConflictFields: { label: string; show(v: ScheduleFormValues): string }[] = [
  { label: 'Name', show: (v) => v.name },
  { label: 'Description', show: (v) => v.description || '—' },
  { label: 'For', show: (v) => ownerLabel({ ownerType: v.ownerType || null, ownerId: v.ownerId || null, ownerName: v.ownerName }) ?? 'The whole practice' },
];

/** Edit: name, description and who it is for; Save sends the version read (a stale one shows the conflict notice). */
function ScheduleEdit({ schedule, onDone }: { schedule: Schedule; onDone(): void }) {
  const { base, notice, submit, defaultValues } = useRecordEdit({
    initial: schedule,
    update: useUpdateSchedule(),
    current: scheduleQuery(useAccountKey(), schedule.id),
    toBody: (values: ScheduleFormValues) => ({
      id: schedule.id,
      name: values.name,
      description: values.description || null,
      ownerType: values.ownerType || null,
      ownerId: values.ownerType ? values.ownerId : null,
    }),
    toValues: toScheduleValues,
    conflictFields: scheduleConflictFields,
    savedMessage: messages.scheduleSaved,
    onDone,
  });
  return <ScheduleEditForm key={base.version} initial={defaultValues} notice={notice} onSubmit={submit} onCancel={onDone} />;
}

type ScheduleEditFormProps = { initial: ScheduleFormValues; notice: ReactNode; onSubmit(values: ScheduleFormValues): Promise<void>; onCancel(): void };

function ScheduleEditForm({ initial, notice, onSubmit, onCancel }: ScheduleEditFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);
  // Edit (and Reload saved version, which remounts the form) puts the focus in the first field.
  useEffect(() => firstField.current?.focus(), []);
  const handleSubmit = async () => {
    if (!values.name.trim()) return setErrors({ name: scheduleMessages.nameRequired });
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(saveFailure(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title="Edit schedule">
      <Form aria-label="Edit schedule" onSubmit={handleSubmit} className="flex flex-col gap-4">
        {notice}
        <Field label="Name" error={errors.name} required>
          {(control) => <Input {...control} ref={firstField} value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />}
        </Field>
        <Field label="Description" error={errors.description}>
          {(control) => <Textarea {...control} value={values.description} onChange={(e) => setValues({ ...values, description: e.target.value })} />}
        </Field>
        <OwnerFields ownerType={values.ownerType} ownerId={values.ownerId} ownerName={values.ownerName} errors={errors} onChange={(change) => setValues({ ...values, ...change })} />
        <FormError>{failure}</FormError>
        <div className="flex gap-2">
          <Button type="submit" disabled={saving}>
            Save
          </Button>
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </Form>
    </Card>
  );
}
