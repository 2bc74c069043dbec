import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import {
  notificationCreateSchema,
  notificationListQuerySchema,
  notificationMessages,
  notificationPatchSchema,
  type Notification,
  type NotificationList,
} from '../../../domain/notifications.ts';
import { interactionStreamEvent } from '../../../domain/interactions.ts';
import { messages } from '../../../domain/messages.ts';
import { isAllowed } from '../../../domain/permissions.ts';
import { requires } from '../../auth/requires.ts';
import type { Db } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, badRequest } from '../../errors.ts';
import { found, idParam, jsonLimit } from '../../records.ts';
import { json, query } from '../../validate.ts';

type Row = typeof notifications.$inferSelect;

const present = (row: Row): Notification => ({
  resourceType: 'Notification',
  id: row.id,
  userId: row.userId,
  accountId: row.accountId,
  read: row.read,
  title: row.title,
  message: row.message,
  jumpPath: row.jumpPath,
  createdTimestamp: row.createdTimestamp.toISOString(),
  modifiedTimestamp: row.modifiedTimestamp.toISOString(),
  createdBy: row.createdBy,
  modifiedBy: row.modifiedBy,
});

/** What a change of `read` sets beside it: who marked it, and when. */
const markedBy = (actorName: string) => ({ modifiedBy: actorName, modifiedTimestamp: sql`now()` });

/** The caller's own notification, or none: another user's id reads exactly like an unknown one (404). */
const own = (userId: string, id: string) => and(eq(notifications.userId, userId), eq(notifications.id, id));

async function findOwn(db: Db, userId: string, id: string) {
  const [row] = await db.select().from(notifications).where(own(userId, id));
  return row;
}

/** A stream's comment line every so often, so proxies and the browser keep an idle stream open. */
const HEARTBEAT_MS = 25_000;
/** setTimeout's longest delay (a token valid longer is re-checked then: the client reconnects). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Notifications (spec §7 `/notifications/notifications`, issue 11). Always the caller's own,
 * whatever account they act in: every query is scoped by the caller's user id (not the account),
 * and another user's notification answers 404 like one that does not exist.
 */
