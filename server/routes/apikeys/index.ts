import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { apiKeyCreateSchema, apiKeyListQuerySchema, apiKeyPatchSchema, type ApiKey, type ApiKeyCreated, type ApiKeyList, type ApiKeySort } from '../../../domain/api-keys.ts';
import { messages } from '../../../domain/messages.ts';
import { listOffset } from '../../../domain/list-query.ts';
import { issueApiKey } from '../../auth/api-keys.ts';
import { assertMayGrant } from '../../auth/grants.ts';
import { requires } from '../../auth/requires.ts';
import type { Db, Tx } from '../../db/client.ts';
import { apiKeys, roles } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, badRequest } from '../../errors.ts';
import { editedVersion, expectedVersion, editable, found, idParam, jsonLimit, sent, updateVersioned } from '../../records.ts';
import { json, query } from '../../validate.ts';
import { presentCommon } from '../../list-queries.ts';

type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The key as answered: everything but its secret's hash. */
function presentApiKey(row: ApiKeyRow, roleName: string | null): ApiKey {
  return {
    resourceType: 'ApiKey',
    id: row.id,
    name: row.name,
    active: row.active,
    roleId: row.roleId,
    roleName,
    hint: row.hint,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    ...presentCommon(row),
  };
}

/** What the audit log keeps of a key: never its secret or hash. */
const audited = (row: ApiKeyRow) => ({ name: row.name, active: row.active, roleId: row.roleId, hint: row.hint });

const columns = {
  id: apiKeys.id,
  accountId: apiKeys.accountId,
  createdTimestamp: apiKeys.createdTimestamp,
  modifiedTimestamp: apiKeys.modifiedTimestamp,
  createdBy: apiKeys.createdBy,
  modifiedBy: apiKeys.modifiedBy,
  version: apiKeys.version,
  name: apiKeys.name,
  active: apiKeys.active,
  roleId: apiKeys.roleId,
  secretHash: apiKeys.secretHash,
  hint: apiKeys.hint,
  lastUsedAt: apiKeys.lastUsedAt,
};

/** One key of the account with its role's name (locked for an edit when `lock`). */
async function findApiKey(db: Db | Tx, accountId: string, id: string, lock = false) {
  const select = db
    .select({ key: columns, roleName: roles.name })
    .from(apiKeys)
    .leftJoin(roles, and(eq(roles.id, apiKeys.roleId), eq(roles.accountId, apiKeys.accountId)))
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)));
  const [row] = lock ? await select.for('update', { of: apiKeys }) : await select;
  return row;
}

/** The role a key is to act with: one of the account's, granting nothing the caller's own role lacks. */
async function assertKeyRole(c: Parameters<typeof assertMayGrant>[0], tx: Tx, accountId: string, roleId: string) {
  const [role] = await tx.select({ name: roles.name, resources: roles.resources }).from(roles).where(and(eq(roles.accountId, accountId), eq(roles.id, roleId)));
  if (!role) throw badRequest(messages.invalidRequest, { roleId: messages.roleNotFound });
  assertMayGrant(c, role.resources);
  return role.name;
}

/** A second key of the same name (any case) in the account: 409 under the name, not a 500. */
function nameRace(error: unknown): never {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error && 'constraint' in cause && cause.constraint === 'api_keys_account_name') {
    throw new ApiError(409, 'conflict', messages.apiKeyNameTaken, { name: messages.apiKeyNameTaken });
  }
  throw error;
}

const sortColumns: Record<ApiKeySort, SQL | typeof apiKeys.id> = {
  name: sql`lower(${apiKeys.name})`,
  active: sql`${apiKeys.active}`,
  role: sql`lower(${roles.name})`,
  lastUsedAt: sql`${apiKeys.lastUsedAt}`,
  id: apiKeys.id,
};

/**
 * API keys (spec §7): `GET`/`POST /permissions/apikeys`, `GET`/`PATCH`/`DELETE
 * /permissions/apikeys/{id}`, scoped to the request's account. The secret is answered once, by
 * the create; only its hash is stored. Deleting is final (its secret must never work again).
 */
