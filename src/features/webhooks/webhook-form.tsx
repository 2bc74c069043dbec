import { useId } from 'react';
import { webhookEndpointCreateSchema, webhookEventLabels, webhookEventTypes, type WebhookEndpoint, type WebhookEventType } from '../../../domain/webhooks.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { EditForm } from '../../components/ui/edit-form.tsx';
import { FieldError, TextField } from '../../components/ui/field.tsx';
import { useRecordForm, type RecordFormProps } from '../../lib/record-form.ts';

export type WebhookValues = { url: string; description: string; events: WebhookEventType[]; active: boolean };

export const emptyWebhook: WebhookValues = { url: '', description: '', events: [], active: true };

export const toWebhookValues = (endpoint: WebhookEndpoint): WebhookValues => ({ url: endpoint.url, description: endpoint.description ?? '', events: endpoint.events, active: endpoint.active });

/** The body the API takes from the form's values. */
export const toWebhookBody = (values: WebhookValues) => ({ url: values.url, description: values.description, events: values.events, active: values.active });

/** How each field reads in the conflict notice. */
export const webhookConflictFields: { label: string; show(v: WebhookValues): string }[] = [
  { label: 'URL', show: (v) => v.url },
  { label: 'Description', show: (v) => v.description || '—' },
  { label: 'Events', show: (v) => v.events.map((type) => webhookEventLabels[type]).join(', ') || '—' },
  { label: 'Active', show: (v) => (v.active ? 'Yes' : 'No') },
];

type WebhookFormProps = RecordFormProps<WebhookValues> & { submitLabel: string };

/** URL, description, the events it is sent, and whether it is active. */
export function WebhookForm({ label, defaultValues, onSubmit, onCancel, submitLabel, notice = null, focusFirstField = false }: WebhookFormProps) {
  const { form, failure, dirty, submitting, errorOf, firstField } = useRecordForm({
    defaultValues,
    schema: webhookEndpointCreateSchema(),
    toBody: toWebhookBody,
    onSubmit,
    focusFirstField,
  });
  const eventsId = useId();

  return (
    <EditForm label={label} onSubmit={form.handleSubmit} dirty={dirty} submitting={submitting} notice={notice} failure={failure} onCancel={onCancel} submitLabel={submitLabel}>
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
        <form.Field name="url">
          {(field) => (
            <TextField
              field={field}
              label="URL"
              required
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              hint="Where the events are sent: an https:// address of your system, reachable from the internet."
              error={errorOf('url', field.state.meta.errors)}
              inputRef={firstField}
            />
          )}
        </form.Field>
        <form.Field name="description">
          {(field) => <TextField field={field} label="Description" multiline rows={2} hint="What receives them, e.g. “EHR sync”." error={errorOf('description', field.state.meta.errors)} />}
        </form.Field>
        <form.Field name="events">
          {(field) => {
            const error = errorOf('events', field.state.meta.errors);
            const toggle = (type: WebhookEventType, on: boolean) => field.handleChange(on ? [...field.state.value, type] : field.state.value.filter((t) => t !== type));
            return (
              <fieldset aria-invalid={error ? true : undefined} aria-describedby={error ? `${eventsId}-error` : undefined} className="flex min-w-0 flex-col gap-2">
                <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
                  Events
                  <span className="ml-0.5 text-red-700 dark:text-red-400" aria-hidden="true">
                    *
                  </span>
                </legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {webhookEventTypes.map((type) => (
                    <Checkbox
                      key={type}
                      label={webhookEventLabels[type]}
                      description={<code>{type}</code>}
                      checked={field.state.value.includes(type)}
                      onCheckedChange={(on) => toggle(type, on)}
                      onBlur={field.handleBlur}
                    />
                  ))}
                </div>
                <FieldError id={`${eventsId}-error`} error={error} />
              </fieldset>
            );
          }}
        </form.Field>
        <form.Field name="active">
          {(field) => <Checkbox label="Active" description="An inactive endpoint is sent nothing; its events wait until it is active again." checked={field.state.value} onCheckedChange={field.handleChange} />}
        </form.Field>
      </div>
    </EditForm>
  );
}
