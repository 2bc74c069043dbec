import { defineArea, reads } from '../../area.ts';
import { accounts } from '../../db/schema/index.ts';
import { accountsRoutes } from './index.ts';
import { accountSearch } from './search.ts';
import { accountDocs } from './openapi.ts';

/** Accounts (the practices) and their settings. */
export const accountsArea = defineArea({
  name: 'accounts',
  mount: [{ path: '/accounts', app: accountsRoutes }],
  docs: accountDocs,
  resources: ['/accounts/account', '/accounts/account/domain'],
  tables: [accounts],
  search: { order: 110, providers: [accountSearch] },
  audit: { Account: reads('/accounts/account') },
});
