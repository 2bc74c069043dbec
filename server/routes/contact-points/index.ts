import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  contactPointCreateSchema,
  contactPointLimits,
  contactPointListQuerySchema,
  contactPointPatchSchema,
  e164,
  normalizeValue,
  valueProblem,
  type VipLookup,
} from '../../../domain/contact-points.ts';
import { contactPointValueTaken, messages } from '../../../domain/messages.ts';
import { isStorableText } from '../../../domain/text.ts';
import { requires } from '../../auth/requires.ts';
import type { Db, Tx } from '../../db/client.ts';
import { contactPointPractitioners, contactPoints } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, badRequest } from '../../errors.ts';
import { editedVersion, expectedVersion, editable, found, idParam, jsonLimit, sent, touched, updatedRow, updateVersioned } from '../../records.ts';
import { deletedBy, undeleted } from '../../soft-delete.ts';
import { json, query } from '../../validate.ts';
import {
  associationsOf,
  findContactPoint,
  findDeletedContactPoint,
  holderOf,
  knownPractitioners,
  listContactPoints,
  practitionerFull,
  presentContactPoint,
  shownAssociations,
  vipLookup,
} from './queries.ts';

const valueTaken = (existing: { id: string; name: string }) => {
  const message = contactPointValueTaken(existing);
  return new ApiError(409, 'conflict', message, { value: message });
};

/** The value is free for this system in the account (checked first for a message naming the holder; the unique index settles races). */
async function assertValueFree(tx: Tx, accountId: string, system: string, normalizedValue: string, except?: string) {
  const holder = await holderOf(tx, accountId, system, normalizedValue, except);
  if (holder) throw valueTaken(holder);
}

/** A concurrent write that took the value between the check and the insert: the same 409. */
const valueRace = (accountId: string, system: string, normalizedValue: string, db: Db) =>
  async (error: unknown): Promise<never> => {
    const cause: unknown = error instanceof Error ? error.cause : undefined;
    if (cause instanceof Error && 'constraint' in cause && cause.constraint === 'contact_points_account_system_value') {
      const holder = await holderOf(db, accountId, system, normalizedValue);
      if (holder) throw valueTaken(holder);
    }
    throw error;
  };

/** Associations name practitioners of this account only, none already at its maximum of contact points. */
async function assertAssociations(tx: Tx, accountId: string, ids: string[], contactPointId: string | null) {
  const known = await knownPractitioners(tx, accountId, ids);
  if (ids.some((id) => !known.has(id))) throw badRequest(messages.invalidRequest, { associations: messages.contactPointPractitionerUnknown });
  if (await practitionerFull(tx, accountId, ids, contactPointId, contactPointLimits.associations)) {
    throw badRequest(messages.invalidRequest, { associations: messages.practitionerTooManyContactPoints });
  }
}

async function setAssociations(tx: Tx, accountId: string, contactPointId: string, ids: string[]) {
  await tx.delete(contactPointPractitioners).where(and(eq(contactPointPractitioners.accountId, accountId), eq(contactPointPractitioners.contactPointId, contactPointId)));
  if (ids.length > 0) await tx.insert(contactPointPractitioners).values(ids.map((practitionerId) => ({ contactPointId, practitionerId, accountId })));
}

const vipValue = v.pipe(v.string(), v.check(isStorableText), v.trim(), v.minLength(1), v.maxLength(contactPointLimits.text));

/**
 * Contact points (spec §7): `/contactpoints/contact-points` and the call center's VIP lookup
 * `/contactpoints/vip/{value}`. Every query is scoped to the request's account.
 */
