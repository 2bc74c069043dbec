import { and, eq, sql } from 'drizzle-orm';
import { recordReads } from '../../access-log.ts';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { messages } from '../../../domain/messages.ts';
import { practitionerCreateSchema, practitionerListQuerySchema, practitionerPatchSchema, practitionerPhotoMaxBytes } from '../../../domain/persons.ts';
import { requires } from '../../auth/requires.ts';
import { practitionerPhotos, practitioners } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, badRequest, conflict, notFound } from '../../errors.ts';
import { editedVersion, expectedVersion, editable, found, idParam, jsonLimit, sent, updateVersioned } from '../../records.ts';
import { removeTagsOf } from '../../tagged.ts';
import { json, query } from '../../validate.ts';
import { contactPointsOf } from '../contact-points/queries.ts';
import { findPerson, flagPerson } from '../persons/queries.ts';
import { imageType } from './photo.ts';
import { findPractitioner, listPractitioners, photoColumns, photoMeta, presentPhoto, presentPractitioner } from './queries.ts';

const photoTooLarge = () => new ApiError(413, 'payload_too_large', messages.photoTooLarge);

/**
 * Practitioners (spec §7): a person's practitioner record and its photo, keyed by the person's id
 * (server/routes/persons/), at /person/practitioners. Every query is scoped to the request's
 * account; a record of another account answers 404 (its existence is not revealed).
 */
