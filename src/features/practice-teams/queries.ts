import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonList } from '../../../domain/persons.ts';
import type {
  PracticeTeam,
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
  personChoices: (account: string, q: string) => [account, 'practice-teams', 'person-choices', q] as const,
};
export const practiceTeamListQuery = teams.listQuery;
export const practiceTeamQuery = teams.recordQuery;
export const useCreatePracticeTeam = teams.useCreate;
export const useUpdatePracticeTeam = teams.useUpdate;
export const practiceTeamDeleteTarget = teams.deleteTarget('Team');

/** The team's members by name. */
export const practiceTeamMembersQuery = (account: string, id: string) =>
  queryOptions({
    queryKey: practiceTeamKeys.members(account, id),
    queryFn: () => request<PracticeTeamMemberList>(`${teams.path(id)}/members`),
    retry: retryUnlessRefused,
    retryOnMount: false,
  });

/** The persons offered when adding a member, searched by name on the server. */
export const personChoicesQuery = (account: string, q: string) =>
  queryOptions({
    queryKey: practiceTeamKeys.personChoices(account, q),
    queryFn: async () => {
      const page = await request<PersonList>('/person/persons', { query: { limit: 50, sort: 'name', order: 'asc', ...(q ? { q } : {}) } });
      return { items: page.Items.map((p) => ({ id: p.id, name: p.displayName })) };
    },
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
    queryClient.setQueryData<PracticeTeamMemberList>(membersKey, (list) => (list ? { items: update(list.items) } : list));
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
      change((items) => [...items.filter((m) => m.personId !== person.id), { personId: person.id, personName: person.name, teamId: team.id, teamName: team.name }]),
    removed: (personId: string) => change((items) => items.filter((m) => m.personId !== personId)),
  };
  return { add, remove, shown };
}
