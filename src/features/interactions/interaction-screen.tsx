import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useId, useState, type ReactNode } from 'react';
import type { Interaction, InteractionEvent, Party } from '../../../domain/interactions.ts';
import { interactionMessages } from '../../../domain/interaction-messages.ts';
import { Card, Empty } from '../../components/ui/description-list.tsx';
import { RecordLoad, RecordPage } from '../../components/ui/record-page.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useDateTimeFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/policy.ts';
import { useDeleteRecord, useEditMode } from '../../lib/record-detail.ts';
import { useStreamEvent } from '../../lib/stream-events.ts';
import { preferencesAtom } from '../../state/preferences.ts';
import { ChatTranscript, isChat } from './chat-transcript.tsx';
import { InteractionComments } from './comments.tsx';
import { InteractionEdit } from './interaction-form.tsx';
import { callerName, directionLabels, escalationLabels, phoneLabel, statusLabels } from './labels.ts';
import { interactionDeleteTarget, interactionKeys, interactionQuery } from './queries.ts';
import { RecordingPlayer } from './recording-player.tsx';
import { eventsShowingContactId, eventTypeLabel, groupEventsByDay, legDurationsOf, minutesSeconds, queuesOf } from './timeline.ts';


function InteractionNotFound() {
  return (
    <section data-not-found aria-labelledby="interaction-not-found" className="mx-auto flex max-w-3xl flex-col items-start gap-3 py-10">
      <h1 id="interaction-not-found" tabIndex={-1} className="text-2xl font-semibold">
        {interactionMessages.interactionNotFound}
      </h1>
      <Link to="/interactions" className="text-brand-700 underline dark:text-brand-300">
        Back to Interactions
      </Link>
    </section>
  );
}

/**
 * An interaction's page (also shown in the side panel): General, Durations, Participants, Queues,
 * Events, Comments. Live (issue 42): when the stream says this call changed (an edit elsewhere, a
 * masked call's legs arriving, a comment added, edited or deleted by anyone; '*' after a bulk
 * change), the page reads it and its comments again without a reload.
 */
export function InteractionScreen({ interactionId, actions }: { interactionId: string; actions?: ReactNode }) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  useStreamEvent('interaction', (id) => {
    // The detail's key is the prefix of its comments' key: both are read again.
    if (id === interactionId || id === '*') void queryClient.invalidateQueries({ queryKey: interactionKeys.detail(account, interactionId) });
  });
  const interaction = useQuery(interactionQuery(account, interactionId));
  return (
    <RecordLoad query={interaction} label="Loading interaction…" missing={<InteractionNotFound />}>
      {(data) => <InteractionDetail interaction={data} actions={actions} />}
    </RecordLoad>
  );
}

/**
 * The page's title: who called (or was called), the way a supervisor scans a call. A web chat's
 * visitor who gave no name: "Web chat: unnamed visitor" (issue 42; never "Unknown caller"; the "kind: who" shape kept).
 */
export const interactionTitle = (interaction: Interaction) => {
  if (isChat(interaction) && !interaction.patient?.name) return 'Web chat: unnamed visitor';
  const who = callerName({ type: interaction.type, patientName: interaction.patient?.name ?? null, contactNumber: interaction.patient?.contactNumber ?? null });
  const kind = isChat(interaction) ? 'Web chat' : `${directionLabels[interaction.direction] ?? interaction.direction} call`;
  return `${kind}: ${who === interaction.patient?.contactNumber ? phoneLabel(who) : who}`;
};

