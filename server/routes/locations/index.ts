import { deletedBy, undeleted } from '../../soft-delete.ts';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { locationCreateSchema, locationListQuerySchema, locationPatchSchema } from '../../../domain/locations.ts';
import { requires } from '../../auth/requires.ts';
import { locations } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import type { AppEnv } from '../../env.ts';
import { editedVersion, expectedVersion, editable, found, idParam, jsonLimit, sent, touched, updateVersioned } from '../../records.ts';
import { json, query } from '../../validate.ts';
import { findLocation, findRestorable, listLocations, presentLocation } from './queries.ts';

/** The "Recently deleted" page's entry for locations (named by this area's descriptor, area.ts). */
export const locationDeleted = {
  resourceType: 'Location',
  table: locations,
  nameColumn: locations.name,
  resource: '/locations/locations/{id}' as const,
  path: (id: string) => `/practice/locations/${id}`,
  restorePath: (id: string) => `/locations/locations/${id}/restore`,
};

/**
 * Locations (spec §7): `/locations/locations`. Every query is scoped to the request's account and
 * sees live locations only; DELETE is soft (restorable for 30 days through `…/{id}/restore`).
 */
export const locationRoutes = new Hono<AppEnv>()
  .get('/locations', requires('/locations/locations', 'GET'), query(locationListQuerySchema), async (c) => {
    return c.json(await listLocations(c.var.deps.db, c.var.account.id, c.req.valid('query')));
  })
  .post('/locations', requires('/locations/locations', 'POST'), jsonLimit, json(locationCreateSchema), async (c) => {
    const body = c.req.valid('json');
    const created = await write(c, async ({ tx, audit, accountId, actorName }) => {
      const [row] = await tx.insert(locations).values({ ...body, accountId, createdBy: actorName, modifiedBy: actorName }).returning();
      await audit({ action: 'create', resourceType: 'Location', resourceId: row!.id, after: presentLocation(row!) });
      return { id: row!.id };
    });
    return c.json(created, 201);
  })
  .get('/locations/:id', requires('/locations/locations/{id}', 'GET'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    return c.json(presentLocation(found(await findLocation(c.var.deps.db, c.var.account.id, id))));
  })
  .patch('/locations/:id', requires('/locations/locations/{id}', 'PATCH'), idParam(), jsonLimit, json(locationPatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { version: sentVersion, ...body } = c.req.valid('json');
    const expected = expectedVersion(c, sentVersion);
    const changes = sent(body);
    const updated = await write(c, async ({ tx, audit, accountId, actorName, repeats }) => {
      const current = found(await findLocation(tx, accountId, id, true));
      const version = editedVersion(current, expected);
      if (await repeats({ resourceType: 'Location', resourceId: id, record: current, version, changes })) return current;
      editable(current, version);
      const after = await updateVersioned({ tx, accountId, actorName }, locations, { key: locations.id, id, version }, changes);
      await audit({ action: 'update', resourceType: 'Location', resourceId: id, before: presentLocation(current), after: presentLocation(after) });
      return after;
    });
    return c.json(presentLocation(updated));
  })
  .delete('/locations/:id', requires('/locations/locations/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    await write(c, async ({ tx, audit, accountId, actorName }) => {
      const before = found(await findLocation(tx, accountId, id, true));
      await tx
        .update(locations)
        .set({ ...deletedBy(actorName), ...touched(actorName, locations.version) })
        .where(and(eq(locations.accountId, accountId), eq(locations.id, id)));
      await audit({ action: 'delete', resourceType: 'Location', resourceId: id, before: presentLocation(before) });
    });
    return c.body(null, 204);
  })
  /** Undo of a delete: the same location, same id, back in lists and search; 404 after 30 days. */
  .post('/locations/:id/restore', requires('/locations/locations/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const restored = await write(c, async ({ tx, audit, accountId, actorName }) => {
      const deleted = found(await findRestorable(tx, accountId, id));
      const [row] = await tx
        .update(locations)
        .set({ ...undeleted, ...touched(actorName, locations.version) })
        .where(and(eq(locations.accountId, accountId), eq(locations.id, id)))
        .returning();
      await audit({ action: 'restore', resourceType: 'Location', resourceId: id, before: presentLocation(deleted), after: presentLocation(row!) });
      return presentLocation(row!);
    });
    return c.json(restored);
  });
