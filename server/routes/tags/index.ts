import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { messages } from '../../../domain/messages.ts';
import {
  tagCreateSchema,
  tagLimits,
  tagListQuerySchema,
  tagMessages,
  tagPatchSchema,
  tagTaken,
  type TaggedResourceType,
} from '../../../domain/tags.ts';
import { requires } from '../../auth/requires.ts';
import type { Tx } from '../../db/client.ts';
import { tags } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, badRequest, conflict } from '../../errors.ts';
import { editedVersion, expectedVersion, editable, found, idParam, jsonLimit, sent, touched, updateVersioned } from '../../records.ts';
import { deletedBy, undeleted, type DeletedDescriptor } from '../../soft-delete.ts';
import { taggableExists, taggables, taggedRecordName, tagRecordExists, type MayRead } from '../../tagged.ts';
import { isAllowed } from '../../../domain/permissions.ts';
import type { Context } from 'hono';
import { json, query } from '../../validate.ts';
import { auditedTag, findDeletedTag, findTag, listTags, presentTag, sameTag, tagCount } from './queries.ts';

const taken = (tag: { key: string; value: string }) => {
  const message = tagTaken(tag);
  return new ApiError(409, 'conflict', message, { value: message });
};

/** The record already has this key and value: a check first for the message, the unique index for races. */
async function assertNew(tx: Tx, accountId: string, type: TaggedResourceType, resourceId: string, key: string, value: string, except?: string) {
  const existing = await sameTag(tx, accountId, type, resourceId, key, value, except);
  if (existing) throw taken(existing);
}

/** A concurrent write made the same tag between the check and the insert: the same 409. */
const tagRace = (tag: { key: string; value: string }) => (error: unknown): never => {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error && 'constraint' in cause && cause.constraint === 'tags_account_resource_key_value') throw taken(tag);
  throw error;
};

/** What the caller's role may read: a tag is seen and changed only on records the role may read. */
const readsOf = (c: Context<AppEnv>): MayRead => (resource) => c.var.caller.instanceAdmin || isAllowed(c.var.account.role?.resources, resource, 'GET');

/**
 * Tags (spec §3, §7 `/tag`): create, list, get, update (versioned), delete, each behind its
 * catalogue resource and scoped to the request's account. A tag goes only on a record of the
 * account (server/tagged.ts names the kinds). Deleting is soft (issue 9): a deleted tag leaves the
 * record's Tags section, the list filters and the palette at once, and Undo (or "Recently
 * deleted") restores it with its id for 30 days, unless the record has the same tag again by then.
 */
