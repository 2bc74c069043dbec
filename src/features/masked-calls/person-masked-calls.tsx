import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { Card } from '../../components/ui/description-list.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useCan } from '../../lib/policy.ts';
import { phoneLabel } from '../../lib/format.ts';
import { MaskingStatusLabel, When } from './parts.tsx';
import { personMaskedCallsQuery } from './queries.ts';

/**
 * A person's masked call links on their page (issue 42), newest first: each named by when it was
 * set up, a link to the session's page, with its practice line, state, and when it ends. Only
 * for roles that may read the practice's sessions.
 */
export function PersonMaskedCalls({ personId }: { personId: string }) {
  const mayRead = useCan('/call_masking/sessions', 'GET');
  return mayRead ? <PersonMaskedCallsList personId={personId} /> : null;
}

function PersonMaskedCallsList({ personId }: { personId: string }) {
  const id = useId();
  const sessions = useQuery(personMaskedCallsQuery(useAccountKey(), personId));
  return (
    <Card title="Masked calls" titleId={`${id}-masked-calls`}>
      {sessions.isPending ? <p className="text-sm text-slate-600 dark:text-slate-300">Loading masked calls…</p> : null}
      {sessions.isError ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          The masked calls could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void sessions.refetch()}>
            Retry
          </button>
        </p>
      ) : null}
      {sessions.data && sessions.data.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-300">No masked call links for this person.</p> : null}
      {sessions.data && sessions.data.length > 0 ? (
        <ul aria-label="Masked calls of this person" className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
              <Link
                to="/practice/masked-calls/$sessionId"
                params={{ sessionId: session.id }}
                className="font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300"
              >
                <When value={session.createdTimestamp} />
              </Link>
              <span>{session.practiceContactPointName}</span>
              <span className="whitespace-nowrap tabular-nums">{phoneLabel(session.patientNumber)}</span>
              <MaskingStatusLabel status={session.status} />
              <span className="whitespace-nowrap">
                {session.status === 'ended' && session.endedAt ? 'Ended' : 'Ends'} <When value={session.status === 'ended' && session.endedAt ? session.endedAt : session.expiresAt} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
