import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { answerLabel, type Campaign, type SurveyResponseListItem, type SurveySort } from '../../../domain/campaigns.ts';
import type { PageSize } from '../../../domain/lists.ts';
import { campaignResponseCount, messages } from '../../../domain/messages.ts';
import { pageSizes } from '../../../domain/persons.ts';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { Empty } from '../../components/ui/description-list.tsx';
import { DetailSkeleton, LoadError } from '../../components/ui/load-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { isNotFound } from '../../lib/form.ts';
import { backLinkClass, MissingRecord, When } from './campaign-parts.tsx';
import { campaignQuery, fetchAllResponses, responseListQuery, type ResponseListSearch } from './queries.ts';
import { csvFileName, downloadText, responsesCsv } from './results-csv.ts';

const column = createColumnHelper<DataTableFeatures, SurveyResponseListItem>();

/** The grid's columns; the answer reads as its label for the campaign's survey type. */
const columnsFor = (campaign: Campaign) =>
  column.columns([
    column.accessor('endTimestamp', { header: 'Received', meta: { rowName: true }, cell: (info) => <When at={info.getValue()} /> }),
    column.accessor('answer', {
      header: 'Answer',
      meta: { cellClassName: 'font-medium' },
      cell: (info) => {
        const value = info.getValue();
        return value === null ? <Empty /> : (answerLabel(campaign.surveyType, value) ?? value);
      },
    }),
    column.accessor('comment', {
      header: 'Comment',
      enableSorting: false,
      meta: { prose: true },
      cell: (info) => info.getValue() ?? <Empty />,
    }),
    column.accessor('externalId', { header: 'External Id', cell: (info) => info.getValue() ?? <Empty /> }),
    column.accessor('externalUser', { header: 'External User', cell: (info) => info.getValue() ?? <Empty /> }),
    column.accessor('id', {
      header: 'Response ID',
      enableSorting: false,
      meta: { cellClassName: 'font-mono text-xs' },
    }),
  ]);

type CampaignResultsScreenProps = {
  campaignId: string;
  search: ResponseListSearch;
  onSearchChange(change: Partial<ResponseListSearch>): void;
};

/** Spec §2 "Campaigns": the results grid with 'N Response(s)'; a row click opens the response. */
export function CampaignResultsScreen({ campaignId, search, onSearchChange }: CampaignResultsScreenProps) {
  const campaign = useQuery(campaignQuery(useAccountKey(), campaignId));
  if (campaign.isPending) return <DetailSkeleton label="Loading results…" />;
  if (campaign.isError) {
    if (isNotFound(campaign.error)) {
      return (
        <MissingRecord
          text={messages.campaignNotFound}
          back={
            <Link to="/campaigns" className={backLinkClass}>
              <span aria-hidden="true">← </span>Campaigns
            </Link>
          }
        />
      );
    }
    return <LoadError message={messages.tryAgain} error={campaign.error} onRetry={() => void campaign.refetch()} />;
  }
  return <Results campaign={campaign.data} search={search} onSearchChange={onSearchChange} />;
}

function Results({ campaign, search, onSearchChange }: { campaign: Campaign; search: ResponseListSearch; onSearchChange(change: Partial<ResponseListSearch>): void }) {
  const list = useQuery(responseListQuery(useAccountKey(), campaign.id, search));
  const navigate = useNavigate();
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const total = list.data?.total;

  const handleExport = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllResponses(campaign.id, { sort: search.sort, order: search.order });
      downloadText(responsesCsv(rows, campaign.surveyType), csvFileName(campaign.name));
    } catch {
      toast('error', 'The responses could not be exported. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby="campaign-results-title" className="flex flex-col">
      <PageHeader
        titleId="campaign-results-title"
        title={`Results: ${campaign.name}`}
        description={campaign.question}
        back={
          <Link to="/campaigns/campaign/$campaignId" params={{ campaignId: campaign.id }} className={backLinkClass}>
            <span aria-hidden="true">← </span>
            {campaign.name}
          </Link>
        }
        actions={
          <Button variant="secondary" onClick={() => void handleExport()} disabled={exporting || !total}>
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
        }
      />
      <p className="mb-3 text-sm font-medium" aria-live="polite">
        {total === undefined ? '' : campaignResponseCount(total)}
      </p>
      <DataTable
        label={`Responses to ${campaign.name}`}
        columns={columnsFor(campaign)}
        data={list.data?.items}
        rowCount={total ?? 0}
        getRowId={(row) => row.id}
        getRowLabel={(row) => `${row.answer === null ? 'No answer' : (answerLabel(campaign.surveyType, row.answer) ?? row.answer)}${row.externalUser ? `, ${row.externalUser}` : ''}`}
        page={search.page}
        pageSize={search.size}
        pageSizes={pageSizes}
        sort={{ id: search.sort, desc: search.order === 'desc' }}
        onPageChange={(page) => onSearchChange({ page })}
        onPageSizeChange={(size) => onSearchChange({ size: size as PageSize, page: 1 })}
        onSortChange={(next) => onSearchChange({ sort: (next?.id ?? 'endTimestamp') as SurveySort, order: next?.desc ? 'desc' : 'asc', page: 1 })}
        rowLink={(row) => ({ to: '/campaigns/campaign/$campaignId/results/$responseId', params: { campaignId: campaign.id, responseId: row.id } })}
        onOpen={(row) => void navigate({ to: '/campaigns/campaign/$campaignId/results/$responseId', params: { campaignId: campaign.id, responseId: row.id } })}
        status={list.status}
        fetching={list.isPlaceholderData}
        empty={messages.campaignNoResults}
        error={messages.tryAgain}
        onRetry={() => void list.refetch()}
      />
    </section>
  );
}
