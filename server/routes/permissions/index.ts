import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { roles } from '../../db/schema.ts';
import type { AccessPolicy } from '../../../domain/api.ts';
import { grantAll } from '../../../domain/permissions.ts';
import { actableAssumedAccounts } from '../../auth/authenticate.ts';
import { requires } from '../../auth/requires.ts';
import type { AppEnv } from '../../env.ts';

export const permissionsRoutes = new Hono<AppEnv>()
  /** The account's roles, by name (the role form and its screens come with the roles feature). */
  .get('/roles', requires('/permissions/roles', 'GET'), async (c) => {
    const rows = await c.var.deps.db.select().from(roles).where(eq(roles.accountId, c.var.account.id)).orderBy(asc(roles.name));
    return c.json({
      items: rows.map((role) => ({
        id: role.id,
        accountId: role.accountId,
        name: role.name,
        resources: role.resources,
        trustedRelationships: role.trustedRelationships,
        assumeRoles: role.assumeRoles,
        ccpConfig: role.ccpConfig,
        createdTimestamp: role.createdTimestamp,
        modifiedTimestamp: role.modifiedTimestamp,
        createdBy: role.createdBy,
        modifiedBy: role.modifiedBy,
        version: role.version,
        resourceType: 'Role',
      })),
    });
  })
  .get(
  '/accesspolicy',
  requires('/permissions/accesspolicy', 'GET'),
  async (c) => {
    const { caller, account } = c.var;
    const assumedAccounts = caller.instanceAdmin ? [] : actableAssumedAccounts(c);
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
