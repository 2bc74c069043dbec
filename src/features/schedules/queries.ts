import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocationList } from '../../../domain/locations.ts';
import type { PractitionerList } from '../../../domain/persons.ts';
import type { QueueList } from '../../../domain/queues.ts';
import type { Schedule, ScheduleCreate, ScheduleList, SchedulePatch, ScheduleSort, ScheduleTask, TaskCreate, TaskOccurrenceList, TaskPatch } from '../../../domain/schedules.ts';
import { useAccountKey } from '../../lib/account.ts';
import { request } from '../../lib/api.ts';
import { type ListSearch } from '../../lib/list-search.ts';
import { retryUnlessRefused } from '../../lib/query.ts';
import { searchKeys } from '../../lib/search-keys.ts';
import type { SoftDeleteTarget } from '../../lib/soft-delete.ts';
import { listQueryOptions, recordQueryOptions } from '../../lib/record-queries.ts';

export type ScheduleListSearch = ListSearch<ScheduleSort>;

/** Query keys of schedules; the account comes first (switching accounts clears them all). */
export const scheduleKeys = {
  all: (account: string) => [account, 'schedules'] as const,
  lists: (account: string) => [account, 'schedules', 'list'] as const,
  list: (account: string, query: object) => [account, 'schedules', 'list', query] as const,
  detail: (account: string, id: string) => [account, 'schedules', 'detail', id] as const,
  occurrences: (account: string, id: string) => [account, 'schedules', 'detail', id, 'occurrences'] as const,
  range: (account: string, id: string, from: string, to: string) => [account, 'schedules', 'detail', id, 'occurrences', from, to] as const,
  task: (account: string, scheduleId: string, id: string) => [account, 'schedules', 'detail', scheduleId, 'task', id] as const,
  practitioners: (account: string) => [account, 'schedules', 'practitioners'] as const,
  /** The owner pickers' choices for what was typed. */
  choices: (account: string, kind: OwnerChoiceKind, q: string) => [account, 'schedules', 'choices', kind, q] as const,
};

const base = '/schedule/schedule';
const path = (id: string) => `${base}/${encodeURIComponent(id)}`;
const taskPath = (scheduleId: string, id: string) => `${path(scheduleId)}/task/${encodeURIComponent(id)}`;

export const scheduleListQuery = (account: string, search: ScheduleListSearch) => listQueryOptions<ScheduleList>((query) => scheduleKeys.list(account, query), base, search);

export const scheduleQuery = (account: string, id: string) => recordQueryOptions<Schedule>(scheduleKeys.detail(account, id), path(id));

/** The occurrences in [from, to), expanded by the server. */
export const occurrencesQuery = (account: string, id: string, from: string, to: string) =>
  queryOptions({
    queryKey: scheduleKeys.range(account, id, from, to),
    queryFn: () => request<TaskOccurrenceList>(`${path(id)}/task`, { query: { from, to } }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });

export const taskQuery = (account: string, scheduleId: string, id: string) =>
  queryOptions({ queryKey: scheduleKeys.task(account, scheduleId, id), queryFn: () => request<ScheduleTask>(taskPath(scheduleId, id)), retry: retryUnlessRefused, retryOnMount: false });

/** The account's practitioners by name, for the "for" and "who" pickers (the first 50). */
export const practitionerOptionsQuery = (account: string) =>
  queryOptions({
    queryKey: scheduleKeys.practitioners(account),
    queryFn: () => request<PractitionerList>('/person/practitioners', { query: { limit: 50, sort: 'name', order: 'asc' } }),
    staleTime: 60_000,
  });

/** A record the owner picker offers. */
export type OwnerChoice = { id: string; name: string };
/** Which of the account's records an owner picker offers. */
export type OwnerChoiceKind = 'practitioners' | 'locations' | 'queues';

/**
 * The owner picker's choices matching `q`, the first 50 by name: the account's practitioners (by
 * name), its live locations (name, city or service), or its call-center queues (name or ARN).
 */
export const ownerChoicesQuery = (account: string, kind: OwnerChoiceKind, q: string) =>
  queryOptions({
    queryKey: scheduleKeys.choices(account, kind, q),
    queryFn: async (): Promise<{ items: OwnerChoice[] }> => {
      const query = { limit: 50, sort: 'name', order: 'asc', ...(q ? { q } : {}) };
      if (kind === 'queues') {
        const queues = await request<QueueList>('/callcenter/queues', { query });
        return { items: queues.items.map(({ id, queueName }) => ({ id, name: queueName })) };
      }
      const page =
        kind === 'practitioners'
          ? await request<PractitionerList>('/person/practitioners', { query })
          : await request<LocationList>('/locations/locations', { query });
      return { items: page.items.map(({ id, name }) => ({ id, name })) };
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: ScheduleCreate) => request<{ id: string }>(base, { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.lists(account) });
      void queryClient.invalidateQueries({ queryKey: searchKeys.all(account) });
    },
  });
}

export function useUpdateSchedule() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: SchedulePatch) => request<Schedule>(base, { method: 'PATCH', body }),
    onSuccess: (schedule) => {
      queryClient.setQueryData(scheduleKeys.detail(account, schedule.id), schedule);
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.lists(account) });
      void queryClient.invalidateQueries({ queryKey: searchKeys.all(account) });
    },
  });
}

/** What Delete and its Undo need (see lib/soft-delete.ts): the paths, the toast's name, and the queries showing the schedule. */
export const scheduleDeleteTarget = (account: string, { id, name }: { id: string; name: string }): SoftDeleteTarget => ({
  path: path(id),
  restorePath: `${path(id)}/restore`,
  kind: 'Schedule',
  name,
  invalidate: [scheduleKeys.lists(account), scheduleKeys.detail(account, id), searchKeys.all(account)],
});

export function useCreateTask(scheduleId: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: TaskCreate) => request<{ id: string }>(`${path(scheduleId)}/task`, { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: scheduleKeys.occurrences(account, scheduleId) }),
  });
}

export function useUpdateTask(scheduleId: string, id: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: (body: TaskPatch) => request<ScheduleTask>(taskPath(scheduleId, id), { method: 'PATCH', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.occurrences(account, scheduleId) });
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.task(account, scheduleId, id) });
    },
  });
}

/**
 * What Delete and its Undo need for a task (see lib/soft-delete.ts): the task (a series with its
 * exceptions), or with `occurrence` that one occurrence of a series; the schedule's week refreshes.
 */
export const taskDeleteTarget = (account: string, scheduleId: string, task: { id: string; title: string }, occurrence: string | null): SoftDeleteTarget => {
  const one = occurrence ? `occurrence=${encodeURIComponent(occurrence)}` : '';
  return {
    path: occurrence ? `${taskPath(scheduleId, task.id)}?isRecurring=false&${one}` : taskPath(scheduleId, task.id),
    restorePath: `${taskPath(scheduleId, task.id)}/restore${one ? `?${one}` : ''}`,
    kind: occurrence ? 'Occurrence of' : 'Task',
    name: task.title,
    invalidate: [scheduleKeys.occurrences(account, scheduleId), scheduleKeys.task(account, scheduleId, task.id)],
  };
};
