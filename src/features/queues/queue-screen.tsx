import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { messages } from '../../../domain/messages.ts';
import { greetingKinds, queuePatchSchema, type GreetingKind, type Queue } from '../../../domain/queues.ts';
import { Button } from '../../components/ui/button.tsx';
import { Chip } from '../../components/ui/chip.tsx';
import { conflictRows } from '../../components/ui/conflict-notice.tsx';
import { Card, DescriptionList } from '../../components/ui/description-list.tsx';
import { Field, FieldError, FormError, Input, Textarea } from '../../components/ui/field.tsx';
import { Form } from '../../components/ui/form.tsx';
import { LeaveGuard } from '../../components/ui/leave-guard.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { PopoverContent, PopoverRoot, PopoverTrigger } from '../../components/ui/popover.tsx';
import { RecordById } from '../../components/ui/record-page.tsx';
import { useRecordStamps } from '../../components/ui/record-stamps.tsx';
import { useToast } from '../../lib/toast.ts';
import { useVersionedSave } from '../../components/ui/versioned-save.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useEditMode } from '../../lib/record-detail.ts';
import { saveFailure, sameValues, schemaFieldErrors, serverFieldErrors } from '../../lib/form.ts';
import { queueQuery, useUpdateQueue } from './queries.ts';
import { Token } from '../../components/ui/token.tsx';

/** The form's values: every text as typed (empty is none), the dispositions as their boxes. */
export type QueueValues = { imagePath: string; greetings: Record<GreetingKind, string>; dispositions: string[] };

const toValues = (queue: Queue): QueueValues => ({
  imagePath: queue.agentGreetingImageLocationPath ?? '',
  greetings: { inbound: queue.agentGreetings.inbound ?? '', outbound: queue.agentGreetings.outbound ?? '', callback: queue.agentGreetings.callback ?? '' },
  dispositions: [...queue.dispositions],
});

/** The PATCH body of spec §7: agentGreetingImageLocationPath, agentGreetings, dispositions (an empty box is refused under itself). */
const toBody = (values: QueueValues) => ({
  agentGreetingImageLocationPath: values.imagePath,
  agentGreetings: values.greetings,
  dispositions: values.dispositions,
});

const greetingLabels: Record<GreetingKind, string> = { inbound: 'Inbound', outbound: 'Outbound', callback: 'Callback' };

const conflictFields: { label: string; show(v: QueueValues): string }[] = [
  { label: 'Image Path', show: (v) => v.imagePath || '—' },
  ...greetingKinds.map((kind) => ({ label: greetingLabels[kind], show: (v: QueueValues) => v.greetings[kind] || '—' })),
  { label: 'Dispositions', show: (v) => v.dispositions.join(', ') || '—' },
];

/** A queue's page (spec §2 "Queue detail"): its greetings and default dispositions, read-only until Edit. */
export function QueueScreen({ queueId }: { queueId: string }) {
  return <RecordById query={queueQuery} id={queueId} label="Loading queue…" loading={<Spinner label="Loading queue…" />}>{(data) => <QueueDetail queue={data} />}</RecordById>;
}

function Spinner({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center justify-center gap-3 py-16 text-slate-700 dark:text-slate-300">
      <span aria-hidden="true" className="h-8 w-8 animate-spin rounded-full border-4 border-slate-300 border-t-brand-600 dark:border-slate-600 dark:border-t-brand-100" />
      <span>{label}</span>
    </div>
  );
}

