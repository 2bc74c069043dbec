import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { messages } from '../../../domain/messages.ts';
import { queueIdPattern, queueListQuerySchema, queuePatchSchema, type QueueList } from '../../../domain/queues.ts';
import { requires } from '../../auth/requires.ts';
import { queues } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, notFound } from '../../errors.ts';
import { ContactCenterError, type ContactCenterFailure } from '../../integrations/contact-center/port.ts';
import { logVendorError } from '../../integrations/vendor-errors.ts';
import { editedVersion, expectedVersion, editable, found, jsonLimit, sent, updateVersioned } from '../../records.ts';
import { json, query } from '../../validate.ts';
import { applyQueueSync, findQueue, listContactCenterQueues, listQueues, neverSynced, presentQueue } from './queries.ts';

/** The contact center's id of the path; anything else names no queue (404). */
const queueIdParam = validator('param', (value: Record<string, string>) => {
  const queueId = value.queueId ?? '';
  if (!queueIdPattern.test(queueId)) throw notFound(messages.notFound);
  return { queueId };
});

const failures: Record<ContactCenterFailure, { code: string; message: string }> = {
  not_configured: { code: 'contact_center_not_configured', message: messages.contactCenterNotConfigured },
  role_not_assumed: { code: 'contact_center_role_not_assumed', message: messages.contactCenterRoleNotAssumed },
  unavailable: { code: 'contact_center_unavailable', message: messages.contactCenterUnavailable },
};

/**
 * The contact center's refusal as the API's answer: 502 (the gateway's upstream failed), with a
 * message of ours and the id of the one log line that says more (vendor-errors.ts).
 */
function contactCenterFailure(error: unknown): never {
  if (!(error instanceof ContactCenterError)) throw error;
  const id = logVendorError('contact-center', error);
  const { code, message } = failures[error.reason];
  throw new ApiError(502, code, message, undefined, id);
}

/**
 * Call-center queues (spec §7 `/callcenter/queues`): the account's contact-center queues with the
 * portal's settings per queue. The list syncs from the contact center when asked (`refresh=1`)
 * and the first time an account is listed; every query is scoped to the request's account.
 */
export const queueRoutes = new Hono<AppEnv>()
  .get('/queues', requires('/callcenter/queues', 'GET'), query(queueListQuerySchema), async (c) => {
    const { refresh, ...listQuery } = c.req.valid('query');
    const { db, contactCenter } = c.var.deps;
    const accountId = c.var.account.id;
    let changes: QueueList['changes'];
    if (refresh === '1' || refresh === 'true' || (await neverSynced(db, accountId))) {
      const listed = await listContactCenterQueues(db, contactCenter, accountId).catch(contactCenterFailure);
      changes = await write(c, async ({ tx, audit, actorName }) => {
        const { added, removed } = await applyQueueSync(tx, accountId, actorName, listed);
        if (added.length > 0 || removed.length > 0) await audit({ action: 'refresh', resourceType: 'Queue', resourceId: null, after: { added, removed } });
        return { added, removed };
      });
    }
    const list = await listQueues(db, accountId, listQuery);
    return c.json<QueueList>(changes ? { ...list, changes } : list);
  })
  .get('/queues/:queueId', requires('/callcenter/queues/{queueId}', 'GET'), queueIdParam, async (c) => {
    const { queueId } = c.req.valid('param');
    return c.json(presentQueue(found(await findQueue(c.var.deps.db, c.var.account.id, queueId))));
  })
  .patch('/queues/:queueId', requires('/callcenter/queues/{queueId}', 'PATCH'), queueIdParam, jsonLimit, json(queuePatchSchema), async (c) => {
    const { queueId } = c.req.valid('param');
    const { version: sentVersion, agentGreetings, ...body } = c.req.valid('json');
    const expected = expectedVersion(c, sentVersion);
    const updated = await write(c, async ({ tx, audit, accountId, actorName, repeats }) => {
      const current = found(await findQueue(tx, accountId, queueId, true));
      const version = editedVersion(current, expected);
      // Greetings not sent keep their value: a body may change only the inbound one.
      const greetings = agentGreetings && { ...current.agentGreetings, ...sent(agentGreetings) };
      const changes = sent({ ...body, agentGreetings: greetings });
      if (await repeats({ resourceType: 'Queue', resourceId: queueId, record: current, version, changes })) return current;
      editable(current, version);
      const after = await updateVersioned({ tx, accountId, actorName }, queues, { key: queues.queueId, id: queueId, version }, changes);
      await audit({ action: 'update', resourceType: 'Queue', resourceId: queueId, before: presentQueue(current), after: presentQueue(after) });
      return after;
    });
    return c.json(presentQueue(updated));
  });
