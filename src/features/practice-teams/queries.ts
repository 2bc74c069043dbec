import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PracticeTeam,
  PracticeTeamCandidateList,
  PracticeTeamCreate,
  PracticeTeamList,
  PracticeTeamMember,
  PracticeTeamMemberList,
  PracticeTeamPatch,
  PracticeTeamSort,
} from '../../../domain/practice-teams.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import type { ListSearch } from '../../lib/list-search.ts';
import { retryUnlessRefused } from '../../lib/query.ts';
import { recordQueries } from '../../lib/record-queries.ts';

/** The list's URL state; `tag` filters by tag (`key` or `key:value`). */
export type PracticeTeamListSearch = ListSearch<PracticeTeamSort> & { tag: string };

const teams = recordQueries<PracticeTeam, PracticeTeamList, PracticeTeamListSearch, PracticeTeamCreate, PracticeTeamPatch>({ area: 'practice-teams', collection: '/teams/teams' });

/** Query keys of practice teams; the account comes first (switching accounts clears them all). */
export const practiceTeamKeys = {
  ...teams.keys,
  members: (account: string, id: string) => [account, 'practice-teams', 'detail', id, 'members'] as const,
  candidates: (account: string, id: string, q: string) => [account, 'practice-teams', 'detail', id, 'candidates', q] as const,
};
export const practiceTeamListQuery = teams.listQuery;
export const practiceTeamQuery = teams.recordQuery;
export const useCreatePracticeTeam = teams.useCreate;
export const useUpdatePracticeTeam = teams.useUpdate;
export const practiceTeamDeleteTarget = teams.deleteTarget('Team');

/** The team's members the caller may read, by name, and how many others there are. */
export const practiceTeamMembersQuery = (account: string, id: string) =>
  queryOptions({
    queryKey: practiceTeamKeys.members(account, id),
    queryFn: () => request<PracticeTeamMemberList>(`${teams.path(id)}/members`),
    retry: retryUnlessRefused,
    retryOnMount: false,
  });

/** Who may be added as a member (the practice's staff the caller may read), searched by name on the server. */
export const candidatesQuery = (account: string, teamId: string, q: string) =>
  queryOptions({
    queryKey: practiceTeamKeys.candidates(account, teamId, q),
    queryFn: () => request<PracticeTeamCandidateList>(`${teams.path(teamId)}/candidates`, { query: { limit: 50, ...(q ? { q } : {}) } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/**
 * Adds a person to the team, or removes one (by person id). The members change at once (so the
 * chips, and the focus that follows them, do not wait for the server); then the team's members,
 * count and lists are read again, which also undoes a change the server refused.
 */
export function useTeamMembership(team: { id: string; name: string }) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  const membersKey = practiceTeamKeys.members(account, team.id);
  const change = (update: (items: PracticeTeamMember[]) => PracticeTeamMember[]) =>
    queryClient.setQueryData<PracticeTeamMemberList>(membersKey, (list) => (list ? { ...list, items: update(list.items) } : list));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: practiceTeamKeys.detail(account, team.id) });
    void queryClient.invalidateQueries({ queryKey: practiceTeamKeys.lists(account) });
  };
  const add = useMutation({
    mutationFn: (person: { id: string; name: string }) => request<PracticeTeamMember>(`${teams.path(team.id)}/member`, { method: 'POST', body: { personId: person.id } }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (personId: string) => request<unknown>(`${teams.path(team.id)}/member/${encodeURIComponent(personId)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
  /** Shows the change at once, in the same render as the event that made it (before the request). */
  const shown = {
    added: (person: { id: string; name: string }) =>
      // Which records the person has is known once the members are read again (the chip links to the person meanwhile).
      change((items) => [...items.filter((m) => m.personId !== person.id), { personId: person.id, personName: person.name, teamId: team.id, teamName: team.name, isUser: false, isPractitioner: false }]),
    removed: (personId: string) => change((items) => items.filter((m) => m.personId !== personId)),
  };
  return { add, remove, shown };
}