export const apiKeyRoutes = new Hono<AppEnv>()
  .get('/', requires('/permissions/apikeys', 'GET'), query(apiKeyListQuerySchema), async (c) => {
    const search = c.req.valid('query');
    const { db } = c.var.deps;
    const q = search.q?.replace(/[\\%_]/g, (ch) => `\\${ch}`);
    const where = and(eq(apiKeys.accountId, c.var.account.id), q ? or(ilike(apiKeys.name, `%${q}%`), ilike(roles.name, `%${q}%`), sql`${apiKeys.id}::text = ${search.q!.toLowerCase()}`) : undefined);
    const offset = listOffset(search);
    const order = search.order === 'desc' ? desc : asc;
    const [rows, [count]] = await Promise.all([
      db
        .select({ key: columns, roleName: roles.name })
        .from(apiKeys)
        .leftJoin(roles, and(eq(roles.id, apiKeys.roleId), eq(roles.accountId, apiKeys.accountId)))
        .where(where)
        .orderBy(order(sortColumns[search.sort]), asc(apiKeys.id))
        .limit(search.limit)
        .offset(offset),
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(apiKeys)
        .leftJoin(roles, and(eq(roles.id, apiKeys.roleId), eq(roles.accountId, apiKeys.accountId)))
        .where(where),
    ]);
    const answer: ApiKeyList = {
      apiKeys: rows.map((row) => presentApiKey(row.key, row.roleName)),
      total: count?.total ?? 0,
      limit: search.limit,
      offset,
    };
    return c.json(answer);
  })
  .post('/', requires('/permissions/apikeys', 'POST'), jsonLimit, json(apiKeyCreateSchema), async (c) => {
    const body = c.req.valid('json');
    const created = await write(c, async ({ tx, audit, accountId, actorName }) => {
      const roleName = await assertKeyRole(c, tx, accountId, body.roleId);
      const { secret, secretHash, hint } = issueApiKey();
      const [row] = await tx.insert(apiKeys).values({ ...body, accountId, secretHash, hint, createdBy: actorName, modifiedBy: actorName }).returning();
      await audit({ action: 'create', resourceType: 'ApiKey', resourceId: row!.id, after: audited(row!) });
      const answer: ApiKeyCreated = { ...presentApiKey(row!, roleName), secret };
      return answer;
    }).catch(nameRace);
    return c.json(created, 201);
  })
  .get('/:id', requires('/permissions/apikeys/{id}', 'GET'), idParam(), async (c) => {
    const row = found(await findApiKey(c.var.deps.db, c.var.account.id, c.req.valid('param').id));
    return c.json(presentApiKey(row.key, row.roleName));
  })
  .patch('/:id', requires('/permissions/apikeys/{id}', 'PATCH'), idParam(), jsonLimit, json(apiKeyPatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { version: sentVersion, ...body } = c.req.valid('json');
    const expected = expectedVersion(c, sentVersion);
    const changes = sent(body);
    const updated = await write(c, async ({ tx, audit, accountId, actorName, repeats }) => {
      const current = found(await findApiKey(tx, accountId, id, true));
      const version = editedVersion(current.key, expected);
      if (await repeats({ resourceType: 'ApiKey', resourceId: id, record: current.key, version, changes })) return current;
      const before = editable(current.key, version);
      // A key may only be given a role, or be switched back on, within the editor's own grants
      // (switching one off, or renaming it, gives nothing).
      const roleId = changes.roleId ?? before.roleId;
      const granting = changes.roleId !== undefined || (changes.active === true && !before.active);
      const roleName = roleId && granting ? await assertKeyRole(c, tx, accountId, roleId) : current.roleName;
      const after = await updateVersioned({ tx, accountId, actorName }, apiKeys, { key: apiKeys.id, id, version }, changes);
      await audit({ action: 'update', resourceType: 'ApiKey', resourceId: id, before: audited(before), after: audited(after) });
      return { key: after, roleName };
    }).catch(nameRace);
    return c.json(presentApiKey(updated.key, updated.roleName));
  })
  .delete('/:id', requires('/permissions/apikeys/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    await write(c, async ({ tx, audit, accountId }) => {
      const current = found(await findApiKey(tx, accountId, id, true));
      await tx.delete(apiKeys).where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)));
      await audit({ action: 'delete', resourceType: 'ApiKey', resourceId: id, before: audited(current.key) });
    });
    return c.body(null, 204);
  });
