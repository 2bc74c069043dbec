import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState, type RefObject } from 'react';
import { webhookEventLabels, type WebhookDelivery, type WebhookEndpoint, type WebhookEndpointWithSecret } from '../../../domain/webhooks.ts';
import { Button } from '../../components/ui/button.tsx';
import { conflictRows } from '../../components/ui/conflict-notice.tsx';
import { ConfirmDeleteDialog, DeleteButton } from '../../components/ui/delete.tsx';
import { Card, DescriptionList, Empty } from '../../components/ui/description-list.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FieldError, Input } from '../../components/ui/field.tsx';
import { PageHeader, YesNo } from '../../components/ui/page-header.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { RecordById } from '../../components/ui/record-page.tsx';
import { useRecordStamps } from '../../components/ui/record-stamps.tsx';
import { Token } from '../../components/ui/token.tsx';
import { useVersionedSave } from '../../components/ui/versioned-save.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { saveFailure } from '../../lib/form.ts';
import { useDateTimeFormat } from '../../lib/format.ts';
import { useEditMode } from '../../lib/record-detail.ts';
import { useToast } from '../../lib/toast.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { toWebhookBody, toWebhookValues, webhookConflictFields, WebhookForm, type WebhookValues } from './webhook-form.tsx';
import { WebhookSecretOnce } from './webhook-secret.tsx';
import { useDeleteWebhook, useResendWebhook, useRotateWebhookSecret, useUpdateWebhook, webhookDeliveriesQuery, webhookQuery } from './queries.ts';

/** A webhook endpoint's page (also in the side panel): its settings, its secret's rotation, its delivery log and resends. */
export function WebhookScreen({ webhookId }: { webhookId: string }) {
  return <RecordById query={webhookQuery} id={webhookId} label="Loading webhook endpoint…">{(data) => <WebhookDetail endpoint={data} />}</RecordById>;
}

function WebhookDetail({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { editing, editButton, startEditing, leaveEdit } = useEditMode();
  const stamps = useRecordStamps(endpoint);
  const format = useDateTimeFormat();
  const [rotated, setRotated] = useState<WebhookEndpointWithSecret | null>(null);
  // The new secret's heading takes the focus from the rotate dialog; Done gives it back to Rotate secret.
  const secretHeading = useRef<HTMLHeadingElement>(null);
  const rotateButton = useRef<HTMLButtonElement>(null);
  const handleSecretDone = () => {
    setRotated(null);
    rotateButton.current?.focus();
  };
  const titleId = `webhook-${endpoint.id}-title`;
  const state = endpoint.active ? 'Active: events are sent to it as they happen.' : (endpoint.disabledReason ? `Turned off: ${endpoint.disabledReason}.` : 'Inactive: it is sent nothing.');

  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={<span className="break-all">{endpoint.url}</span>}
        description={state}
        back={
          <Link to="/system/webhooks" className="text-brand-700 hover:underline dark:text-brand-300">
            <span aria-hidden="true">← </span>Webhooks
          </Link>
        }
        actions={
          editing ? null : (
            <>
              <Permitted requires={{ resource: '/webhooks', method: 'DELETE' }}>
                <DeleteWebhook endpoint={endpoint} />
              </Permitted>
              <Permitted requires={{ resource: '/webhooks', method: 'PATCH' }}>
                <RotateSecret endpoint={endpoint} onRotated={setRotated} button={rotateButton} shown={secretHeading} />
              </Permitted>
              <Permitted requires={{ resource: '/webhooks', method: 'PATCH' }}>
                <Button ref={editButton} onClick={startEditing}>
                  Edit
                </Button>
              </Permitted>
            </>
          )
        }
      />
      {rotated ? <WebhookSecretOnce endpoint={rotated} title="Signing secret rotated" onDone={handleSecretDone} headingRef={secretHeading} /> : null}
      {editing ? (
        <WebhookEdit initial={endpoint} onDone={leaveEdit} />
      ) : (
        <Card title="Endpoint" titleId={`${titleId}-details`}>
          <DescriptionList
            items={[
              { label: 'Id', value: <Token value={endpoint.id} label="Id" /> },
              { label: 'URL', value: <span className="break-all">{endpoint.url}</span> },
              { label: 'Description', value: endpoint.description ?? <Empty /> },
              { label: 'Events', value: endpoint.events.map((type) => webhookEventLabels[type]).join(', ') },
              { label: 'Active', value: <YesNo value={endpoint.active} /> },
              ...(endpoint.disabledReason ? [{ label: 'Turned off because', value: endpoint.disabledReason }] : []),
              ...(endpoint.failingSince ? [{ label: 'Failing since', value: format(endpoint.failingSince) }] : []),
              { label: 'Signing secret', value: <span className="font-mono text-xs">{endpoint.secretHint}</span> },
              ...(endpoint.previousSecretExpiresAt ? [{ label: 'Previous secret signs until', value: format(endpoint.previousSecretExpiresAt) }] : []),
              ...stamps,
            ]}
          />
        </Card>
      )}
      <DeliveryLog endpoint={endpoint} />
    </article>
  );
}