export const notificationRoutes = new Hono<AppEnv>()
  .get('/notifications', requires('/notifications/notifications', 'GET'), query(notificationListQuerySchema), async (c) => {
    const { unread, limit } = c.req.valid('query');
    const { db } = c.var.deps;
    const userId = c.var.caller.personId;
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(notifications)
        .where(unread ? and(eq(notifications.userId, userId), eq(notifications.read, false)) : eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdTimestamp), desc(notifications.id))
        .limit(limit),
      db
        .select({ unread: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.read, false))),
    ]);
    const answer: NotificationList = { items: rows.map(present), unread: count?.unread ?? 0 };
    return c.json(answer);
  })
  /**
   * Sends a notification to a user of the account the caller acts in (`userId`), or to the
   * caller when `userId` is absent: made in the request's write and answered whole (201, spec §3),
   * so an integrator has its id to read, mark or delete it. The table's trigger tells the
   * user's open bells when the write commits, as for the fan-out's (`notify`, the product's own
   * notifications to many users at once).
   */
  .post('/notifications', requires('/notifications/notifications', 'POST'), jsonLimit, json(notificationCreateSchema), async (c) => {
    const body = c.req.valid('json');
    const { caller } = c.var;
    const userId = body.userId ?? (caller.apiKey ? null : caller.personId);
    if (!userId) throw badRequest(messages.invalidRequest, { userId: notificationMessages.userIdInvalid });
    const created = await write(c, async ({ tx, audit, accountId, actorName }) => {
      if (userId !== caller.personId) {
        const [user] = await tx.select({ id: users.personId }).from(users).where(and(eq(users.accountId, accountId), eq(users.personId, userId)));
        if (!user) throw badRequest(messages.invalidRequest, { userId: notificationMessages.userIdInvalid });
      }
      const [row] = await tx
        .insert(notifications)
        .values({ accountId, userId, title: body.title, message: body.message, jumpPath: body.jumpPath, createdBy: actorName, modifiedBy: actorName })
        .returning();
      await audit({ action: 'create', resourceType: 'Notification', resourceId: row!.id, after: { userId, title: body.title, jumpPath: body.jumpPath } });
      return present(row!);
    });
    return c.json(created, 201);
  })
  /** Marks every one of the caller's notifications read (or unread): the bell's "Mark all read". */
  .patch('/notifications', requires('/notifications/notifications/{id}', 'PATCH'), jsonLimit, json(notificationPatchSchema), async (c) => {
    const { read } = c.req.valid('json');
    const userId = c.var.caller.personId;
    const updated = await write(c, async ({ tx, audit, actorName }) => {
      const rows = await tx
        .update(notifications)
        .set({ read, ...markedBy(actorName) })
        .where(and(eq(notifications.userId, userId), eq(notifications.read, !read)))
        .returning({ id: notifications.id });
      if (rows.length > 0) await audit({ action: 'update', resourceType: 'Notification', resourceId: null, after: { read, count: rows.length } });
      return rows.length;
    });
    return c.json({ updated });
  })
  /**
   * Server-sent events: `event: notifications` whenever the caller's notifications change (at
   * once on connect too), from any server process (PostgreSQL LISTEN/NOTIFY, NotificationHub);
   * and `event: interaction` with the id of a new or changed call ('*': many, reload) of the account
   * acted in, to a caller whose role may GET interactions there (issues 26, 42).
   * EventSource cannot send the bearer token, so the SPA reads this with fetch (src/lib/sse.ts);
   * the stream ends when the token expires, and the client reconnects with a fresh one.
   */
  .get('/stream', requires('/notifications/notifications', 'GET'), async (c) => {
    const hub = c.var.deps.notifications;
    if (!hub) throw new ApiError(503, 'stream_unavailable', messages.invalidRequest);
    const userId = c.var.caller.personId;
    const accountId = c.var.account.id;
    const mayReadInteractions = c.var.caller.instanceAdmin || isAllowed(c.var.account.role?.resources, '/interactions/interactions', 'GET');
    const expiresInMs = Math.min(MAX_TIMER_MS, Math.max(0, c.var.caller.tokenExpiresAt.getTime() - Date.now()));
    return streamSSE(c, async (stream) => {
      let pending = true;
      let ended = false;
      let wake: (() => void) | null = null;
      const end = () => {
        ended = true;
        wake?.();
      };
      const unsubscribe = hub.subscribe(userId, {
        changed: () => {
          pending = true;
          wake?.();
        },
        closed: end,
      });
      // New calls of the account, to a caller whose role may read them there (issue 26).
      const arrived: string[] = [];
      const unsubscribeCalls = mayReadInteractions
        ? hub.subscribeAccount(accountId, {
            interaction: (id) => {
              // A burst past a page of ids is one "reload" ('*').
              if (arrived.length >= 50) arrived.splice(0, arrived.length, '*');
              else if (!arrived.includes('*')) arrived.push(id);
              wake?.();
            },
          })
        : () => {};
      const expiry = setTimeout(end, expiresInMs);
      stream.onAbort(end);
      try {
        while (!ended && !stream.aborted) {
          if (pending) {
            pending = false;
            await stream.writeSSE({ event: 'notifications', data: 'changed' });
            continue;
          }
          if (arrived.length > 0) {
            await stream.writeSSE({ event: interactionStreamEvent, data: arrived.shift()! });
            continue;
          }
          let heartbeat: NodeJS.Timeout | undefined;
          const beat = await new Promise<boolean>((resolve) => {
            wake = () => resolve(false);
            heartbeat = setTimeout(() => resolve(true), HEARTBEAT_MS);
          });
          wake = null;
          clearTimeout(heartbeat);
          if (beat && !ended) await stream.write(': keep-alive\n\n');
        }
      } finally {
        clearTimeout(expiry);
        unsubscribe();
        unsubscribeCalls();
      }
    });
  })
  .get('/notifications/:id', requires('/notifications/notifications/{id}', 'GET'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    return c.json(present(found(await findOwn(c.var.deps.db, c.var.caller.personId, id))));
  })
  .patch('/notifications/:id', requires('/notifications/notifications/{id}', 'PATCH'), idParam(), jsonLimit, json(notificationPatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { read } = c.req.valid('json');
    const userId = c.var.caller.personId;
    const updated = await write(c, async ({ tx, audit, actorName }) => {
      const [row] = await tx.update(notifications).set({ read, ...markedBy(actorName) }).where(own(userId, id)).returning();
      found(row);
      await audit({ action: 'update', resourceType: 'Notification', resourceId: id, after: { read } });
      return row!;
    });
    return c.json(present(updated));
  })
  .delete('/notifications/:id', requires('/notifications/notifications/{id}', 'DELETE'), idParam(), async (c) => {
    const { id } = c.req.valid('param');
    const userId = c.var.caller.personId;
    await write(c, async ({ tx, audit }) => {
      const [row] = await tx.delete(notifications).where(own(userId, id)).returning();
      found(row);
      await audit({ action: 'delete', resourceType: 'Notification', resourceId: id, before: { title: row!.title } });
    });
    return c.body(null, 204);
  });