function QueueDetail({ queue }: { queue: Queue }) {
  const { editing, editButton, startEditing, leaveEdit } = useEditMode();
  const stamps = useRecordStamps(queue);
  const titleId = `queue-${queue.id}-title`;
  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={queue.queueName}
        description={queue.removedAt ? 'The contact center no longer has this queue: its settings are kept in case it returns.' : undefined}
        back={
          <Link to="/system/call-center/queues" className="text-brand-700 hover:underline dark:text-brand-300">
            <span aria-hidden="true">← </span>Call Center Queues
          </Link>
        }
        actions={
          editing ? null : (
            <Permitted requires={{ resource: '/callcenter/queues/{queueId}', method: 'PATCH' }}>
              <Button ref={editButton} onClick={startEditing}>
                Edit
              </Button>
            </Permitted>
          )
        }
      />
      {editing ? <QueueEdit initial={queue} onDone={leaveEdit} /> : <QueueFields values={toValues(queue)} />}
      <Card title="Contact center" titleId={`${titleId}-contact-center`}>
        <DescriptionList
          items={[
            { label: 'Id', value: <Token value={queue.id} label="Id" /> },
            { label: 'ARN', value: <Token value={queue.queueArn} label="ARN" /> },
            ...stamps,
          ]}
        />
      </Card>
    </article>
  );
}

/** The info popover of spec §2: what `{{value}}` placeholders in a greeting become. */
function PlaceholderHelp() {
  return (
    <PopoverRoot>
      <PopoverTrigger
        aria-label="About placeholders in greetings"
        className="inline-flex h-6 w-6 items-center justify-center rounded-full border border-slate-300 text-xs font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <span aria-hidden="true">i</span>
      </PopoverTrigger>
      <PopoverContent
        aria-label="Placeholders in greetings"
        align="start"
        sideOffset={6}
        collisionPadding={8}
        className="z-50 w-80 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <p>
          A greeting may contain placeholders written <code className="font-mono">{'{{value}}'}</code>. They are replaced at runtime by the consumer (the agent&apos;s softphone) with
          the value of that name when the greeting is read.
        </p>
        <p className="mt-2">
          For example, <code className="font-mono">{'Hello, this is {{agentName}}, how can I help?'}</code> is read as “Hello, this is Dana, how can I help?” when Dana takes the call.
        </p>
      </PopoverContent>
    </PopoverRoot>
  );
}

type FieldsProps = {
  values: QueueValues;
  /** Edit mode: the fields are editable and the dispositions are text boxes. */
  edit?: { onChange(values: QueueValues): void; errors: Record<string, string>; firstField: React.RefObject<HTMLInputElement | null> };
};

