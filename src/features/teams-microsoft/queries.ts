import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelList, ChannelMessage, ChannelMessageList, Team, TeamList, TeamsUser, TeamsUserList } from '../../../domain/teams.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import type { ListSearch } from '../../lib/list-search.ts';
import { retryUnlessRefused } from '../../lib/query.ts';
import { teamsUserSortColumns, teamSortColumns } from '../../../domain/lists.ts';

/** Sort columns of the two lists ('name' is the display name, the lists' default). */
export { teamsUserSortColumns };
export type TeamsUserSort = (typeof teamsUserSortColumns)[number];
export { teamSortColumns };
export type TeamSort = (typeof teamSortColumns)[number];

/** Query keys of the team service; the account comes first (switching accounts clears them all). */
export const teamsKeys = {
  all: (account: string) => [account, 'teams'] as const,
  users: (account: string) => [account, 'teams', 'users'] as const,
  userPage: (account: string, search: object) => [account, 'teams', 'users', 'page', search] as const,
  teams: (account: string) => [account, 'teams', 'teams'] as const,
  teamPage: (account: string, search: object) => [account, 'teams', 'teams', 'page', search] as const,
  channels: (account: string, teamId: string) => [account, 'teams', 'channels', teamId] as const,
  messages: (account: string, teamId: string, channelId: string) => [account, 'teams', 'messages', teamId, channelId] as const,
};

const teamPath = (teamId: string) => `/teamsbot/graph/team/${encodeURIComponent(teamId)}`;
const messagesPath = (teamId: string, channelId: string) => `${teamPath(teamId)}/channels/${encodeURIComponent(channelId)}/messages`;

/** The directory is small and read whole: the server keeps a copy (`cacheOnly=true`, spec §7). */
export const teamsUsersQuery = (account: string) =>
  queryOptions({
    queryKey: teamsKeys.users(account),
    queryFn: () => request<TeamsUserList>('/teamsbot/graph/users', { query: { cacheOnly: 'true' } }),
    staleTime: 60_000,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });

export const teamsQuery = (account: string) =>
  queryOptions({ queryKey: teamsKeys.teams(account), queryFn: () => request<TeamList>('/teamsbot/graph/team'), staleTime: 60_000, retry: retryUnlessRefused, retryOnMount: false });

export const channelsQuery = (account: string, teamId: string) =>
  queryOptions({ queryKey: teamsKeys.channels(account, teamId), queryFn: () => request<ChannelList>(`${teamPath(teamId)}/channels`), retry: retryUnlessRefused, retryOnMount: false });

export const channelMessagesQuery = (account: string, teamId: string, channelId: string) =>
  queryOptions({
    queryKey: teamsKeys.messages(account, teamId, channelId),
    queryFn: () => request<ChannelMessageList>(messagesPath(teamId, channelId)),
    retry: retryUnlessRefused,
    retryOnMount: false,
  });

type Page<T> = { items: T[]; total: number };

/** Filters, sorts and pages a list the API sends whole, as the URL says (the list screens' shape). */
function pageOf<T, S extends string>(rows: T[], search: ListSearch<S>, text: (row: T) => string, value: (row: T, sort: S) => string): Page<T> {
  const q = search.q.trim().toLowerCase();
  const matching = q ? rows.filter((row) => text(row).toLowerCase().includes(q)) : rows;
  const sorted = [...matching].sort((a, b) => value(a, search.sort).localeCompare(value(b, search.sort), undefined, { sensitivity: 'base', numeric: true }));
  if (search.order === 'desc') sorted.reverse();
  const start = (search.page - 1) * search.size;
  return { items: sorted.slice(start, start + search.size), total: matching.length };
}

const userValue = (user: TeamsUser, sort: TeamsUserSort) =>
  sort === 'name' ? user.displayName : sort === 'teamsBotInstalled' ? (user.teamsBotInstalled ? 'Yes' : 'No') : (user[sort] ?? '');

/** One page of the users list; the filter matches name, job title, id or email. */
export const teamsUserListQuery = (account: string, search: ListSearch<TeamsUserSort>) =>
  queryOptions({
    queryKey: teamsKeys.userPage(account, search),
    queryFn: async ({ client }) =>
      pageOf((await client.fetchQuery(teamsUsersQuery(account))).users, search, (u) => [u.displayName, u.jobTitle, u.id, u.mail].join(' '), userValue),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });

const teamValue = (team: Team, sort: TeamSort) => (sort === 'name' ? team.displayName : sort === 'botInstalled' ? (team.botInstalled ? 'Yes' : 'No') : (team.description ?? ''));

export const teamListQuery = (account: string, search: ListSearch<TeamSort>) =>
  queryOptions({
    queryKey: teamsKeys.teamPage(account, search),
    queryFn: async ({ client }) => pageOf((await client.fetchQuery(teamsQuery(account))).teams, search, (t) => [t.displayName, t.description, t.id].join(' '), teamValue),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });

export function useInstallBot() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (teamId: string) => request<{ id: string; displayName: string; installed: boolean }>(teamPath(teamId), { method: 'POST' }),
    // Teams, channels and who the bot reaches have all changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsKeys.all(account) }),
  });
}

export function useSendChannelMessage(teamId: string, channelId: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (message: string) => request<ChannelMessage>(messagesPath(teamId, channelId), { method: 'POST', body: { message } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsKeys.messages(account, teamId, channelId) }),
  });
}
