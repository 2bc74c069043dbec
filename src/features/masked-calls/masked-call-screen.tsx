import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { messages } from '../../../domain/messages.ts';
import type { MaskingSession } from '../../../domain/masking.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDeleteDialog } from '../../components/ui/delete.tsx';
import { Card, DescriptionList, Empty } from '../../components/ui/description-list.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { RecordById } from '../../components/ui/record-page.tsx';
import { Token, useCopyValue } from '../../components/ui/token.tsx';
import { ApiRequestError } from '../../lib/api.ts';
import { phoneLabel } from '../../lib/format.ts';
import { useToast } from '../../lib/toast.ts';
import { MaskingStatusLabel, notTexted, PersonLink, When } from './parts.tsx';
import { maskedCallQuery, useEndMaskedCall } from './queries.ts';

/** A masked call's page: who it is for, its line and limits, the link to give the patient, and End session. */
export function MaskedCallScreen({ sessionId }: { sessionId: string }) {
  return <RecordById query={maskedCallQuery} id={sessionId} label="Loading masked call…">{(data) => <MaskedCallDetail session={data} />}</RecordById>;
}

const textStatusLabel = (status: string | null) =>
  status === null ? 'Not texted: the link is shared by staff' : status === 'sent' ? 'Texted to the patient' : status === 'sending' ? 'Sending…' : notTexted(status) ? `Not texted. ${notTexted(status)}` : status;

function MaskedCallDetail({ session }: { session: MaskingSession }) {
  const titleId = `masked-call-${session.id}-title`;
  const copy = useCopyValue();
  const toast = useToast();
  const end = useEndMaskedCall(session.id);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const handleEnd = async () => {
    setRefusal(null);
    try {
      await end.mutateAsync();
    } catch (error) {
      setRefusal(error instanceof ApiRequestError ? error.message : messages.serverError);
      return;
    }
    // The End button goes with the active status: the shell gives focus to the heading (route-focus's rescue).
    setConfirming(false);
    toast('success', 'Masked call ended: its link no longer starts a call.');
  };

  // A number is one word: on a phone it moves to the next line whole instead of breaking at its hyphen.
  const title = <>Masked call for {session.personName ?? <span className="whitespace-nowrap">{phoneLabel(session.patientNumber)}</span>}</>;
  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={title}
        description={<MaskingStatusLabel status={session.status} />}
        back={
          <Link to="/practice/masked-calls" className="text-brand-700 hover:underline dark:text-brand-300">
            <span aria-hidden="true">← </span>
            Masked calls
          </Link>
        }
        actions={
          session.status === 'active' ? (
            <Permitted requires={{ resource: '/call_masking/sessions/{id}', method: 'PATCH' }}>
              <Button variant="dangerOutline" onClick={() => setConfirming(true)}>
                End session
              </Button>
            </Permitted>
          ) : null
        }
      />

      <Card title="Link for the patient" titleId={`${titleId}-link`}>
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
          The patient opens it to have the practice call them back. It shows neither the patient&rsquo;s number nor the practice&rsquo;s own line.
        </p>
        {/* One line, never broken (CONVENTIONS: a value copied as a whole): cut with an ellipsis on a phone, whole in its title and in Copy link. */}
        <div className="flex flex-wrap items-center gap-2">
          <code title={session.link} className="min-w-0 max-w-full truncate rounded bg-slate-100 px-2 py-1 text-sm dark:bg-slate-800" data-testid="masking-link">
            {session.link}
          </code>
          <Button variant="secondary" onClick={() => void copy(session.link, 'Link')}>
            Copy link
          </Button>
        </div>
      </Card>

      <Card title="Masked call" titleId={`${titleId}-details`}>
        <DescriptionList
          items={[
            { label: 'Status', value: <MaskingStatusLabel status={session.status} /> },
            { label: 'Person', value: <PersonLink personId={session.personId} personName={session.personName} /> },
            { label: 'Patient number', value: phoneLabel(session.patientNumber) },
            { label: 'Practice line', value: session.practiceContactPointName },
            { label: 'Calls the patient from', value: phoneLabel(session.callerNumber) },
            { label: 'Calls', value: `${session.callsUsed} of ${session.maxCalls} used` },
            { label: 'Expires', value: <When value={session.expiresAt} /> },
            { label: 'Call time limit', value: `${session.callTimeLimitMinutes} minutes` },
            { label: 'Ring time', value: `${session.ringTimeoutSeconds} seconds` },
            { label: 'Text', value: textStatusLabel(session.textStatus) },
            { label: 'Ended', value: session.endedAt ? <span>{session.endedBy ? <>{session.endedBy}, </> : null}<When value={session.endedAt} /></span> : <Empty /> },
            { label: 'Set up', value: <span>{session.createdBy}, <When value={session.createdTimestamp} /></span> },
            { label: 'Id', value: <Token value={session.id} label="Id" /> },
          ]}
        />
      </Card>

      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) setRefusal(null);
        }}
        title="End this masked call?"
        description="Its link stops working at once: the patient can no longer start a call with it. This cannot be undone."
        refusal={refusal}
        confirmLabel="End session"
        pending={end.isPending}
        onConfirm={() => void handleEnd()}
      />
    </article>
  );
}