/** Image Path, the three greetings, and the default dispositions: read-only, or editable in edit mode. */
function QueueFields({ values, edit }: FieldsProps) {
  const greetingsTitle = useId();
  const dispositionsTitle = useId();
  const lastBox = useRef<HTMLInputElement>(null);
  const [focusLast, setFocusLast] = useState(false);
  useEffect(() => {
    if (!focusLast) return;
    lastBox.current?.focus();
    setFocusLast(false);
  }, [focusLast]);
  const set = (change: Partial<QueueValues>) => edit?.onChange({ ...values, ...change });
  const error = (key: string) => edit?.errors[key];
  return (
    <>
      <Card>
        <div className="mb-4 flex items-center gap-2">
          <h2 id={greetingsTitle} className="text-lg font-semibold">
            Agent greetings
          </h2>
          <PlaceholderHelp />
        </div>
        <div role="group" aria-labelledby={greetingsTitle} className="grid gap-4">
          <Field label="Image Path" error={error('agentGreetingImageLocationPath')} hint={edit ? 'Where the image shown with the greeting is (a URL or storage path).' : undefined}>
            {(control) => (
              <Input {...control} ref={edit?.firstField} readOnly={!edit} autoComplete="off" value={values.imagePath} onChange={(event) => set({ imagePath: event.target.value })} />
            )}
          </Field>
          {greetingKinds.map((kind) => (
            <Field key={kind} label={greetingLabels[kind]} error={error(`agentGreetings.${kind}`)}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={2}
                  readOnly={!edit}
                  value={values.greetings[kind]}
                  onChange={(event) => set({ greetings: { ...values.greetings, [kind]: event.target.value } })}
                />
              )}
            </Field>
          ))}
        </div>
      </Card>
      <Card>
        <h2 id={dispositionsTitle} className="mb-4 text-lg font-semibold">
          Default queue dispositions
        </h2>
        <div role="group" aria-labelledby={dispositionsTitle}>
          {!edit ? (
            values.dispositions.length === 0 ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">{messages.noQueueDispositions}</p>
            ) : (
              <ul className="flex flex-wrap gap-2" aria-label="Dispositions">
                {values.dispositions.map((d) => (
                  <li key={d}>
                    <Chip>{d}</Chip>
                  </li>
                ))}
              </ul>
            )
          ) : (
            <div className="flex flex-col gap-3">
              {values.dispositions.length === 0 ? <p className="text-sm text-slate-700 dark:text-slate-300">{messages.noQueueDispositions}</p> : null}
              <ol className="flex flex-col gap-2">
                {values.dispositions.map((d, i) => (
                  // Boxes have no identity of their own beyond their place (two may hold the same text while typing).
                  <li key={i} className="flex items-start gap-2">
                    <Field label={`Disposition ${i + 1}`} error={error(`dispositions.${i}`)} className="min-w-0 flex-1">
                      {(control) => (
                        <Input
                          {...control}
                          ref={i === values.dispositions.length - 1 ? lastBox : undefined}
                          autoComplete="off"
                          value={d}
                          onChange={(event) => set({ dispositions: values.dispositions.map((x, j) => (j === i ? event.target.value : x)) })}
                        />
                      )}
                    </Field>
                    <Button type="button" variant="secondary" className="mt-6" aria-label={`Remove disposition ${i + 1}`} onClick={() => set({ dispositions: values.dispositions.filter((_, j) => j !== i) })}>
                      Remove
                    </Button>
                  </li>
                ))}
              </ol>
              <FieldError error={error('dispositions')} />
              <div>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => {
                    set({ dispositions: [...values.dispositions, ''] });
                    setFocusLast(true);
                  }}
                >
                  Add Disposition
                </Button>
              </div>
            </div>
          )}
        </div>
      </Card>
    </>
  );
}

/** Edit mode: a save names the version it edited; a 409 shows the conflict notice; a save reloads the queue. */
function QueueEdit({ initial, onDone }: { initial: Queue; onDone(): void }) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  const toast = useToast();
  const update = useUpdateQueue(initial.id);
  const { base, notice, submit } = useVersionedSave({
    initial,
    save: (values: QueueValues, version) => update.mutateAsync({ version, ...toBody(values) }),
    fetchCurrent: () => queryClient.fetchQuery({ ...queueQuery(account, initial.id), staleTime: 0 }),
    onSaved: async () => {
      toast('success', messages.queueSaved);
      onDone();
    },
    conflictRows: (mine, current) => conflictRows(conflictFields, mine, toValues(current)),
    saving: update.isPending,
  });
  return <QueueForm key={base.version} defaultValues={toValues(base)} version={base.version} onSubmit={submit} onCancel={onDone} notice={notice} />;
}

type QueueFormProps = { defaultValues: QueueValues; version: number; onSubmit(values: QueueValues): Promise<void>; onCancel(): void; notice: React.ReactNode };

function QueueForm({ defaultValues, version, onSubmit, onCancel, notice }: QueueFormProps) {
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => firstField.current?.focus(), []);
  const fullPath = (path: string) => path || null;

  const handleSubmit = async () => {
    setFailure(null);
    const found = schemaFieldErrors(queuePatchSchema, { version, ...toBody(values) }, fullPath);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await onSubmit(values);
    } catch (error) {
      const fields = serverFieldErrors(error, fullPath);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(saveFailure(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form
      aria-label="Edit queue"
      onSubmit={handleSubmit}
      className="flex flex-col gap-5"
    >
      <LeaveGuard when={!sameValues(values, defaultValues) && !submitting} />
      {notice}
      <FormError>{failure}</FormError>
      <QueueFields values={values} edit={{ onChange: setValues, errors, firstField }} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={submitting}>
          {submitting ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </Form>
  );
}