export const contactPointRoutes = new Hono<AppEnv>()
  .get('/contact-points', requires('/contactpoints/contact-points', 'GET'), query(contactPointListQuerySchema), async (c) => {
    const list = await listContactPoints(c.var.deps.db, c.var.account.id, c.req.valid('query'));
    // Each item's associations as GET shows them: named (and each name a read) only to a caller who may read practitioners.
    return c.json({ ...list, items: list.items.map((item) => ({ ...item, associations: shownAssociations(c, item.associations) })) });
  })
  .post('/contact-points', requires('/contactpoints/contact-points', 'POST'), jsonLimit, json(contactPointCreateSchema), async (c) => {
    const body = c.req.valid('json');
    const normalizedValue = normalizeValue(body.system, body.value);
    const created = await write(c, async ({ tx, audit, accountId, actorName }) => {
      await assertValueFree(tx, accountId, body.system, normalizedValue);
      await assertAssociations(tx, accountId, body.associations, null);
      const { associations, ...fields } = body;
      const [row] = await tx
        .insert(contactPoints)
        .values({ ...fields, normalizedValue, accountId, createdBy: actorName, modifiedBy: actorName })
        .returning();
      await setAssociations(tx, accountId, row!.id, associations);
      await audit({ action: 'create', resourceType: 'ContactPoint', resourceId: row!.id, after: presentContactPoint(row!, await associationsOf(tx, accountId, row!.id)) });
      return { id: row!.id };
    }).catch(valueRace(c.var.account.id, body.system, normalizedValue, c.var.deps.db));
    return c.json(created, 201);
  })
  .get('/contact-points/:id', requires('/contactpoints/contact-points/{id}', 'GET'), idParam(), async (c) => {
    const { db } = c.var.deps;
    const { id } = c.req.valid('param');
    const row = found(await findContactPoint(db, c.var.account.id, id));
    return c.json(presentContactPoint(row, shownAssociations(c, await associationsOf(db, c.var.account.id, id))));
  })
  .patch('/contact-points/:id', requires('/contactpoints/contact-points/{id}', 'PATCH'), idParam(), jsonLimit, json(contactPointPatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { version: sentVersion, associations, ...body } = c.req.valid('json');
    const expected = expectedVersion(c, sentVersion);
    const changes = sent(body);
    const edited: { key?: { system: string; normalizedValue: string } } = {};
    const updated = await write(c, async ({ tx, audit, accountId, actorName, repeats }) => {
      const current = found(await findContactPoint(tx, accountId, id, true));
      const version = editedVersion(current, expected);
      const system = changes.system ?? current.system;
      const value = changes.value ?? current.value;
      const normalizedValue = normalizeValue(system, value);
      edited.key = { system, normalizedValue };
      const currentAssociations = await associationsOf(tx, accountId, id);
      const record = { ...current, associations: currentAssociations.map((a) => a.id).sort() };
      const asked = { ...changes, normalizedValue, associations: associations && [...associations].sort() };
      if (await repeats({ resourceType: 'ContactPoint', resourceId: id, record, version, changes: asked, sent: { ...changes, associations } })) return { row: current, associations: currentAssociations };
      editable(current, version);
      const problem = valueProblem(system, value);
      if (problem) throw badRequest(messages.invalidRequest, { value: problem });
      await assertValueFree(tx, accountId, system, normalizedValue, id);
      if (associations) await assertAssociations(tx, accountId, associations, id);
      const after = await updateVersioned({ tx, accountId, actorName }, contactPoints, { key: contactPoints.id, id, version }, { ...changes, normalizedValue });
      if (associations) await setAssociations(tx, accountId, id, associations);
      const afterAssociations = associations ? await associationsOf(tx, accountId, id) : currentAssociations;
      await audit({
        action: 'update',
        resourceType: 'ContactPoint',
        resourceId: id,
        before: presentContactPoint(current, currentAssociations),
        after: presentContactPoint(after, afterAssociations),
      });
      return { row: after, associations: afterAssociations };
    }).catch(async (error: unknown) => {
      if (!edited.key) throw error;
      return valueRace(c.var.account.id, edited.key.system, edited.key.normalizedValue, c.var.deps.db)(error);
    });
    return c.json(presentContactPoint(updated.row, shownAssociations(c, updated.associations)));
  })
  // Soft (issue 9): the row and its associations stay, out of every read, for a restore within 30 days.
  .delete('/contact-points/:id', requires('/contactpoints/contact-points/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    await write(c, async ({ tx, audit, accountId, actorName }) => {
      const before = found(await findContactPoint(tx, accountId, id, true));
      const associations = await associationsOf(tx, accountId, id);
      await tx
        .update(contactPoints)
        .set({ ...deletedBy(actorName), ...touched(actorName, contactPoints.version) })
        .where(and(eq(contactPoints.accountId, accountId), eq(contactPoints.id, id)));
      await audit({ action: 'delete', resourceType: 'ContactPoint', resourceId: id, before: presentContactPoint(before, associations) });
    });
    return c.body(null, 204);
  })
  /**
   * Undoes a DELETE of the last 30 days: the same id, fields and associations. Refused (409) when
   * the number was taken meanwhile, or a practitioner of it has since reached 25 contact points.
   */
  .post('/contact-points/:id/restore', requires('/contactpoints/contact-points/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const restoring: { key?: { system: string; normalizedValue: string } } = {};
    const restored = await write(c, async ({ tx, audit, accountId, actorName }) => {
      const deleted = found(await findDeletedContactPoint(tx, accountId, id));
      restoring.key = { system: deleted.system, normalizedValue: deleted.normalizedValue };
      await assertValueFree(tx, accountId, deleted.system, deleted.normalizedValue, id);
      const associations = await associationsOf(tx, accountId, id);
      if (await practitionerFull(tx, accountId, associations.map((a) => a.id), id, contactPointLimits.associations)) {
        throw new ApiError(409, 'conflict', messages.practitionerTooManyContactPoints, { associations: messages.practitionerTooManyContactPoints });
      }
      const after = updatedRow(
        await tx
          .update(contactPoints)
          .set({ ...undeleted, ...touched(actorName, contactPoints.version) })
          .where(and(eq(contactPoints.accountId, accountId), eq(contactPoints.id, id)))
          .returning(),
      );
      const record = presentContactPoint(after, associations);
      await audit({ action: 'restore', resourceType: 'ContactPoint', resourceId: id, after: record });
      return record;
    }).catch(async (error: unknown) => {
      if (!restoring.key) throw error;
      return valueRace(c.var.account.id, restoring.key.system, restoring.key.normalizedValue, c.var.deps.db)(error);
    });
    return c.json({ ...restored, associations: shownAssociations(c, restored.associations) });
  })
  /**
   * The call center's lookup for every incoming call: the number in any spelling (`(555) 123-4567`,
   * `555.123.4567`, `+1 555 123 4567`), normalised, then one probe of the account's value index.
   */
  .get('/vip/:value', requires('/contactpoints/vip/{value}', 'GET'), async (c) => {
    const parsed = v.safeParse(vipValue, c.req.param('value'));
    if (!parsed.success) throw badRequest(messages.invalidRequest, { value: messages.contactPointValueMin });
    const typed = parsed.output;
    const phone = e164(typed);
    // A phone number by its E.164 form; other values as typed or lower-cased (an email address is stored lower-cased).
    const row = await vipLookup(c.var.deps.db, c.var.account.id, phone ? [phone] : [...new Set([typed, typed.toLowerCase()])]);
    const answer: VipLookup = { vip: row?.vip ?? false, contactPoint: row && { id: row.id, name: row.name, value: row.value, system: row.system } };
    return c.json(answer);
  });

/** What "Recently deleted" lists of contact points (named by this area's descriptor, area.ts). */
export const contactPointDeleted = {
  resourceType: 'ContactPoint',
  table: contactPoints,
  nameColumn: contactPoints.name,
  resource: '/contactpoints/contact-points/{id}' as const,
  path: (id: string) => `/practice/contact-points/${id}`,
  restorePath: (id: string) => `/contactpoints/contact-points/${id}/restore`,
};
