import { queryOptions } from '@tanstack/react-query';
import type { AuditEntry } from '../../../domain/api.ts';
import { request } from '../../lib/api.ts';

export const homeKeys = {
  recentChanges: (account: string) => [account, 'home', 'recent-changes'] as const,
};

export const recentChangesQuery = (account: string) =>
  queryOptions({
    queryKey: homeKeys.recentChanges(account),
    queryFn: () => request<{ items: AuditEntry[] }>('/audit/recent', { query: { limit: 10 } }),
  });