/** `actions`: header actions the route composes in from other features (Set up masked call). */
function InteractionDetail({ interaction, actions }: { interaction: Interaction; actions?: ReactNode }) {
  const edit = useEditMode();
  const account = useAccountKey();
  const format = useDateTimeFormat();
  const title = interactionTitle(interaction);
  const remove = useDeleteRecord(interactionDeleteTarget(account, { id: interaction.id, name: title }), {
    own: `/interactions/${interaction.id}`,
    list: '/interactions',
  });
  return (
    <RecordPage
      record={interaction}
      kind="Interaction"
      detailsTitle="General"
      idPrefix="interaction"
      title={title}
      description={
        <>
          <time dateTime={interaction.startTimestamp}>{format(interaction.startTimestamp)}</time>
          {interaction.durationSeconds !== null ? <span className="tabular-nums"> · {minutesSeconds(interaction.durationSeconds)}</span> : null}
        </>
      }
      back={{ to: '/interactions', label: 'Interactions' }}
      actions={actions}
      resource="/interactions/interactions"
      edit={edit}
      remove={remove}
      editForm={<InteractionEdit initial={interaction} onDone={edit.leaveEdit} />}
      items={[
        { label: 'Latest disposition', value: interaction.latestDisposition ?? <Empty /> },
        { label: 'Recordings', value: <span className="tabular-nums">{interaction.recordingsCount}</span> },
        { label: 'Status', value: statusLabels[interaction.status] ?? interaction.status },
        { label: 'Priority', value: interaction.priority.length > 0 ? interaction.priority.join(', ') : <Empty /> },
        {
          label: 'Escalation',
          value: interaction.escalated ? `Escalated${interaction.escalatedType ? `: ${escalationLabels[interaction.escalatedType] ?? interaction.escalatedType}` : ''}` : 'Not escalated',
        },
        { label: 'Type', value: directionLabels[interaction.direction] ?? interaction.direction },
        { label: 'Patient', value: <PartySummary party={interaction.patient} persons={interaction.patientPersons ?? []} /> },
        { label: 'Queue', value: interaction.queue?.queueName ?? <Empty /> },
        { label: 'Agent', value: interaction.agent ? <AgentName agent={interaction.agent} /> : <Empty /> },
        { label: 'Team', value: interaction.team?.name ?? <Empty /> },
        { label: 'Start', value: <time dateTime={interaction.startTimestamp}>{format(interaction.startTimestamp)}</time> },
        { label: 'End', value: interaction.endTimestamp ? <time dateTime={interaction.endTimestamp}>{format(interaction.endTimestamp)}</time> : <Empty /> },
        { label: 'Duration', value: <span className="tabular-nums">{minutesSeconds(interaction.durationSeconds)}</span> },
        { label: 'Agent notes', value: interaction.agentNotes ? <span className="whitespace-pre-wrap">{interaction.agentNotes}</span> : <Empty /> },
      ]}
    >
      {isChat(interaction) ? <ChatTranscript interactionId={interaction.id} /> : null}
      <Durations interaction={interaction} />
      <Participants interaction={interaction} />
      <Queues interaction={interaction} />
      <Events interaction={interaction} />
      <InteractionComments interactionId={interaction.id} />
    </RecordPage>
  );
}

const linkClass = 'text-brand-700 underline-offset-2 hover:underline dark:text-brand-100';

/**
 * The call's patient as the contact center named them, linked to the person their number belongs
 * to (issue 40; the server names them only to a role that may read persons): one person, the name
 * is the link; a number several persons share (a family), each of them after the name.
 */
function PartySummary({ party, persons }: { party: Party | null; persons: { id: string; name: string }[] }) {
  if (!party || (!party.name && !party.contactNumber)) return <Empty />;
  const only = persons.length === 1 ? persons[0]! : null;
  return (
    <span>
      {only ? (
        <Link to="/practice/persons/$personId" params={{ personId: only.id }} className={linkClass}>
          {party.name ?? only.name}
        </Link>
      ) : (
        (party.name ?? 'Unknown caller')
      )}
      {persons.length > 1 ? (
        <span>
          {' ('}
          {persons.map((person, index) => (
            <span key={person.id}>
              {index > 0 ? ', ' : ''}
              <Link to="/practice/persons/$personId" params={{ personId: person.id }} className={linkClass}>
                {person.name}
              </Link>
            </span>
          ))}
          {')'}
        </span>
      ) : null}
      {party.contactNumber ? <span className="whitespace-nowrap tabular-nums"> · {phoneLabel(party.contactNumber)}</span> : null}
      {party.dob ? <span className="whitespace-nowrap"> · born {party.dob}</span> : null}
    </span>
  );
}

