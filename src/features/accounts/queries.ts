import { queryOptions } from '@tanstack/react-query';
import type { AccountListItem } from '../../../domain/api.ts';
import { request } from '../../lib/api.ts';

export type AccountDetail = {
  id: string;
  name: string;
  abbreviation: string | null;
  userSource: string | null;
  domainNames: string[];
  assumedAccounts: { accountId: string; accountName: string }[];
  active: boolean;
  createdTimestamp: string;
  modifiedTimestamp: string;
  createdBy: string;
  modifiedBy: string;
};

export const accountKeys = {
  list: (account: string) => [account, 'accounts', 'list'] as const,
  detail: (account: string, id: string) => [account, 'accounts', 'detail', id] as const,
};

export const accountListQuery = (account: string) =>
  queryOptions({ queryKey: accountKeys.list(account), queryFn: () => request<{ items: AccountListItem[] }>('/accounts') });

export const accountQuery = (account: string, id: string) =>
  queryOptions({
    queryKey: accountKeys.detail(account, id),
    queryFn: () => request<AccountDetail>('/accounts/account', { query: { accountId: id } }),
  });
