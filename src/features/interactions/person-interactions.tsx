import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { Card } from '../../components/ui/description-list.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useDateTimeFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/policy.ts';
import { useStreamEvent } from '../../lib/stream-events.ts';
import { directionLabels, phoneLabel, statusLabels } from './labels.ts';
import { interactionKeys, personInteractionsQuery } from './queries.ts';
import { minutesSeconds } from './timeline.ts';

/** The person's calls, newest first (found by their phone contact points), each a link to the call. Only for roles that may read interactions. */
export function PersonInteractions({ personId }: { personId: string }) {
  const mayRead = useCan('/interactions/interactions', 'GET');
  return mayRead ? <PersonInteractionsList personId={personId} /> : null;
}

/**
 * Live (issue 42): when the stream says a call was added or changed (it does not say whose), the
 * person's calls are read again, as the Interactions list is.
 */
function PersonInteractionsList({ personId }: { personId: string }) {
  const id = useId();
  const account = useAccountKey();
  const queryClient = useQueryClient();
  useStreamEvent('interaction', () => {
    void queryClient.invalidateQueries({ queryKey: interactionKeys.person(account, personId) });
  });
  const calls = useQuery(personInteractionsQuery(account, personId));
  const format = useDateTimeFormat();
  const total = calls.data?.total ?? 0;
  return (
    <Card title="Interactions" titleId={`${id}-interactions`}>
      {calls.isPending ? <p className="text-sm text-slate-600 dark:text-slate-300">Loading interactions…</p> : null}
      {calls.isError ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          The interactions could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void calls.refetch()}>
            Retry
          </button>
        </p>
      ) : null}
      {calls.data && calls.data.items.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-300">No calls with this person's numbers.</p> : null}
      {calls.data && calls.data.items.length > 0 ? (
        <>
          <ul aria-label="Interactions of this person" className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
            {calls.data.items.map((call) => (
              <li key={call.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
                <Link to="/interactions/$interactionId" params={{ interactionId: call.id }} className="font-medium whitespace-nowrap text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                  <time dateTime={call.startTimestamp}>{format(call.startTimestamp)}</time>
                </Link>
                <span className="whitespace-nowrap">{directionLabels[call.direction] ?? call.direction}</span>
                <span className="whitespace-nowrap tabular-nums">{phoneLabel(call.contactNumber)}</span>
                <span className="whitespace-nowrap">{call.queue?.queueName ?? '—'}</span>
                <span className="whitespace-nowrap tabular-nums">{minutesSeconds(call.durationSeconds)}</span>
                <span className="whitespace-nowrap">{statusLabels[call.status] ?? call.status}</span>
                {call.latestDisposition ? <span className="whitespace-nowrap">{call.latestDisposition}</span> : null}
              </li>
            ))}
          </ul>
          {total > calls.data.items.length ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              The {calls.data.items.length} newest of {total} calls.
            </p>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
