import { Hono } from 'hono';
import type { AccessPolicy } from '../../../domain/api.ts';
import { grantAll } from '../../../domain/permissions.ts';
import { actableAssumedAccounts } from '../../auth/authenticate.ts';
import { requires } from '../../auth/requires.ts';
import type { AppEnv } from '../../env.ts';

export const permissionsRoutes = new Hono<AppEnv>().get(
  '/accesspolicy',
  requires('/permissions/accesspolicy', 'GET'),
  async (c) => {
    const { caller, account } = c.var;
    const assumedAccounts = caller.instanceAdmin ? [] : await actableAssumedAccounts(c.var.deps.db, caller.personId);
    const policy: AccessPolicy = {
      accountId: account.id,
      accountName: account.name,
      instanceAdmin: caller.instanceAdmin,
      role: caller.instanceAdmin && !account.role ? 'Instance Administrator' : (account.role?.name ?? null),
      // Instance administrators pass every check; say so explicitly for the SPA.
      resources: caller.instanceAdmin ? grantAll() : (account.role?.resources ?? {}),
      homeAccountId: caller.homeAccountId,
      user: { id: caller.personId, name: caller.name, email: caller.email },
      assumedAccounts,
    };
    return c.json(policy);
  },
);
