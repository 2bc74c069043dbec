import { queryOptions } from '@tanstack/react-query';
import { accountKeys } from '../../lib/accounts.ts';
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

export const accountQuery = (account: string, id: string) =>
  queryOptions({
    queryKey: accountKeys.detail(account, id),
    queryFn: () => request<AccountDetail>('/accounts/account', { query: { accountId: id } }),
  });
