import { and, asc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { commentCreateSchema, interactionCreateSchema, interactionListQuerySchema, interactionPatchSchema, mentionableQuerySchema, type Interaction, type InteractionCommentList, type MentionableUserList } from '../../../domain/interactions.ts';
import { isAllowed } from '../../../domain/permissions.ts';
import { messages } from '../../../domain/messages.ts';
import { interactionMessages } from '../../../domain/interaction-messages.ts';
import { mentions } from '../../../domain/mentions.ts';
import { recordReads } from '../../access-log.ts';
import { requires } from '../../auth/requires.ts';
import type { Db, Tx } from '../../db/client.ts';
import { interactionComments, interactions, roles, users } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import type { AppEnv } from '../../env.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { notify } from '../../notifications/notify.ts';
import { prefixPattern } from '../../search/like.ts';
import { editedVersion, expectedVersion, idParam, jsonLimit, requestTooLarge, sent, touched, updateVersioned } from '../../records.ts';
import { deletedBy, undeleted, type DeletedDescriptor } from '../../soft-delete.ts';
import { json, query } from '../../validate.ts';
import { findInteraction, findRestorable, interactionValues, listComments, listInteractions, patientPersonsOf, presentComment, presentInteraction } from './queries.ts';

/** The one catalogue resource of every interactions route (spec §6 "interactions"). */
const RESOURCE = '/interactions/interactions';

/** An id that is not one names no interaction: the spec's 'Interaction Not Found', like a missing one. */
const interactionId = () => idParam(() => notFound(interactionMessages.interactionNotFound));

/** A call's whole timeline (500 events with their raw details) is larger than the usual 64 KB of JSON. */
const interactionBodyLimit = bodyLimit({
  maxSize: 1024 * 1024,
  onError: () => {
    throw requestTooLarge();
  },
});

/**
 * The users of an account a comment may mention: its active users whose role may read
 * interactions, or instance administrators (a mention notifies with a link to the call, which
 * anyone else could not open). The one rule of the comment's POST and of the `@` picker's list.
 */
function mentionable(db: Db | Tx, accountId: string, where?: SQL) {
  return db.select({ id: users.personId, name: users.name }).from(users).leftJoin(roles, eq(roles.id, users.roleId)).where(mentionableWhere(accountId, where));
}
function mentionableWhere(accountId: string, where?: SQL) {
  const mayRead = sql`(${users.instanceAdmin} or coalesce((${roles.resources} -> ${RESOURCE} ->> 'GET')::boolean, false))`;
  return and(eq(users.accountId, accountId), eq(users.active, true), mayRead, where);
}
/** Whether a user (joined with their role) may comment too: the comment box needs POST (issue 40: the picker says when they may not). */
const mayReply = sql<boolean>`(${users.instanceAdmin} or coalesce((${roles.resources} -> ${RESOURCE} ->> 'POST')::boolean, false))`;

/**
 * The users of the account a comment mentions: the ids sent and every `@Name` in the text (a
 * user's name, any case, after an @ that starts a word, ending a word: domain/mentions.ts). Only users who may be mentioned (above): a mentioned id of
 * anyone else is refused, a name of anyone else is plain text.
 */
async function mentionedUsers(tx: Tx, accountId: string, ids: string[], content: string) {
  const byId = ids.length > 0 ? await mentionable(tx, accountId, inArray(users.personId, ids)) : [];
  if (byId.length !== new Set(ids).size) throw badRequest(messages.invalidRequest, { mentions: interactionMessages.commentMentionUnknown });
  // The names found in the text, then only those mentioned by the rule of domain/mentions.ts (a word's start to a word's end).
  const named = content.includes('@') ? await mentionable(tx, accountId, sql`position('@' || lower(${users.name}) in lower(${content})) > 0`) : [];
  const byName = named.filter((u) => mentions(content, u.name));
  const all = new Map([...byId, ...byName].map((u) => [u.id, u]));
  return [...all.values()];
}

/**
 * Interactions (issue 26, spec §3, §7 `/interactions/interactions`): the account's call history.
 * Every query is scoped to the request's account; a deleted interaction is gone from every read and
 * can be restored for 30 days. Patient data is protected health information: reads are recorded in
 * the access log, and nothing of a body or query reaches a log line or an error answer.
 */
export const interactionRoutes = new Hono<AppEnv>()
  .get('/interactions', requires(RESOURCE, 'GET'), query(interactionListQuerySchema), async (c) => {
    const list = await listInteractions(c.var.deps.db, c.var.account.id, c.req.valid('query'));
    recordReads(c, 'Interaction', 'list', list.items.map((item) => item.id));
    return c.json(list);
  })
  .post('/interactions', requires(RESOURCE, 'POST'), interactionBodyLimit, json(interactionCreateSchema), async (c) => {
    const body = c.req.valid('json');
    const created = await write(c, async ({ tx, audit, accountId, actorName }) => {
      const [row] = await tx.insert(interactions).values(interactionValues(body, accountId, actorName)).returning();
      // The log keeps what changed, not who the patient is: the record's id and its shape's facts.
      await audit({ action: 'create', resourceType: 'Interaction', resourceId: row!.id, after: auditView(row!) });
      return { id: row!.id };
    });
    return c.json(created, 201);
  })
  /**
   * The `@` picker's users: who may be mentioned (the rule the comment's POST applies), a name's
   * word starting like `q`, by name. For those who may comment: ids and names, no more.
   */
  .get('/interactions/mentionable', requires(RESOURCE, 'POST'), query(mentionableQuerySchema), async (c) => {
    const { q, limit } = c.req.valid('query');
    const word = q ? prefixPattern(q.toLowerCase()) : null;
    const rows = await c.var.deps.db
      .select({ id: users.personId, name: users.name, canReply: mayReply })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(mentionableWhere(c.var.account.id, word ? or(like(sql`lower(${users.name})`, word), like(sql`lower(${users.name})`, `% ${word}`)) : undefined))
      .orderBy(asc(users.name), asc(users.personId))
      .limit(limit);
    const answer: MentionableUserList = { items: rows };
    return c.json(answer);
  })
  .get('/interactions/:id', requires(RESOURCE, 'GET'), interactionId(), async (c) => {
    const { id } = c.req.valid('param');
    const row = await findInteraction(c.var.deps.db, c.var.account.id, id);
    const interaction = presentInteraction(row);
    recordReads(c, 'Interaction', 'view', [id]);
    // Whom the patient is, by the call's number (issue 40: the page links to them): only for a
    // role that may read persons, and their names are reads of patient data.
    const mayReadPersons = c.var.caller.instanceAdmin || isAllowed(c.var.account.role?.resources, '/person/persons/{id}', 'GET');
    if (!mayReadPersons) return c.json(interaction);
    const patientPersons = await patientPersonsOf(c.var.deps.db, c.var.account.id, row.contactDigits);
    recordReads(c, 'Person', 'view', patientPersons.map((p) => p.id));
    return c.json({ ...interaction, patientPersons } satisfies Interaction);
  })
  .patch('/interactions/:id', requires(RESOURCE, 'PATCH'), interactionId(), jsonLimit, json(interactionPatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { version: sentVersion, disposition, latestDisposition, ...rest } = c.req.valid('json');
    const expected = expectedVersion(c, sentVersion);
    const changes = sent({ ...rest, latestDisposition: latestDisposition !== undefined ? latestDisposition : disposition });
    const updated = await write(c, async ({ tx, audit, accountId, actorName, repeats }) => {
      const current = await findInteraction(tx, accountId, id, true);
      const version = editedVersion(current, expected);
      if (await repeats({ resourceType: 'Interaction', resourceId: id, record: current, version, changes })) return current;
      if (current.version !== version) throw conflict(messages.conflict);
      const derived = {
        ...changes,
        // No escalation, no kind of escalation; a call that ended is complete.
        ...(changes.escalated === false && changes.escalatedType === undefined && { escalatedType: null }),
        ...(changes.status !== undefined && { isComplete: changes.status === 'completed' || changes.status === 'abandoned' }),
      };
      const after = await updateVersioned({ tx, accountId, actorName }, interactions, { key: interactions.id, id, version }, derived);
      await audit({ action: 'update', resourceType: 'Interaction', resourceId: id, before: auditView(current), after: auditView(after) });
      return after;
    });
    return c.json(presentInteraction(updated));
  })
  .delete('/interactions/:id', requires(RESOURCE, 'DELETE'), interactionId(), async (c) => {
    const { id } = c.req.valid('param');
    await write(c, async ({ tx, audit, accountId, actorName }) => {
      const before = await findInteraction(tx, accountId, id, true);
      await tx
        .update(interactions)
        .set({ ...deletedBy(actorName), ...touched(actorName, interactions.version) })
        .where(and(eq(interactions.accountId, accountId), eq(interactions.id, id)));
      await audit({ action: 'delete', resourceType: 'Interaction', resourceId: id, before: auditView(before) });
    });
    return c.body(null, 204);
  })
  /** Undo of a delete, and the "Recently deleted" page's restore: the same id, back in every list. */
  .post('/interactions/:id/restore', requires(RESOURCE, 'DELETE'), interactionId(), async (c) => {
    const { id } = c.req.valid('param');
    const restored = await write(c, async ({ tx, audit, accountId, actorName }) => {
      await findRestorable(tx, accountId, id);
      const [after] = await tx
        .update(interactions)
        .set({ ...undeleted, ...touched(actorName, interactions.version) })
        .where(and(eq(interactions.accountId, accountId), eq(interactions.id, id)))
        .returning();
      await audit({ action: 'restore', resourceType: 'Interaction', resourceId: id, after: auditView(after!) });
      return presentInteraction(after!);
    });
    return c.json(restored);
  })
  .get('/interactions/:id/comments', requires(RESOURCE, 'GET'), interactionId(), async (c) => {
    const { id } = c.req.valid('param');
    const { db } = c.var.deps;
    await findInteraction(db, c.var.account.id, id);
    const answer: InteractionCommentList = { items: await listComments(db, c.var.account.id, id) };
    recordReads(c, 'Interaction', 'view', [id]);
    return c.json(answer);
  })
  /**
   * Adds a comment (spec §3 Comments). Each user it mentions (by id in `mentions`, or `@Name` in
   * the text) is notified through the notifications' fan-out, with a link to the interaction; the
   * notification names the call by its time, never the patient.
   */
  .post('/interactions/:id/comments', requires(RESOURCE, 'POST'), interactionId(), jsonLimit, json(commentCreateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const { caller } = c.var;
    const comment = await write(c, async ({ tx, audit, accountId }) => {
      const interaction = await findInteraction(tx, accountId, id);
      const ids = body.mentions.map((m) => (typeof m === 'string' ? m : m.id));
      const mentioned = await mentionedUsers(tx, accountId, ids, body.body.content);
      const [row] = await tx
        .insert(interactionComments)
        .values({
          accountId,
          interactionId: id,
          fromId: caller.personId,
          fromName: caller.name,
          status: body.status,
          contentType: body.body.contentType,
          content: body.body.content,
          attachments: body.attachments,
          mentions: mentioned,
        })
        .returning();
      const others = mentioned.filter((u) => u.id !== caller.personId);
      await notify(tx, {
        accountId,
        userIds: others.map((u) => u.id),
        title: 'You were mentioned on an interaction',
        message: `${caller.name} mentioned you in a comment on the ${interaction.direction} call of ${interaction.startTimestamp.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
        jumpPath: `/interactions/${id}`,
      });
      await audit({ action: 'create', resourceType: 'InteractionComment', resourceId: row!.id, after: { interactionId: id, mentions: mentioned.map((u) => u.id), attachments: body.attachments.length } });
      return presentComment(row!);
    });
    return c.json(comment, 201);
  });

/**
 * What the system log keeps of an interaction: who changed what, without the patient (the log is
 * read by roles that may not read patient data; the record itself is where the patient is).
 */
function auditView(row: typeof interactions.$inferSelect) {
  return {
    id: row.id,
    version: row.version,
    startTimestamp: row.startTimestamp.toISOString(),
    direction: row.direction,
    status: row.status,
    escalated: row.escalated,
    escalatedType: row.escalatedType,
    latestDisposition: row.latestDisposition,
    // Notes may name the patient: the log says how long they are, not what they say.
    agentNotes: row.agentNotes === null ? null : `${row.agentNotes.length} characters`,
    queueId: row.queueId,
    agentId: row.agentId,
    teamId: row.teamId,
    events: row.events.length,
  };
}

/** "Recently deleted" lists interactions by their start time (never the patient's name). */
export const interactionDeleted: DeletedDescriptor = {
  resourceType: 'Interaction',
  table: interactions,
  nameColumn: sql<string>`'Interaction of ' || to_char(${interactions.startTimestamp} at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC'`,
  resource: RESOURCE,
  path: (id) => `/interactions/${id}`,
  restorePath: (id) => `/interactions/interactions/${id}/restore`,
};
