import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { accountCreateSchema, accountLimits, accountListQuerySchema, accountMessages, accountPatchSchema, domainSchema, type AccountConfig } from '../../../domain/accounts.ts';
import type { AccountListItem } from '../../../domain/api.ts';
import { messages } from '../../../domain/messages.ts';
import { actableAssumedAccounts } from '../../auth/authenticate.ts';
import { assertWithinOwnGrants } from '../../auth/grants.ts';
import { requires, signedIn } from '../../auth/requires.ts';
import type { Tx } from '../../db/client.ts';
import { defaultRoles } from '../../db/default-roles.ts';
import { accounts, auditLog, roles } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, badRequest, forbidden } from '../../errors.ts';
import { editedVersion, expectedVersion, editable, found, jsonLimit, sent, touched, updatedRow } from '../../records.ts';
import { json, query } from '../../validate.ts';
import { domainHolder, listAccounts, lockDomainNames, presentAccount, presentWithNames, resolveAssumed } from './queries.ts';

/** Paging parameters ask for the administration list; without them `GET /accounts` is the account selector's. */
const isPaged = (c: Context<AppEnv>) => ['limit', 'page', 'offset'].some((name) => c.req.query(name) !== undefined);

const assertInstanceAdmin = (c: Context<AppEnv>) => {
  if (!c.var.caller.instanceAdmin) throw forbidden(accountMessages.instanceAdminOnly);
};

const domainTaken = () => new ApiError(409, 'conflict', accountMessages.domainTaken, { domainName: accountMessages.domainTaken });

/**
 * The role new users get must be one of the account's own roles, and (issue 24: pointing at a
 * role is granting it) one within the caller's own grants, unless they are an instance administrator.
 */
async function assertAccountRole(c: Context<AppEnv>, tx: Tx, accountId: string, roleId: string | null | undefined) {
  if (!roleId) return;
  const [role] = await tx.select({ id: roles.id, resources: roles.resources }).from(roles).where(and(eq(roles.accountId, accountId), eq(roles.id, roleId)));
  if (!role) throw badRequest(messages.invalidRequest, { 'config.portal.roleId': accountMessages.roleIdInvalid });
  assertWithinOwnGrants(c, role.resources, 'config.portal.roleId');
}

/**
 * Accounts (spec §1, §3, §6, §7; issue 11).
 * - `GET /accounts`: the accounts the caller may act in, sorted by name, `{ items: [{ id, name }] }`,
 *   for the header's account selector (an instance administrator: every active account; anyone
 *   else: their own plus the assumed accounts their role may really act in). With paging
 *   (`limit`, `page` or `offset`, and `q`, `sort`, `order`) it is the administration list of every
 *   account, active or not, with abbreviation, active and `total`: instance administrators only.
 * - `POST /accounts` (instance administrators): a new account with its default roles.
 * - `GET`/`PATCH /accounts/account`: the request's account (`accountId` picks another one, as on
 *   every call); `POST /accounts/account/domain` adds a domain name, unique across accounts.
 */
