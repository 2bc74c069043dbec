import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignCreate, CampaignList, CampaignPatch, CampaignSort, CampaignTimeline, SurveyResponse, SurveyResponseList, SurveyResponseListItem, SurveySort } from '../../../domain/campaigns.ts';
import type { SortOrder } from '../../../domain/lists.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { toListQuery, type ListSearch } from '../../lib/list-search.ts';
import { retryUnlessRefused } from '../../lib/query.ts';
import { listQueryOptions, recordQueryOptions } from '../../lib/record-queries.ts';

export type CampaignListSearch = ListSearch<CampaignSort>;
/** The results grid's URL state (newest answers first by default). */
export type ResponseListSearch = ListSearch<SurveySort>;

/** Query keys of campaigns and their responses; the account comes first (switching accounts clears them all). */
export const campaignKeys = {
  all: (account: string) => [account, 'campaigns'] as const,
  lists: (account: string) => [account, 'campaigns', 'list'] as const,
  list: (account: string, query: object) => [account, 'campaigns', 'list', query] as const,
  detail: (account: string, id: string) => [account, 'campaigns', 'detail', id] as const,
  timeline: (account: string, id: string) => [account, 'campaigns', 'detail', id, 'timeline'] as const,
  responses: (account: string, id: string) => [account, 'campaigns', 'detail', id, 'responses'] as const,
  responseList: (account: string, id: string, query: object) => [account, 'campaigns', 'detail', id, 'responses', 'list', query] as const,
  response: (account: string, id: string, responseId: string) => [account, 'campaigns', 'detail', id, 'responses', 'one', responseId] as const,
};

const path = (id: string) => `/surveys/campaigns/${encodeURIComponent(id)}`;
const responsesPath = (id: string) => `${path(id)}/surveys`;

export const campaignListQuery = (account: string, search: CampaignListSearch) => listQueryOptions<CampaignList>((query) => campaignKeys.list(account, query), '/surveys/campaigns', search);

export const campaignQuery = (account: string, id: string) => recordQueryOptions<Campaign>(campaignKeys.detail(account, id), path(id));

/** Daily answer counts for the campaign's chart (the API fills every day of the window). */
export const campaignTimelineQuery = (account: string, id: string) => recordQueryOptions<CampaignTimeline>(campaignKeys.timeline(account, id), `${path(id)}/timeline`);

export const responseListQuery = (account: string, campaignId: string, search: ResponseListSearch) => {
  const query = toListQuery(search);
  return queryOptions({
    queryKey: campaignKeys.responseList(account, campaignId, query),
    queryFn: () => request<SurveyResponseList>(responsesPath(campaignId), { query }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });
};

export const responseQuery = (account: string, campaignId: string, responseId: string) =>
  queryOptions({
    queryKey: campaignKeys.response(account, campaignId, responseId),
    queryFn: () => request<SurveyResponse>(`${responsesPath(campaignId)}/${encodeURIComponent(responseId)}`),
    retry: retryUnlessRefused,
    retryOnMount: false,
  });

/** The page size the CSV export reads with (the API's largest), and the most rows one export takes. */
const exportPageSize = 500;
const exportMaxRows = 50_000;

/** Every response of a campaign, in the grid's order, for the CSV export. */
export async function fetchAllResponses(campaignId: string, sort: { sort: SurveySort; order: SortOrder }): Promise<SurveyResponseListItem[]> {
  const rows: SurveyResponseListItem[] = [];
  for (let page = 1; rows.length < exportMaxRows; page++) {
    const answer = await request<SurveyResponseList>(responsesPath(campaignId), { query: { page, limit: exportPageSize, ...sort } });
    rows.push(...answer.items);
    if (answer.items.length < exportPageSize || rows.length >= answer.total) break;
  }
  return rows;
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: CampaignCreate) => request<{ id: string }>('/surveys/campaigns', { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: campaignKeys.lists(account) }),
  });
}

export function useUpdateCampaign(id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: CampaignPatch) => request<Campaign>(path(id), { method: 'PATCH', body }),
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.detail(account, id), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists(account) });
    },
  });
}
