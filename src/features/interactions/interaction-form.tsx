import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import * as v from 'valibot';
import { interactionMessages } from '../../../domain/interaction-messages.ts';
import { interactionStatuses, type InteractionStatus } from '../../../domain/interaction-kinds.ts';
import { escalationTypes, type EscalationType, type Interaction } from '../../../domain/interactions.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { EditForm } from '../../components/ui/edit-form.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/form-fields.tsx';
import { useRecordEdit } from '../../components/ui/record-page.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useCan } from '../../lib/policy.ts';
import { useRecordForm } from '../../lib/record-form.ts';
import { escalationLabels, statusLabels } from './labels.ts';
import { interactionQuery, interactionQueueQuery, useUpdateInteraction, type InteractionPatch } from './queries.ts';

export type InteractionValues = { disposition: string; status: InteractionStatus; escalated: boolean; escalatedType: string; agentNotes: string };

export const toInteractionValues = (interaction: Interaction): InteractionValues => ({
  disposition: interaction.latestDisposition ?? '',
  status: interaction.status,
  escalated: interaction.escalated,
  escalatedType: interaction.escalatedType ?? '',
  agentNotes: interaction.agentNotes ?? '',
});

/** The form's values as the API takes them: empty is none; a call no longer escalated has no escalation type. */
export const toInteractionBody = (values: InteractionValues): InteractionPatch => ({
  disposition: values.disposition.trim() === '' ? null : values.disposition.trim(),
  status: values.status,
  escalated: values.escalated,
  escalatedType: values.escalated && values.escalatedType !== '' ? (values.escalatedType as EscalationType) : null,
  agentNotes: values.agentNotes.trim() === '' ? null : values.agentNotes,
});

/** What the form checks before sending (the API checks the same, domain/interactions.ts). */
export const interactionEditSchema = v.object({
  disposition: v.nullable(v.pipe(v.string(), v.maxLength(100, 'Disposition must be at most 100 characters'))),
  status: v.picklist(interactionStatuses, 'Choose a status'),
  escalated: v.boolean(),
  escalatedType: v.nullable(v.picklist(escalationTypes, 'Choose an escalation type')),
  agentNotes: v.nullable(v.pipe(v.string(), v.maxLength(10_000, 'Agent notes must be at most 10000 characters'))),
});

export const interactionConflictFields: { label: string; show(values: InteractionValues): string }[] = [
  { label: 'Disposition', show: (values) => values.disposition || '—' },
  { label: 'Status', show: (values) => statusLabels[values.status] ?? values.status },
  { label: 'Escalated', show: (values) => (values.escalated ? `Yes${values.escalatedType ? ` (${values.escalatedType})` : ''}` : 'No') },
  { label: 'Agent notes', show: (values) => values.agentNotes || '—' },
];

const statusOptions = interactionStatuses.map((status) => ({ value: status, label: statusLabels[status] }));
const escalationOptions = escalationTypes.map((type) => ({ value: type, label: escalationLabels[type] }));

/** The detail's edit mode: PATCH with the version read; a 409 shows what changed instead of overwriting. */
export function InteractionEdit({ initial, onDone }: { initial: Interaction; onDone(): void }) {
  const account = useAccountKey();
  const { base, notice, submit, defaultValues } = useRecordEdit({
    initial,
    update: useUpdateInteraction(initial.id),
    current: interactionQuery(account, initial.id),
    toBody: toInteractionBody,
    toValues: toInteractionValues,
    conflictFields: interactionConflictFields,
    savedMessage: interactionMessages.interactionSaved,
    onDone,
  });
  // The dispositions offered are the queue's (spec §3 Queue.dispositions), with the call's own kept.
  const mayReadQueue = useCan('/callcenter/queues/{queueId}', 'GET');
  const queue = useQuery({ ...interactionQueueQuery(account, initial.queue?.queueId ?? ''), enabled: mayReadQueue && Boolean(initial.queue?.queueId) });
  const dispositions = [...new Set([...(queue.data?.dispositions ?? []), ...(initial.latestDisposition ? [initial.latestDisposition] : [])])];
  return <InteractionForm key={base.version} defaultValues={defaultValues} dispositions={dispositions} onSubmit={submit} onCancel={onDone} notice={notice} />;
}

type InteractionFormProps = {
  defaultValues: InteractionValues;
  dispositions: string[];
  onSubmit(values: InteractionValues): Promise<void>;
  onCancel(): void;
  notice: ReactNode;
};

function InteractionForm({ defaultValues, dispositions, onSubmit, onCancel, notice }: InteractionFormProps) {
  const { form, failure, dirty, submitting, errorOf } = useRecordForm({ defaultValues, schema: interactionEditSchema, toBody: toInteractionBody, onSubmit });
  // Edit mode was opened by a button that is now gone: the first field takes the focus.
  const first = useRef<HTMLDivElement>(null);
  useEffect(() => {
    first.current?.querySelector('select')?.focus();
  }, []);
  const dispositionOptions = dispositions.map((d) => ({ value: d, label: d }));
  return (
    <EditForm label="Edit interaction" onSubmit={form.handleSubmit} dirty={dirty} submitting={submitting} notice={notice} failure={failure} onCancel={onCancel} submitLabel="Save">
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
        <div ref={first} className="contents">
          <form.Field name="disposition">
            {(field) => (
              <SelectField
                label="Disposition"
                hint={dispositions.length === 0 ? "The call's queue has no dispositions." : undefined}
                error={errorOf('disposition', field.state.meta.errors)}
                placeholder="No disposition"
                options={dispositionOptions}
                value={field.state.value}
                onValueChange={field.handleChange}
              />
            )}
          </form.Field>
        </div>
        <form.Field name="status">
          {(field) => (
            <SelectField
              label="Status"
              required
              error={errorOf('status', field.state.meta.errors)}
              options={statusOptions}
              value={field.state.value}
              onValueChange={(value) => field.handleChange(value as InteractionStatus)}
            />
          )}
        </form.Field>
        <form.Field name="escalated">
          {(field) => <Checkbox label="Escalated" description="Someone must look at this call." checked={field.state.value} onCheckedChange={field.handleChange} className="sm:pt-6" />}
        </form.Field>
        <form.Subscribe selector={(state) => state.values.escalated}>
          {(escalated) => (
            <form.Field name="escalatedType">
              {(field) => (
                <SelectField
                  label="Escalation type"
                  error={errorOf('escalatedType', field.state.meta.errors)}
                  placeholder="No type"
                  options={escalationOptions}
                  value={field.state.value}
                  onValueChange={field.handleChange}
                  disabled={!escalated}
                />
              )}
            </form.Field>
          )}
        </form.Subscribe>
        <form.Field name="agentNotes">
          {(field) => <TextField field={field} label="Agent notes" multiline rows={5} error={errorOf('agentNotes', field.state.meta.errors)} className="sm:col-span-2" />}
        </form.Field>
      </div>
    </EditForm>
  );
}