/** Edit mode: a save names the version it edited; a 409 shows the conflict notice instead of overwriting. */
function WebhookEdit({ initial, onDone }: { initial: WebhookEndpoint; onDone(): void }) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  const toast = useToast();
  const update = useUpdateWebhook(initial.id);
  const { base, notice, submit } = useVersionedSave({
    initial,
    save: (values: WebhookValues, version) => update.mutateAsync({ version, ...toWebhookBody(values) }),
    fetchCurrent: () => queryClient.fetchQuery({ ...webhookQuery(account, initial.id), staleTime: 0 }),
    onSaved: async () => {
      toast('success', 'Webhook endpoint saved.');
      onDone();
    },
    conflictRows: (mine, current) => conflictRows(webhookConflictFields, mine, toWebhookValues(current)),
    saving: update.isPending,
  });
  return <WebhookForm key={base.version} label="Edit webhook endpoint" submitLabel="Save" defaultValues={toWebhookValues(base)} onSubmit={submit} onCancel={onDone} notice={notice} focusFirstField />;
}

/** `shown`: the new secret's heading, which keeps the focus when the dialog closes on success (a cancel gives it back to the button). */
function RotateSecret({ endpoint, onRotated, button, shown }: { endpoint: WebhookEndpoint; onRotated(rotated: WebhookEndpointWithSecret): void; button: RefObject<HTMLButtonElement | null>; shown: RefObject<HTMLElement | null> }) {
  const [open, setOpen] = useState(false);
  // Read when the dialog closes (after the render that closed it): whether that close was the rotation's.
  const rotatedNow = useRef(false);
  const rotate = useRotateWebhookSecret(endpoint.id);
  const toast = useToast();
  const handleRotate = async () => {
    try {
      const rotated = await rotate.mutateAsync();
      rotatedNow.current = true;
      setOpen(false);
      onRotated(rotated);
    } catch (error) {
      toast('error', saveFailure(error));
    }
  };
  return (
    <>
      <Button
        ref={button}
        variant="secondary"
        onClick={() => {
          rotatedNow.current = false;
          setOpen(true);
        }}
      >
        Rotate secret
      </Button>
      <Dialog open={open} onOpenChange={setOpen} finalFocus={() => (rotatedNow.current ? shown.current : null)} title="Rotate the signing secret?" description="A new secret signs every event from now on; the current one keeps signing beside it for 24 hours, so your receiver can switch without losing an event.">
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button pending={rotate.isPending} onClick={() => void handleRotate()}>
            Rotate secret
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function DeleteWebhook({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteWebhook(endpoint.id);
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname, closePanel } = useWorkspace();
  const handleDelete = async () => {
    try {
      await remove.mutateAsync();
    } catch (error) {
      toast('error', saveFailure(error));
      return;
    }
    setOpen(false);
    toast('success', 'Webhook endpoint deleted.');
    if (pathname === `/system/webhooks/${endpoint.id}`) await navigate({ to: '/system/webhooks' });
    else closePanel();
  };
  return (
    <>
      <DeleteButton onClick={() => setOpen(true)} />
      <ConfirmDeleteDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this webhook endpoint?"
        description="It is sent nothing more, and its delivery log goes with it. This cannot be undone."
        confirmLabel="Delete endpoint"
        pending={remove.isPending}
        onConfirm={() => void handleDelete()}
      />
    </>
  );
}

const statusLabels: Record<WebhookDelivery['status'], string> = { pending: 'Waiting', succeeded: 'Delivered', failed: 'Failed' };

/** The latest events sent to the endpoint, each with its attempts (time, status code, duration, error), and resends. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const account = useAccountKey();
  const deliveries = useQuery(webhookDeliveriesQuery(account, endpoint.id));
  const format = useDateTimeFormat();
  const resend = useResendWebhook(endpoint.id);
  const toast = useToast();
  const titleId = `webhook-${endpoint.id}-log`;
  const handleResend = async (body: { eventId: string } | { from: string; to: string }) => {
    try {
      const { resent } = await resend.mutateAsync(body);
      toast('success', resent === 1 ? 'The event will be sent again.' : `${resent} events will be sent again.`);
    } catch (error) {
      toast('error', saveFailure(error));
    }
  };
  return (
    <Card
      title="Delivery log"
      titleId={titleId}
      actions={
        <>
          <Button variant="secondary" pending={deliveries.isFetching} onClick={() => void deliveries.refetch()}>
            Refresh
          </Button>
          <Permitted requires={{ resource: '/webhooks', method: 'POST' }}>
            <ResendRange onResend={handleResend} pending={resend.isPending} />
          </Permitted>
        </>
      }
    >
      {deliveries.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Loading the delivery log…</p>
      ) : deliveries.isError ? (
        <p className="text-sm text-red-700 dark:text-red-400">
          The delivery log could not be loaded.{' '}
          <Button variant="secondary" onClick={() => void deliveries.refetch()}>
            Try again
          </Button>
        </p>
      ) : deliveries.data.items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No events yet.</p>
      ) : (
        <ol aria-labelledby={titleId} className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700">
          {deliveries.data.items.map((delivery) => (
            <li key={delivery.eventId} className="flex flex-col gap-1 py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="text-sm">
                  <span className="font-medium">{webhookEventLabels[delivery.type]}</span> <code className="text-xs">{delivery.type}</code>
                  <span className="text-slate-600 dark:text-slate-300"> · {format(delivery.createdAt)} · </span>
                  <span className="font-medium">{statusLabels[delivery.status]}</span>
                  {delivery.status === 'pending' && delivery.nextAttemptAt ? <span className="text-slate-600 dark:text-slate-300"> (next attempt {format(delivery.nextAttemptAt)})</span> : null}
                </p>
                <Permitted requires={{ resource: '/webhooks', method: 'POST' }}>
                  <Button variant="secondary" aria-label={`Resend ${webhookEventLabels[delivery.type]} of ${format(delivery.createdAt)}`} onClick={() => void handleResend({ eventId: delivery.eventId })}>
                    Resend
                  </Button>
                </Permitted>
              </div>
              <p className="font-mono text-xs break-all text-slate-600 dark:text-slate-300">
                Event {delivery.eventId} · record {delivery.recordId}
              </p>
              {delivery.log.length > 0 ? (
                <table className="mt-1 w-full text-left text-xs">
                  <caption className="sr-only">Attempts of this event</caption>
                  <thead>
                    <tr className="text-slate-600 dark:text-slate-300">
                      <th scope="col" className="py-1 pr-3 font-medium">
                        Time
                      </th>
                      <th scope="col" className="py-1 pr-3 font-medium">
                        Status code
                      </th>
                      <th scope="col" className="py-1 pr-3 font-medium">
                        Duration
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        Error
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {delivery.log.map((attempt) => (
                      <tr key={attempt.at}>
                        <td className="py-0.5 pr-3">{format(attempt.at)}</td>
                        <td className="py-0.5 pr-3">{attempt.statusCode ?? '—'}</td>
                        <td className="py-0.5 pr-3">{attempt.durationMs} ms</td>
                        <td className="py-0.5">{attempt.error ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** Resend every event of a time range (in the user's own time, sent as instants). */
function ResendRange({ onResend, pending }: { onResend(body: { from: string; to: string }): Promise<void>; pending: boolean }) {
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const handleSubmit = async () => {
    const start = new Date(from);
    const end = new Date(to);
    if (!from || !to || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return setError('From and To are required');
    if (start >= end) return setError('From must be before To');
    setError(null);
    await onResend({ from: start.toISOString(), to: end.toISOString() });
    setOpen(false);
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Resend a time range
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Resend a time range" description="Every event of the range that was meant for this endpoint is sent again, with its own webhook-id.">
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void handleSubmit();
          }}
        >
          <label htmlFor={`${id}-from`} className="text-sm font-medium">
            From
          </label>
          <Input id={`${id}-from`} type="datetime-local" value={from} onChange={(event) => setFrom(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
          <label htmlFor={`${id}-to`} className="text-sm font-medium">
            To
          </label>
          <Input id={`${id}-to`} type="datetime-local" value={to} onChange={(event) => setTo(event.target.value)} />
          <FieldError id={`${id}-error`} error={error} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" pending={pending}>
              Resend events
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