export const accountsRoutes = new Hono<AppEnv>()
  .get('/', signedIn(), query(accountListQuerySchema), async (c) => {
    const { db } = c.var.deps;
    const { caller } = c.var;
    if (isPaged(c)) {
      assertInstanceAdmin(c);
      return c.json(await listAccounts(db, c.req.valid('query')));
    }
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
  .post('/', requires('/accounts/account', 'POST'), jsonLimit, json(accountCreateSchema), async (c) => {
    assertInstanceAdmin(c);
    const body = c.req.valid('json');
    const created = await write(c, async ({ tx, actorId, actorName }) => {
      const [row] = await tx
        .insert(accounts)
        .values({
          name: body.name,
          abbreviation: body.abbreviation ?? null,
          userSource: body.userSource ?? null,
          active: body.active ?? true,
          ...(body.timeZone ? { timeZone: body.timeZone } : {}),
          config: {},
          createdBy: actorName,
          modifiedBy: actorName,
        })
        .returning();
      const accountId = row!.id;
      const stamp = { accountId, createdBy: actorName, modifiedBy: actorName };
      const [practiceAdmin, readOnly] = await tx
        .insert(roles)
        .values([
          { ...stamp, ...defaultRoles.practiceAdministrator },
          { ...stamp, ...defaultRoles.readOnly },
        ])
        .returning({ id: roles.id, name: roles.name });
      // New users get the read-only role until an administrator names another.
      const config: AccountConfig = { ...body.config, portal: { roleId: readOnly!.id } };
      const [account] = await tx.update(accounts).set({ config }).where(eq(accounts.id, accountId)).returning();
      // The account's own audit log starts with its creation (and its roles), whoever acted from where.
      const entry = { accountId, actorId, actorName, action: 'create', resourceType: 'Account', resourceId: accountId };
      await tx.insert(auditLog).values([
        { ...entry, after: presentAccount(account!) },
        ...[practiceAdmin!, readOnly!].map((role) => ({ ...entry, resourceType: 'Role', resourceId: role.id, after: { name: role.name } })),
      ]);
      return { id: accountId };
    });
    return c.json(created, 201);
  })
  .get('/account', requires('/accounts/account', 'GET'), async (c) => {
    const { db } = c.var.deps;
    const [row] = await db.select().from(accounts).where(eq(accounts.id, c.var.account.id));
    return c.json(await presentWithNames(db, found(row)));
  })
  .patch('/account', requires('/accounts/account', 'PATCH'), jsonLimit, json(accountPatchSchema), async (c) => {
    const { version: sentVersion, assumedAccounts, config, domainNames, ...fields } = c.req.valid('json');
    const expected = expectedVersion(c, sentVersion);
    // Switching an account off or on, and what it assumes, are the instance administrator's.
    if (fields.active !== undefined || assumedAccounts !== undefined) assertInstanceAdmin(c);
    if (fields.active === false && c.var.account.id === c.var.caller.homeAccountId) {
      throw badRequest(messages.invalidRequest, { active: accountMessages.ownAccountActive });
    }
    const updated = await write(c, async ({ tx, audit, actorName, accountId, repeats }) => {
      const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
      const changes: Record<string, unknown> = sent(fields);
      if (assumedAccounts !== undefined) {
        const resolved = await resolveAssumed(tx, accountId, assumedAccounts.map((a) => a.accountId));
        if (resolved === 'self') throw badRequest(messages.invalidRequest, { assumedAccounts: accountMessages.assumedSelf });
        if (resolved === 'unknown') throw badRequest(messages.invalidRequest, { assumedAccounts: accountMessages.assumedUnknown });
        changes.assumedAccounts = resolved;
      }
      if (domainNames !== undefined) {
        await lockDomainNames(tx);
        if (await domainHolder(tx, domainNames, accountId)) throw domainTaken();
        changes.domainNames = domainNames;
      }
      // Each section of `config` sent replaces that section; sections not sent are kept.
      if (config !== undefined && row) changes.config = { ...row.config, ...sent(config) };
      // A retry of a change that already applied (its answer was lost) answers with the record.
      const version = editedVersion(found(row), expected);
      if (row && (await repeats({ resourceType: 'Account', resourceId: accountId, record: row, version, changes }))) return row;
      const before = editable(row, version);
      if (config?.portal !== undefined && config.portal.roleId !== ((row?.config as { portal?: { roleId?: string | null } } | undefined)?.portal?.roleId ?? null)) await assertAccountRole(c, tx, accountId, config.portal.roleId);
      const after = updatedRow(
        await tx
          .update(accounts)
          .set({ ...changes, ...touched(actorName, accounts.version) })
          .where(and(eq(accounts.id, accountId), eq(accounts.version, version)))
          .returning(),
      );
      await audit({ action: 'update', resourceType: 'Account', resourceId: accountId, before: presentAccount(before), after: presentAccount(after) });
      return after;
    });
    return c.json(await presentWithNames(c.var.deps.db, updated));
  })
  .post('/account/domain', requires('/accounts/account/domain', 'POST'), jsonLimit, json(domainSchema), async (c) => {
    const { domainName } = c.req.valid('json');
    const updated = await write(c, async ({ tx, audit, actorName, accountId }) => {
      await lockDomainNames(tx);
      const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
      const before = found(row);
      if (before.domainNames.some((d) => d.toLowerCase() === domainName) || (await domainHolder(tx, [domainName], accountId))) throw domainTaken();
      if (before.domainNames.length >= accountLimits.domainNames) throw badRequest(messages.invalidRequest, { domainName: accountMessages.tooManyDomains });
      const [after] = await tx
        .update(accounts)
        .set({ domainNames: [...before.domainNames, domainName], ...touched(actorName, accounts.version) })
        .where(eq(accounts.id, accountId))
        .returning();
      await audit({ action: 'update', resourceType: 'Account', resourceId: accountId, before: { domainNames: before.domainNames }, after: { domainNames: after!.domainNames } });
      return after!;
    });
    return c.json(await presentWithNames(c.var.deps.db, updated), 201);
  });
