import { and, asc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AccountListItem } from '../../../domain/api.ts';
import { accounts } from '../../db/schema.ts';
import { requires, signedIn } from '../../auth/requires.ts';
import { actableAssumedAccounts } from '../../auth/authenticate.ts';
import type { AppEnv } from '../../env.ts';
import { editable, found, jsonLimit, sent, touched, updatedRow } from '../../records.ts';
import { accountPatchSchema } from '../../../domain/accounts.ts';
import { write } from '../../db/write.ts';
import { json } from '../../validate.ts';

/**
 * `GET /accounts`: the accounts the caller may act in, sorted by name, for the account selector
 * (every account for an instance administrator; otherwise their own plus the assumed accounts
 * their role may really act in).
 * `GET /accounts/account`: the request's account.
 */
export const accountsRoutes = new Hono<AppEnv>()
  .get('/', signedIn(), async (c) => {
    const { db } = c.var.deps;
    const { caller } = c.var;
    let ids: string[] | null = null;
    if (!caller.instanceAdmin) {
      ids = [caller.homeAccountId, ...actableAssumedAccounts(c).map((a) => a.accountId)];
    }
    const rows = await db
      .select({ id: accounts.id, name: accounts.name })
      .from(accounts)
      .where(ids ? inArray(accounts.id, ids) : eq(accounts.active, true))
      .orderBy(asc(accounts.name));
    const items: AccountListItem[] = rows;
    return c.json({ items });
  })
  .get('/account', requires('/accounts/account', 'GET'), async (c) => {
    const [row] = await c.var.deps.db.select().from(accounts).where(eq(accounts.id, c.var.account.id));
    return c.json(present(found(row)));
  })
  .patch('/account', requires('/accounts/account', 'PATCH'), jsonLimit, json(accountPatchSchema), async (c) => {
    const { version, ...changes } = c.req.valid('json');
    const updated = await write(c, async ({ tx, audit, actorName, accountId, repeats }) => {
      const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
      // A retry of a change that already applied (its answer was lost) answers with the record.
      if (row && (await repeats({ resourceType: 'Account', resourceId: accountId, record: row, version, changes }))) return row;
      const before = editable(row, version);
      const after = updatedRow(
        await tx
          .update(accounts)
          .set({ ...sent(changes), ...touched(actorName, accounts.version) })
          .where(and(eq(accounts.id, accountId), eq(accounts.version, version)))
          .returning(),
      );
      await audit({ action: 'update', resourceType: 'Account', resourceId: accountId, before: present(before), after: present(after) });
      return after;
    });
    return c.json(present(updated));
  });

function present(row: typeof accounts.$inferSelect) {
  return {
      id: row.id,
      name: row.name,
      abbreviation: row.abbreviation,
      userSource: row.userSource,
      domainNames: row.domainNames,
      assumedAccounts: row.assumedAccounts,
      active: row.active,
      config: row.config,
      createdTimestamp: row.createdTimestamp,
      modifiedTimestamp: row.modifiedTimestamp,
      createdBy: row.createdBy,
      modifiedBy: row.modifiedBy,
      accountId: row.id,
      version: row.version,
      resourceType: 'Account',
    };
}
