import { Link } from '@tanstack/react-router';
import type { MaskingStatus } from '../../../domain/masking.ts';
import { Empty } from '../../components/ui/description-list.tsx';
import { cn } from '../../lib/cn.ts';
import { useDateTimeFormat } from '../../lib/format.ts';

/** A session's status as staff read it. */
export const statusLabels: Record<MaskingStatus, string> = { active: 'Active', used: 'Used up', expired: 'Expired', ended: 'Ended' };

const statusDots: Record<MaskingStatus, string> = { active: 'bg-green-600', used: 'bg-amber-500', expired: 'bg-slate-400', ended: 'bg-slate-400' };

/** The status, with a dot that does not rely on colour alone (the word is always there). */
export function MaskingStatusLabel({ status }: { status: MaskingStatus }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span aria-hidden="true" className={cn('h-2 w-2 rounded-full', statusDots[status])} />
      {statusLabels[status]}
    </span>
  );
}

/** Why the link was not texted (the outbox's refusal: an opted-out number, not a US number…), or null when it was or is being texted. */
export const notTexted = (textStatus: string | null): string | null => (textStatus?.startsWith('not sent: ') ? textStatus.slice('not sent: '.length) : null);

/** A moment in the user's locale and time zone. */
export function When({ value }: { value: string | null }) {
  const format = useDateTimeFormat();
  return value ? <time dateTime={value}>{format(value)}</time> : <Empty />;
}

/**
 * The person a session is for, as a link to the person's page; in a list row it is out of the Tab
 * order (`inRow`): the row's one Tab stop is its link to the session, whose page links the person.
 */
export function PersonLink({ personId, personName, inRow = false }: { personId: string | null; personName: string | null; inRow?: boolean }) {
  if (!personId) return <Empty />;
  return (
    <Link
      to="/practice/persons/$personId"
      params={{ personId }}
      tabIndex={inRow ? -1 : undefined}
      className="text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300"
    >
      {personName ?? 'Person'}
    </Link>
  );
}
