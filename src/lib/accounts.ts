import { queryOptions } from '@tanstack/react-query';
import type { AccountListItem } from '../../domain/api.ts';
import { request } from './api.ts';

/**
 * Account queries more than one feature reads (the accounts screens, the Account select of
 * person creation), so they sit below the features.
 */
export const accountKeys = {
  all: (account: string) => [account, 'accounts'] as const,
  list: (account: string) => [account, 'accounts', 'list'] as const,
  detail: (account: string, id: string) => [account, 'accounts', 'detail', id] as const,
};

export const accountListQuery = (account: string) =>
  queryOptions({ queryKey: accountKeys.list(account), queryFn: () => request<{ items: AccountListItem[] }>('/accounts') });