export const practitionerRoutes = new Hono<AppEnv>()
  .get('/practitioners', requires('/person/practitioners', 'GET'), query(practitionerListQuerySchema), async (c) => {
    const list = await listPractitioners(c.var.deps.db, c.var.account.id, c.req.valid('query'));
    recordReads(c, 'Practitioner', 'list', list.items.map((item) => item.id));
    return c.json(list);
  })
  .post('/practitioners/:id', requires('/person/practitioners/{id}', 'POST'), idParam(), jsonLimit, json(practitionerCreateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    await write(c, async ({ tx, audit, accountId, actorName }) => {
      const person = found(await findPerson(tx, accountId, id, true));
      if (person.practitionerRecord || (await findPractitioner(tx, accountId, id))) throw conflict(messages.practitionerExists);
      const [practitioner] = await tx
        .insert(practitioners)
        .values({
          ...sent(body),
          personId: id,
          accountId,
          createdBy: actorName,
          modifiedBy: actorName,
          name: body.name ?? person.displayName,
        })
        .returning();
      await flagPerson(tx, accountId, id, { practitionerRecord: true });
      await audit({ action: 'create', resourceType: 'Practitioner', resourceId: id, after: presentPractitioner(practitioner!, null) });
    });
    return c.json({ id }, 201);
  })
  .get('/practitioners/:id', requires('/person/practitioners/{id}', 'GET'), idParam(), async (c) => {
    const { db } = c.var.deps;
    const { id } = c.req.valid('param');
    const row = found(await findPractitioner(db, c.var.account.id, id));
    const practitioner = presentPractitioner(row, await photoMeta(db, c.var.account.id, id), await contactPointsOf(db, c.var.account.id, id));
    recordReads(c, 'Practitioner', 'view', [practitioner.id]);
    return c.json(practitioner);
  })
  .patch('/practitioners/:id', requires('/person/practitioners/{id}', 'PATCH'), idParam(), jsonLimit, json(practitionerPatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { version: sentVersion, photo, ...body } = c.req.valid('json');
    const expected = expectedVersion(c, sentVersion);
    const changes = sent(body);
    const updated = await write(c, async ({ tx, audit, accountId, actorName, repeats }) => {
      const current = found(await findPractitioner(tx, accountId, id, true));
      const version = editedVersion(current, expected);
      const photoAsAsked = photo !== null || !(await photoMeta(tx, accountId, id));
      if (photoAsAsked && (await repeats({ resourceType: 'Practitioner', resourceId: id, record: current, version, changes }))) return current;
      const before = editable(current, version);
      const after = await updateVersioned({ tx, accountId, actorName }, practitioners, { key: practitioners.personId, id, version }, changes);
      await audit({ action: 'update', resourceType: 'Practitioner', resourceId: id, before: presentPractitioner(before, null), after: presentPractitioner(after, null) });
      if (photo === null) {
        const [removed] = await tx
          .delete(practitionerPhotos)
          .where(and(eq(practitionerPhotos.accountId, accountId), eq(practitionerPhotos.personId, id)))
          .returning(photoColumns);
        if (removed) await audit({ action: 'delete', resourceType: 'PractitionerPhoto', resourceId: id, before: removed });
      }
      return after;
    });
    const { db } = c.var.deps;
    return c.json(presentPractitioner(updated, await photoMeta(db, updated.accountId, id), await contactPointsOf(db, updated.accountId, id)));
  })
  .delete('/practitioners/:id', requires('/person/practitioners/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    await write(c, async ({ tx, audit, accountId }) => {
      const before = found(await findPractitioner(tx, accountId, id, true));
      // The photo goes with it (foreign key cascade).
      await tx.delete(practitioners).where(and(eq(practitioners.accountId, accountId), eq(practitioners.personId, id)));
      // Deleted for good: its tags go too (a practitioner made again later starts untagged).
      await removeTagsOf(tx, accountId, 'Practitioner', id);
      await flagPerson(tx, accountId, id, { practitionerRecord: false });
      await audit({ action: 'delete', resourceType: 'Practitioner', resourceId: id, before: presentPractitioner(before, null) });
    });
    return c.body(null, 204);
  })
  /**
   * The photo: a raw PNG or JPEG body (Content-Type image/png or image/jpeg) of at most 1 MB.
   * Its own sub-resource: uploading it does not change the practitioner's version, so a form
   * being edited is not made stale by its own photo upload.
   */
  .put(
    '/practitioners/:id/photo',
    requires('/person/practitioners/{id}', 'PATCH'),
    idParam(),
    bodyLimit({
      maxSize: practitionerPhotoMaxBytes,
      onError: () => {
        throw photoTooLarge();
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const declared = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.length > practitionerPhotoMaxBytes) throw photoTooLarge();
      const actual = imageType(bytes);
      if (!actual || (declared !== actual && !(declared === 'image/jpg' && actual === 'image/jpeg'))) {
        throw badRequest(messages.photoType, { photo: messages.photoType });
      }
      const meta = await write(c, async ({ tx, audit, accountId, actorName }) => {
        found(await findPractitioner(tx, accountId, id, true));
        const before = await photoMeta(tx, accountId, id);
        const values = { contentType: actual, size: bytes.length, bytes: Buffer.from(bytes), modifiedBy: actorName, modifiedTimestamp: sql`now()` };
        const [row] = await tx
          .insert(practitionerPhotos)
          .values({ personId: id, accountId, ...values })
          .onConflictDoUpdate({ target: practitionerPhotos.personId, set: values })
          .returning(photoColumns);
        await audit({ action: before ? 'update' : 'create', resourceType: 'PractitionerPhoto', resourceId: id, before, after: row });
        return row!;
      });
      return c.json(presentPhoto(id, meta));
    },
  )
  .get('/practitioners/:id/photo', requires('/person/practitioners/{id}', 'GET'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await c.var.deps.db
      .select({ contentType: practitionerPhotos.contentType, bytes: practitionerPhotos.bytes })
      .from(practitionerPhotos)
      .where(and(eq(practitionerPhotos.accountId, c.var.account.id), eq(practitionerPhotos.personId, id)));
    if (!row) throw notFound(messages.photoMissing);
    return c.body(new Uint8Array(row.bytes), 200, {
      'Content-Type': row.contentType,
      'Content-Length': String(row.bytes.length),
      // Private: the photo belongs to an account; the SPA refetches after an upload anyway.
      'Cache-Control': 'private, no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
  });