export const tagRoutes = new Hono<AppEnv>()
  .get('/', requires('/tag', 'GET'), query(tagListQuerySchema), async (c) => {
    return c.json(await listTags(c.var.deps.db, c.var.account.id, c.req.valid('query'), readsOf(c)));
  })
  .post('/', requires('/tag', 'POST'), jsonLimit, json(tagCreateSchema), async (c) => {
    const body = c.req.valid('json');
    const created = await write(c, async ({ tx, audit, accountId, actorName }) => {
      const kind = taggables()[body.taggedResourceType];
      if (!kind || !readsOf(c)(kind.resource) || !(await taggableExists(tx, accountId, body.taggedResourceType, body.taggedResourceId))) {
        throw badRequest(messages.invalidRequest, { taggedResourceId: tagMessages.resourceUnknown });
      }
      await assertNew(tx, accountId, body.taggedResourceType, body.taggedResourceId, body.key, body.value);
      if ((await tagCount(tx, accountId, body.taggedResourceType, body.taggedResourceId)) >= tagLimits.perRecord) {
        throw badRequest(messages.invalidRequest, { key: tagMessages.tooMany });
      }
      const [row] = await tx.insert(tags).values({ ...body, accountId, createdBy: actorName, modifiedBy: actorName }).returning();
      await audit({ action: 'create', resourceType: 'Tag', resourceId: row!.id, after: auditedTag(row!) });
      return { id: row!.id };
    }).catch(tagRace(body));
    return c.json(created, 201);
  })
  .get('/:id', requires('/tag/{id}', 'GET'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    return c.json(presentTag(found(await findTag(c.var.deps.db, c.var.account.id, id, readsOf(c)))));
  })
  .patch('/:id', requires('/tag/{id}', 'PATCH'), idParam(), jsonLimit, json(tagPatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { version: sentVersion, ...body } = c.req.valid('json');
    const expected = expectedVersion(c, sentVersion);
    const changes = sent(body);
    const asked: { key?: string; value?: string } = {};
    const updated = await write(c, async ({ tx, audit, accountId, actorName, repeats }) => {
      const current = found(await findTag(tx, accountId, id, readsOf(c), true));
      const version = editedVersion(current, expected);
      if (await repeats({ resourceType: 'Tag', resourceId: id, record: current, version, changes })) return current;
      editable(current, version);
      const key = changes.key ?? current.key;
      const value = changes.value ?? current.value;
      Object.assign(asked, { key, value });
      await assertNew(tx, accountId, current.taggedResourceType, current.taggedResourceId, key, value, id);
      const after = await updateVersioned({ tx, accountId, actorName }, tags, { key: tags.id, id, version }, changes);
      await audit({ action: 'update', resourceType: 'Tag', resourceId: id, before: auditedTag(current), after: auditedTag(after) });
      return after;
    }).catch((error: unknown) => tagRace({ key: asked.key ?? '', value: asked.value ?? '' })(error));
    return c.json(presentTag(updated));
  })
  .delete('/:id', requires('/tag/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    await write(c, async ({ tx, audit, accountId, actorName }) => {
      const before = found(await findTag(tx, accountId, id, readsOf(c), true));
      await tx
        .update(tags)
        .set({ ...deletedBy(actorName), ...touched(actorName, tags.version) })
        .where(and(eq(tags.accountId, accountId), eq(tags.id, id)));
      await audit({ action: 'delete', resourceType: 'Tag', resourceId: id, before: auditedTag(before) });
    });
    return c.body(null, 204);
  })
  /**
   * Undo of a delete, and the "Recently deleted" page's restore: the same id, back on its record.
   * The record must be live; a record that has the same key and value again (added after the
   * delete) keeps that one and the restore is 409 (the unique rule is among live tags).
   */
  .post('/:id/restore', requires('/tag/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const asked = { key: '', value: '' };
    const restored = await write(c, async ({ tx, audit, accountId, actorName }) => {
      const deleted = found(await findDeletedTag(tx, accountId, id, readsOf(c)));
      Object.assign(asked, { key: deleted.key, value: deleted.value });
      const existing = await sameTag(tx, accountId, deleted.taggedResourceType, deleted.taggedResourceId, deleted.key, deleted.value);
      if (existing) throw conflict(tagTaken(existing));
      if ((await tagCount(tx, accountId, deleted.taggedResourceType, deleted.taggedResourceId)) >= tagLimits.perRecord) throw conflict(tagMessages.tooMany);
      const [after] = await tx
        .update(tags)
        .set({ ...undeleted, ...touched(actorName, tags.version) })
        .where(and(eq(tags.accountId, accountId), eq(tags.id, id)))
        .returning();
      await audit({ action: 'restore', resourceType: 'Tag', resourceId: id, after: auditedTag(after!) });
      return presentTag(after!);
    }).catch((error: unknown) => tagRace(asked)(error));
    return c.json(restored);
  });

/**
 * The "Recently deleted" page's view of tags: named "key: value on <record>", listed while the
 * record is live and of a kind the caller may read; its screen is the record's.
 */
export const tagDeleted: DeletedDescriptor = {
  resourceType: 'Tag',
  table: tags,
  // Read when listed: the kinds of tagged record are the areas', known once they are all loaded.
  get nameColumn() {
    return sql<string>`${tags.key} || ': ' || ${tags.value} || ' on ' || coalesce(${taggedRecordName()}, '')`;
  },
  refs: { type: tags.taggedResourceType, record: tags.taggedResourceId },
  listed: (accountId, mayRead) => tagRecordExists(accountId, mayRead),
  resource: '/tag/{id}',
  path: (_, refs) => taggables()[refs.type as TaggedResourceType]?.path(refs.record ?? '') ?? '/home',
  restorePath: (id) => `/tag/${id}/restore`,
};
