import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { Campaign, CampaignTimeline } from '../../../domain/campaigns.ts';
import { messages } from '../../../domain/messages.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Card, DescriptionList, Empty } from '../../components/ui/description-list.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { useToast } from '../../lib/toast.ts';
import { RecordById } from '../../components/ui/record-page.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useDayFormat } from '../../lib/format.ts';
import { backLinkClass, CampaignStatusBadge, MissingRecord, surveyTypeLabels, When } from './campaign-parts.tsx';
import { campaignQuery, campaignTimelineQuery } from './queries.ts';
import { Token } from '../../components/ui/token.tsx';

// chart.js comes with this screen only, not with the portal's first screen.
const AnswersChart = lazy(() => import('./answers-chart.tsx'));

const toList = (
  <Link to="/campaigns" className={backLinkClass}>
    <span aria-hidden="true">← </span>Campaigns
  </Link>
);

/** A campaign's page (also in the side panel): its settings, counts, public link and answers over time. */
export function CampaignScreen({ campaignId }: { campaignId: string }) {
  return <RecordById query={campaignQuery} id={campaignId} label="Loading campaign…" missing={<MissingRecord text={messages.campaignNotFound} back={toList} />}>{(data) => <CampaignDetail campaign={data} />}</RecordById>;
}

function CampaignDetail({ campaign }: { campaign: Campaign }) {
  const titleId = `campaign-${campaign.id}-title`;
  const counts = [
    { label: 'Requests', value: campaign.requestCount },
    { label: 'Reached', value: campaign.reachedCount },
    { label: 'Completed', value: campaign.completedCount },
    { label: 'Responses', value: campaign.responseCount },
  ];
  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={campaign.name}
        description={campaign.description ?? undefined}
        back={toList}
        actions={
          <>
            <Link className={buttonClass('secondary')} to="/campaigns/campaign/$campaignId/results" params={{ campaignId: campaign.id }}>
              Results
            </Link>
            <Permitted requires={{ resource: '/surveys/campaigns/{id}', method: 'PATCH' }}>
              <Link className={buttonClass()} to="/campaigns/campaign/edit/$campaignId" params={{ campaignId: campaign.id }}>
                Edit
              </Link>
            </Permitted>
          </>
        }
      />
      <section aria-label="Counts">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {counts.map((count) => (
            <div key={count.label} className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
              <dt className="text-sm text-slate-600 dark:text-slate-300">{count.label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{count.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <PublicLink url={campaign.publicUrl} />
      <Card title="Campaign" titleId={`${titleId}-details`}>
        <DescriptionList
          items={[
            { label: 'Id', value: <Token value={campaign.id} label="Id" /> },
            { label: 'Status', value: <CampaignStatusBadge status={campaign.status} /> },
            { label: 'Survey Type', value: surveyTypeLabels[campaign.surveyType] },
            { label: 'Campaign Question', value: campaign.question },
            { label: 'Comment Label', value: campaign.commentLabel ?? <Empty /> },
            { label: 'Start', value: <When at={campaign.startTimestamp} /> },
            { label: 'End', value: <When at={campaign.endTimestamp} /> },
          ]}
        />
      </Card>
      <AnswersOverTime campaignId={campaign.id} titleId={`${titleId}-answers`} />
    </article>
  );
}

/** The patients' page of the campaign (the SMS link), with a copy button. */
function PublicLink({ url }: { url: string }) {
  const toast = useToast();
  const handleCopy = () => {
    navigator.clipboard.writeText(url).then(
      () => toast('success', 'Survey link copied.'),
      () => toast('error', 'The link could not be copied.'),
    );
  };
  return (
    <section aria-labelledby="campaign-public-link" className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
      <h2 id="campaign-public-link" className="text-lg font-semibold">
        Public link
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        The page patients open from the SMS. Add <code className="whitespace-nowrap">?externalId=…&amp;externalUser=…</code> to tell responses apart.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <a href={url} title={url} target="_blank" rel="noopener noreferrer" className="max-w-full min-w-0 truncate font-mono text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          {url}
        </a>
        <Button variant="secondary" onClick={handleCopy}>
          Copy link
        </Button>
      </div>
    </section>
  );
}

/** A sentence that says what the chart shows (the canvas's name). */
export function timelineSummary(timeline: CampaignTimeline, dayName: (date: string) => string): string {
  const totals = timeline.series.map((series) => `${series.label} ${timeline.days.reduce((sum, day) => sum + (day.answers[series.key] ?? 0), 0)}`);
  const first = timeline.days[0] && dayName(timeline.days[0].date);
  const last = timeline.days.at(-1) && dayName(timeline.days.at(-1)!.date);
  return `Answers per day${first && last ? ` from ${first} to ${last}` : ''}: ${totals.join(', ')}.`;
}

function AnswersOverTime({ campaignId, titleId }: { campaignId: string; titleId: string }) {
  const timeline = useQuery(campaignTimelineQuery(useAccountKey(), campaignId));
  const answered = timeline.data?.days.filter((day) => day.total > 0) ?? [];
  const dayName = useDayFormat();
  return (
    <Card title="Answers over time" titleId={titleId}>
      {timeline.isPending ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          Loading answers…
        </p>
      ) : timeline.isError ? (
        <LoadError message={messages.tryAgain} error={timeline.error} section={{ what: "this campaign's answers", requires: { resource: '/surveys/campaigns/{id}', method: 'GET' } }} onRetry={() => void timeline.refetch()} />
      ) : (
        <>
          <Suspense fallback={<div className="h-64" role="status" aria-label="Loading the chart" />}>
            <AnswersChart timeline={timeline.data} summary={timelineSummary(timeline.data, dayName)} />
          </Suspense>
          {answered.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">No answers in the last {timeline.data.days.length} days.</p>
          ) : (
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer text-brand-700 dark:text-brand-300">Answers by day as a table</summary>
              {/* On a phone the table scrolls inside its box, focusable for the keyboard, rather than break a word or a date across lines. */}
              <div tabIndex={0} role="group" aria-label="Answers by day (scrolls sideways)" className="mt-2 overflow-x-auto rounded [overflow-wrap:normal] focus-visible:outline-2 focus-visible:outline-brand-600">
                <table className="w-full text-left">
                  <caption className="sr-only">Answers per day</caption>
                  <thead>
                    <tr>
                      <th scope="col" className="py-1 pr-4">
                        Day
                      </th>
                      {timeline.data.series.map((series) => (
                        <th key={series.key} scope="col" className="py-1 pr-4 text-right">
                          {series.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {answered.map((day) => (
                      <tr key={day.date} className="border-t border-slate-100 dark:border-slate-800">
                        <th scope="row" className="py-1 pr-4 font-normal whitespace-nowrap">
                          {dayName(day.date)}
                        </th>
                        {timeline.data.series.map((series) => (
                          <td key={series.key} className="py-1 pr-4 text-right tabular-nums">
                            {day.answers[series.key] ?? 0}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          )}
        </>
      )}
    </Card>
  );
}