/** The agent, linked to their user page when the caller may read users (issue 40). */
function AgentName({ agent }: { agent: { id: string | null; name: string } }) {
  const mayReadUsers = useCan('/person/users/{id}', 'GET');
  if (!agent.id || !mayReadUsers) return <>{agent.name}</>;
  return (
    <Link to="/practice/users/$personId" params={{ personId: agent.id }} className={linkClass}>
      {agent.name}
    </Link>
  );
}

/** A small table in a card: scrolls sideways on a phone rather than breaking numbers. */
function SectionTable({ label, headers, rows, empty }: { label: string; headers: string[]; rows: ReactNode[][]; empty: string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>;
  return (
    // Focusable: a table wider than a phone scrolls sideways, by keyboard too.
    <div tabIndex={0} role="group" aria-label={`${label} (scrolls sideways)`} className="overflow-x-auto rounded [overflow-wrap:normal] focus-visible:outline-2 focus-visible:outline-brand-600">
      <table aria-label={label} className="w-full border-collapse text-left text-sm">
        <thead className="border-b border-slate-200 dark:border-slate-700">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-2 py-1.5 font-semibold whitespace-nowrap text-slate-700 dark:text-slate-200">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-b border-slate-100 last:border-b-0 dark:border-slate-800">
              {row.map((cell, c) => (
                <td key={c} className="px-2 py-1.5 whitespace-nowrap tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Durations({ interaction }: { interaction: Interaction }) {
  const id = useId();
  const legs = legDurationsOf(interaction);
  return (
    <Card title="Durations" titleId={`${id}-durations`}>
      <SectionTable
        label="Durations per leg"
        headers={['Leg', 'Queue', 'Total', 'Waiting', 'Talking', 'After-call work']}
        rows={legs.map((leg) => [leg.leg, leg.queueName ?? '—', minutesSeconds(leg.total), minutesSeconds(leg.wait), minutesSeconds(leg.talk), minutesSeconds(leg.afterContactWork)])}
        empty="No legs recorded."
      />
    </Card>
  );
}

const roleLabels: Record<string, string> = { patient: 'Patient', agent: 'Agent', supervisor: 'Supervisor', external: 'External', system: 'System' };

function Participants({ interaction }: { interaction: Interaction }) {
  const id = useId();
  return (
    <Card title="Participants" titleId={`${id}-participants`}>
      <SectionTable
        label="Participants"
        headers={['Role', 'Name', 'Number', 'Legs']}
        rows={interaction.participants.map((p) => [roleLabels[p.role] ?? p.role, p.name ?? '—', phoneLabel(p.contactNumber), p.legs.join(', ') || '—'])}
        empty="No participants recorded."
      />
    </Card>
  );
}

function Queues({ interaction }: { interaction: Interaction }) {
  const id = useId();
  const format = useDateTimeFormat();
  const visits = queuesOf(interaction);
  return (
    <Card title="Queues" titleId={`${id}-queues`}>
      <SectionTable
        label="Queues"
        headers={['Queue', 'Leg', 'Entered', 'Waited']}
        rows={visits.map((visit) => [visit.queueName, visit.leg, format(visit.enqueuedTimestamp), minutesSeconds(visit.waitSeconds)])}
        empty="The call went through no queue."
      />
    </Card>
  );
}

const dayFormat = (locale: string | null, timeZone: string | null) =>
  new Intl.DateTimeFormat(locale ?? undefined, { dateStyle: 'full', timeZone: timeZone ?? undefined });

function Events({ interaction }: { interaction: Interaction }) {
  const id = useId();
  const { locale, timeZone } = useAtomValue(preferencesAtom);
  const days = groupEventsByDay(interaction.events, timeZone ?? undefined);
  const showsContactId = eventsShowingContactId(days.flatMap((day) => day.events));
  const dayLabel = dayFormat(locale, timeZone);
  return (
    <Card title="Events" titleId={`${id}-events`}>
      {days.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-300">No events recorded.</p> : null}
      <div className="flex flex-col gap-5">
        {days.map((day) => (
          <section key={day.day} aria-labelledby={`${id}-${day.day}`}>
            <h3 id={`${id}-${day.day}`} className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
              {dayLabel.format(new Date(day.events[0]!.startTimestamp))}
            </h3>
            <ol className="flex flex-col gap-2 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
              {day.events.map((event) => (
                <EventItem key={event.id} interactionId={interaction.id} event={event} showContactId={showsContactId.has(event.id)} />
              ))}
            </ol>
          </section>
        ))}
      </div>
    </Card>
  );
}

const timeOnly = (locale: string | null, timeZone: string | null) =>
  new Intl.DateTimeFormat(locale ?? undefined, { timeStyle: 'medium', timeZone: timeZone ?? undefined });

/**
 * One event: time, type, leg, what it says in a line, its raw details behind a disclosure, and its
 * recordings. The leg's contact id is said, labelled, on the leg's first event only (`showContactId`).
 */
function EventItem({ interactionId, event, showContactId }: { interactionId: string; event: InteractionEvent; showContactId: boolean }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const { locale, timeZone } = useAtomValue(preferencesAtom);
  // Each part on one line of its own when the line is short (a phone): a contact id is never broken at its hyphens.
  const summary = [event.queueName ? `Queue ${event.queueName}` : null, event.agentName ? `Agent ${event.agentName}` : null, event.disposition ? `Disposition ${event.disposition}` : null, showContactId ? `Contact id of leg ${event.leg}: ${event.contactSource}` : null].filter(
    (part): part is string => Boolean(part),
  );
  const recordings = event.recordings ?? [];
  return (
    <li className="flex flex-col gap-1">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <time dateTime={event.startTimestamp} className="text-sm whitespace-nowrap tabular-nums text-slate-600 dark:text-slate-300">
          {timeOnly(locale, timeZone).format(new Date(event.startTimestamp))}
        </time>
        <span className="font-medium">{eventTypeLabel(event.type)}</span>
        <span className="rounded bg-slate-100 px-1.5 text-xs whitespace-nowrap text-slate-700 dark:bg-slate-800 dark:text-slate-200">Leg {event.leg}</span>
        {event.duration > 0 ? <span className="text-sm whitespace-nowrap tabular-nums">{minutesSeconds(event.duration)}</span> : null}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen(!open)}
          className="rounded text-sm text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300"
        >
          <span aria-hidden="true" className="mr-0.5 inline-block w-3">
            {open ? '▾' : '▸'}
          </span>
          Details
          <span className="sr-only"> of {eventTypeLabel(event.type)} at {timeOnly(locale, timeZone).format(new Date(event.startTimestamp))}</span>
        </button>
      </div>
      {summary.length > 0 ? (
        <p className="flex flex-wrap gap-x-1.5 text-sm text-slate-700 dark:text-slate-300">
          {summary.map((part, index) => (
            <span key={index} className="whitespace-nowrap">
              {index > 0 ? '· ' : ''}
              {part}
            </span>
          ))}
        </p>
      ) : null}
      <div id={detailsId} hidden={!open}>
        {open ? (
          <pre className="max-h-80 overflow-auto rounded bg-slate-50 p-3 text-xs whitespace-pre [overflow-wrap:normal] dark:bg-slate-800">{JSON.stringify(event.details, null, 2)}</pre>
        ) : null}
      </div>
      {recordings.map((recording, index) => (
        <RecordingPlayer
          key={recording.path}
          interactionId={interactionId}
          eventId={event.id}
          recording={recording}
          label={`Recording ${recordings.length > 1 ? `${index + 1} ` : ''}of leg ${event.leg}`}
        />
      ))}
    </li>
  );
}
