import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { deletedBy, undeleted } from '../../soft-delete.ts';
import { issueCreateSchema, issueListQuerySchema, issuePatchSchema } from '../../../domain/issues.ts';
import { issueNameTaken } from '../../../domain/messages.ts';
import { requires } from '../../auth/requires.ts';
import type { Db, Tx } from '../../db/client.ts';
import { issues } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError } from '../../errors.ts';
import { editedVersion, expectedVersion, editable, found, idParam, jsonLimit, sent, touched, updateVersioned } from '../../records.ts';
import { json, query } from '../../validate.ts';
import { findIssue, findRestorable, issueNamed, listIssues, presentIssue } from './queries.ts';

const nameTaken = (existing: { id: string; name: string }) => {
  const message = issueNameTaken(existing);
  return new ApiError(409, 'conflict', message, { name: message });
};

/** The name is free in the account (checked first for a message naming the holder; the partial unique index settles races). */
async function assertNameFree(tx: Tx, accountId: string, name: string, except?: string) {
  const holder = await issueNamed(tx, accountId, name, except);
  if (holder) throw nameTaken(holder);
}

/** A concurrent write that took the name between the check and the write: the same 409. */
const nameRace = (db: Db, accountId: string, name: string | undefined) =>
  async (error: unknown): Promise<never> => {
    const cause: unknown = error instanceof Error ? error.cause : undefined;
    if (name && cause instanceof Error && 'constraint' in cause && cause.constraint === 'issues_account_name_unique') {
      const holder = await issueNamed(db, accountId, name);
      if (holder) throw nameTaken(holder);
    }
    throw error;
  };

/**
 * Issues (issue #9, spec §7 `/issues`): the account's catalogue of reasons a patient calls. Every
 * query is scoped to the request's account; a deleted issue is gone from every read and can be
 * restored for 30 days.
 */
export const issueRoutes = new Hono<AppEnv>()
  .get('/', requires('/issues', 'GET'), query(issueListQuerySchema), async (c) => {
    return c.json(await listIssues(c.var.deps.db, c.var.account.id, c.req.valid('query')));
  })
  .post('/', requires('/issues', 'POST'), jsonLimit, json(issueCreateSchema), async (c) => {
    const body = c.req.valid('json');
    const created = await write(c, async ({ tx, audit, accountId, actorName }) => {
      await assertNameFree(tx, accountId, body.name);
      const [row] = await tx.insert(issues).values({ ...body, accountId, createdBy: actorName, modifiedBy: actorName }).returning();
      await audit({ action: 'create', resourceType: 'Issue', resourceId: row!.id, after: presentIssue(row!) });
      return { id: row!.id };
    }).catch(nameRace(c.var.deps.db, c.var.account.id, body.name));
    return c.json(created, 201);
  })
  .get('/:id', requires('/issues/{id}', 'GET'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    return c.json(presentIssue(found(await findIssue(c.var.deps.db, c.var.account.id, id))));
  })
  .patch('/:id', requires('/issues/{id}', 'PATCH'), idParam(), jsonLimit, json(issuePatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { version: sentVersion, ...body } = c.req.valid('json');
    const expected = expectedVersion(c, sentVersion);
    const changes = sent(body);
    const updated = await write(c, async ({ tx, audit, accountId, actorName, repeats }) => {
      const current = found(await findIssue(tx, accountId, id, true));
      const version = editedVersion(current, expected);
      if (await repeats({ resourceType: 'Issue', resourceId: id, record: current, version, changes })) return current;
      editable(current, version);
      if (changes.name !== undefined) await assertNameFree(tx, accountId, changes.name, id);
      const after = await updateVersioned({ tx, accountId, actorName }, issues, { key: issues.id, id, version }, changes);
      await audit({ action: 'update', resourceType: 'Issue', resourceId: id, before: presentIssue(current), after: presentIssue(after) });
      return after;
    }).catch(nameRace(c.var.deps.db, c.var.account.id, changes.name));
    return c.json(presentIssue(updated));
  })
  .delete('/:id', requires('/issues/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    await write(c, async ({ tx, audit, accountId, actorName }) => {
      const before = found(await findIssue(tx, accountId, id, true));
      await tx
        .update(issues)
        .set({ ...deletedBy(actorName), ...touched(actorName, issues.version) })
        .where(and(eq(issues.accountId, accountId), eq(issues.id, id)));
      await audit({ action: 'delete', resourceType: 'Issue', resourceId: id, before: presentIssue(before) });
    });
    return c.body(null, 204);
  })
  /** Undo of a delete, and the "Recently deleted" page's restore: the same id, back in every list. */
  .post('/:id/restore', requires('/issues/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const restored = await write(c, async ({ tx, audit, accountId, actorName }) => {
      const deleted = found(await findRestorable(tx, accountId, id));
      await assertNameFree(tx, accountId, deleted.name, id);
      const [after] = await tx
        .update(issues)
        .set({ ...undeleted, ...touched(actorName, issues.version) })
        .where(and(eq(issues.accountId, accountId), eq(issues.id, id)))
        .returning();
      await audit({ action: 'restore', resourceType: 'Issue', resourceId: id, after: presentIssue(after!) });
      return presentIssue(after!);
    }).catch(async (error: unknown) => {
      const [row] = await c.var.deps.db.select({ name: issues.name }).from(issues).where(and(eq(issues.accountId, c.var.account.id), eq(issues.id, id)));
      return nameRace(c.var.deps.db, c.var.account.id, row?.name)(error);
    });
    return c.json(restored);
  });

/** The "Recently deleted" page's view of issues (named by this area's descriptor, area.ts). */
export const issueDeleted = {
  resourceType: 'Issue',
  table: issues,
  nameColumn: issues.name,
  resource: '/issues/{id}' as const,
  path: (id: string) => `/practice/issues/${id}`,
  restorePath: (id: string) => `/issues/${id}/restore`,
};

