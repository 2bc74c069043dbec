import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { answerLabel, type Campaign, type SurveyResponse } from '../../../domain/campaigns.ts';
import { campaignResultTitle, messages } from '../../../domain/messages.ts';
import { Card, DescriptionList, Empty } from '../../components/ui/description-list.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { RecordLoad, loadedTogether } from '../../components/ui/record-page.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { backLinkClass, MissingRecord, When } from './campaign-parts.tsx';
import { campaignQuery, responseQuery } from './queries.ts';
import { Token } from '../../components/ui/token.tsx';

/** Spec §2 "Campaigns": 'Campaign Result for: {name} Response ID: {id}', or 'Campaign response not found'. */
export function CampaignResponseScreen({ campaignId, responseId }: { campaignId: string; responseId: string }) {
  const account = useAccountKey();
  const campaign = useQuery(campaignQuery(account, campaignId));
  const response = useQuery(responseQuery(account, campaignId, responseId));
  const back = (
    <Link to="/campaigns/campaign/$campaignId/results" params={{ campaignId }} className={backLinkClass}>
      <span aria-hidden="true">← </span>Results
    </Link>
  );
  return (
    <RecordLoad query={loadedTogether(campaign, response)} label="Loading the response…" missing={<MissingRecord text={messages.campaignResponseNotFound} back={back} />}>
      {([c, r]) => <ResponseDetail campaign={c} response={r} back={back} />}
    </RecordLoad>
  );
}

/** How an answer reads: the label of a thumbs/three value (with the stored number), or the comment as text. */
function answerText(answer: SurveyResponse['answers'][number]) {
  if (answer.type === 'comment') return answer.answer ? <span className="whitespace-pre-wrap">{answer.answer}</span> : <Empty />;
  const label = answerLabel(answer.type, answer.answer);
  return label ? `${label} (${answer.answer})` : String(answer.answer);
}

function ResponseDetail({ campaign, response, back }: { campaign: Campaign; response: SurveyResponse; back: ReactNode }) {
  const parameters = Object.entries(response.queryParameters);
  return (
    <article aria-labelledby="campaign-response-title" className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <PageHeader titleId="campaign-response-title" title={campaignResultTitle(campaign.name, response.id)} back={back} className="[&_h1]:text-base [&_h1]:[overflow-wrap:normal] sm:[&_h1]:text-2xl" />
      <Card title="Answers" titleId="campaign-response-answers">
        <DescriptionList items={response.answers.map((answer) => ({ label: answer.questionText, value: answerText(answer) }))} />
      </Card>
      <Card title="Response" titleId="campaign-response-details">
        <DescriptionList
          items={[
            { label: 'Started', value: <When at={response.startTimestamp} /> },
            { label: 'Received', value: <When at={response.endTimestamp} /> },
            { label: 'External Id', value: response.externalId ? <Token value={response.externalId} label="External Id" /> : <Empty /> },
            { label: 'External User', value: response.externalUser ? <Token value={response.externalUser} label="External User" /> : <Empty /> },
            {
              label: 'Link parameters',
              value:
                parameters.length === 0 ? (
                  <Empty />
                ) : (
                  <ul className="font-mono text-xs">
                    {parameters.map(([name, value]) => (
                      <li key={name} title={`${name}=${value}`} className="truncate">
                        {name}={value}
                      </li>
                    ))}
                  </ul>
                ),
            },
          ]}
        />
      </Card>
    </article>
  );
}
