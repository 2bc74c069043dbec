import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { deletedBy, undeleted } from '../../soft-delete.ts';
import { authorizationProblem, insuranceCreateSchema, insuranceListQuerySchema, insurancePatchSchema } from '../../../domain/insurances.ts';
import { insurancePlanNameTaken, messages } from '../../../domain/messages.ts';
import { requires } from '../../auth/requires.ts';
import type { Db, Tx } from '../../db/client.ts';
import { insurances } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, badRequest } from '../../errors.ts';
import { editedVersion, expectedVersion, editable, found, idParam, jsonLimit, sent, touched, updateVersioned } from '../../records.ts';
import { json, query } from '../../validate.ts';
import { findInsurance, findRestorable, insuranceNamed, listInsurances, presentWithTags } from './queries.ts';
import { replaceTags, tagSet } from '../tags/record-tags.ts';

const nameTaken = (existing: { id: string; name: string }) => {
  const message = insurancePlanNameTaken(existing);
  return new ApiError(409, 'conflict', message, { insurancePlanName: message });
};

/** The plan name is free in the account (checked first for a message naming the holder; the partial unique index settles races). */
async function assertNameFree(tx: Tx, accountId: string, planName: string, except?: string) {
  const holder = await insuranceNamed(tx, accountId, planName, except);
  if (holder) throw nameTaken(holder);
}

/** A concurrent write that took the plan name between the check and the write: the same 409. */
const nameRace = (db: Db, accountId: string, planName: string | undefined) =>
  async (error: unknown): Promise<never> => {
    const cause: unknown = error instanceof Error ? error.cause : undefined;
    if (planName && cause instanceof Error && 'constraint' in cause && cause.constraint === 'insurances_account_plan_name_unique') {
      const holder = await insuranceNamed(db, accountId, planName);
      if (holder) throw nameTaken(holder);
    }
    throw error;
  };

/**
 * Insurances (issue #9, spec §3 Insurance, §7 `/insurances`): the plans the practice deals with.
 * Every query is scoped to the request's account; a deleted plan is gone from every read and can
 * be restored for 30 days.
 */
export const insuranceRoutes = new Hono<AppEnv>()
  .get('/', requires('/insurances', 'GET'), query(insuranceListQuerySchema), async (c) => {
    return c.json(await listInsurances(c.var.deps.db, c.var.account.id, c.req.valid('query')));
  })
  .post('/', requires('/insurances', 'POST'), jsonLimit, json(insuranceCreateSchema), async (c) => {
    const { tags, ...body } = c.req.valid('json');
    const created = await write(c, async (scope) => {
      const { tx, audit, accountId, actorName } = scope;
      await assertNameFree(tx, accountId, body.insurancePlanName);
      const [row] = await tx.insert(insurances).values({ ...body, accountId, createdBy: actorName, modifiedBy: actorName }).returning();
      await replaceTags(scope, 'Insurance', row!.id, tags);
      await audit({ action: 'create', resourceType: 'Insurance', resourceId: row!.id, after: await presentWithTags(tx, row!) });
      return { id: row!.id };
    }).catch(nameRace(c.var.deps.db, c.var.account.id, body.insurancePlanName));
    return c.json(created, 201);
  })
  .get('/:id', requires('/insurances/{id}', 'GET'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.deps.db;
    return c.json(await presentWithTags(db, found(await findInsurance(db, c.var.account.id, id))));
  })
  .patch('/:id', requires('/insurances/{id}', 'PATCH'), idParam(), jsonLimit, json(insurancePatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { version: sentVersion, tags, ...body } = c.req.valid('json');
    const expected = expectedVersion(c, sentVersion);
    const changes = sent(body);
    const updated = await write(c, async (scope) => {
      const { tx, audit, accountId, actorName, repeats } = scope;
      const current = found(await findInsurance(tx, accountId, id, true));
      const version = editedVersion(current, expected);
      const before = await presentWithTags(tx, current);
      // Tags compare as a set (any order, any case): the same set sent again is no change.
      const asked = tags ? { ...changes, tags: tagSet(tags) } : changes;
      if (await repeats({ resourceType: 'Insurance', resourceId: id, record: { ...current, tags: tagSet(before.tags) }, version, changes: asked })) return before;
      editable(current, version);
      // The rule between two flags holds on the record this update makes, whichever of them it sends.
      const problem = authorizationProblem({ ...current, ...changes });
      if (problem) throw badRequest(messages.invalidRequest, { isOkToBringAuthorization: problem });
      if (changes.insurancePlanName !== undefined) await assertNameFree(tx, accountId, changes.insurancePlanName, id);
      const retagged = tags ? await replaceTags(scope, 'Insurance', id, tags) : false;
      // Only the tags sent, and they are the insurance's already: nothing changes (as an empty PATCH).
      if (!retagged && Object.keys(changes).length === 0) return before;
      const after = await presentWithTags(tx, await updateVersioned({ tx, accountId, actorName }, insurances, { key: insurances.id, id, version }, changes));
      await audit({ action: 'update', resourceType: 'Insurance', resourceId: id, before, after });
      return after;
    }).catch(nameRace(c.var.deps.db, c.var.account.id, changes.insurancePlanName));
    return c.json(updated);
  })
  .delete('/:id', requires('/insurances/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    await write(c, async ({ tx, audit, accountId, actorName }) => {
      const before = found(await findInsurance(tx, accountId, id, true));
      await tx
        .update(insurances)
        .set({ ...deletedBy(actorName), ...touched(actorName, insurances.version) })
        .where(and(eq(insurances.accountId, accountId), eq(insurances.id, id)));
      await audit({ action: 'delete', resourceType: 'Insurance', resourceId: id, before: await presentWithTags(tx, before) });
    });
    return c.body(null, 204);
  })
  /** Undo of a delete, and the "Recently deleted" page's restore: the same id, back in every list. */
  .post('/:id/restore', requires('/insurances/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const restored = await write(c, async ({ tx, audit, accountId, actorName }) => {
      const deleted = found(await findRestorable(tx, accountId, id));
      await assertNameFree(tx, accountId, deleted.insurancePlanName, id);
      const [after] = await tx
        .update(insurances)
        .set({ ...undeleted, ...touched(actorName, insurances.version) })
        .where(and(eq(insurances.accountId, accountId), eq(insurances.id, id)))
        .returning();
      const restored = await presentWithTags(tx, after!);
      await audit({ action: 'restore', resourceType: 'Insurance', resourceId: id, after: restored });
      return restored;
    }).catch(async (error: unknown) => {
      const [row] = await c.var.deps.db
        .select({ name: insurances.insurancePlanName })
        .from(insurances)
        .where(and(eq(insurances.accountId, c.var.account.id), eq(insurances.id, id)));
      return nameRace(c.var.deps.db, c.var.account.id, row?.name)(error);
    });
    return c.json(restored);
  });

/** The "Recently deleted" page's view of insurances (named by this area's descriptor, area.ts). */
export const insuranceDeleted = {
  resourceType: 'Insurance',
  table: insurances,
  nameColumn: insurances.insurancePlanName,
  resource: '/insurances/{id}' as const,
  path: (id: string) => `/practice/insurances/${id}`,
  restorePath: (id: string) => `/insurances/${id}/restore`,
};
