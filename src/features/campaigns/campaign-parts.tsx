import type { ReactNode } from 'react';
import type { CampaignStatus } from '../../../domain/campaigns.ts';
import { Empty } from '../../components/ui/description-list.tsx';
import { cn } from '../../lib/cn.ts';
import { useDateTimeFormat } from '../../lib/format.ts';

/** A timestamp in the user's locale and time zone; none shows as empty. */
export function When({ at }: { at: string | null }) {
  const format = useDateTimeFormat();
  if (!at) return <Empty />;
  return (
    <time dateTime={at} className="whitespace-nowrap">
      {format(at)}
    </time>
  );
}

const statusLabels: Record<CampaignStatus, string> = { running: 'Running', ended: 'Ended' };

/** The campaign's status, in words and with a dot that does not rely on colour alone. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span aria-hidden="true" className={cn('h-2 w-2 rounded-full', status === 'running' ? 'bg-green-600' : 'bg-slate-400')} />
      {statusLabels[status]}
    </span>
  );
}

/** Survey Type choices of the form and how a campaign's type reads (spec §2: thumbs or three). */
export const surveyTypeLabels = { thumbs: 'Thumbs up / down', three: 'Good / Neutral / Bad' } as const;

/** A campaign page whose record is missing: the spec's text as the screen's heading, and the way back. */
export function MissingRecord({ text, back }: { text: string; back: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-6 py-16 text-center">
      <h1 className="text-2xl font-semibold" tabIndex={-1}>
        {text}
      </h1>
      <p className="mt-4">{back}</p>
    </section>
  );
}

/** The link back to the campaigns list (or another campaign page) above a campaign screen. */
export const backLinkClass = 'text-brand-700 hover:underline dark:text-brand-300';
