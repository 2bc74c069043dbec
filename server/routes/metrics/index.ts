import { and, asc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { messages } from '../../../domain/messages.ts';
import { interactionMessages } from '../../../domain/interaction-messages.ts';
import { historicQuerySchema, historicWindow, realtimeQuerySchema, type QueueRealtimeFigures, type RealtimeMetrics } from '../../../domain/metrics.ts';
import { requires } from '../../auth/requires.ts';
import { queues } from '../../db/schema/index.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError } from '../../errors.ts';
import { ContactCenterError, type ContactCenterFailure } from '../../integrations/contact-center/port.ts';
import { logVendorError } from '../../integrations/vendor-errors.ts';
import { query } from '../../validate.ts';
import { contactCenterAccount } from '../queues/queries.ts';
import { historicMetrics } from './queries.ts';

const failures: Record<ContactCenterFailure, { code: string; message: string }> = {
  not_configured: { code: 'contact_center_not_configured', message: messages.contactCenterNotConfigured },
  role_not_assumed: { code: 'contact_center_role_not_assumed', message: messages.contactCenterRoleNotAssumed },
  unavailable: { code: 'contact_center_unavailable', message: interactionMessages.realtimeUnavailable },
};

/** The contact center's refusal as a 502 with our message and the id of its one log line. */
function realtimeFailure(error: unknown): never {
  if (!(error instanceof ContactCenterError)) throw error;
  const id = logVendorError('contact-center', error);
  const { code, message } = failures[error.reason];
  throw new ApiError(502, code, message, undefined, id);
}

/**
 * Insights (spec §6 "realtime metrics", "historic metrics"; issue 26). `historic` reads the
 * per-day figures the database keeps (never the calls themselves), `realtime` asks the contact
 * center about the account's queues. Both are scoped to the request's account.
 */
export const metricsRoutes = new Hono<AppEnv>()
  .get('/historic', requires('/metrics/historic', 'GET'), query(historicQuerySchema), async (c) => {
    const { queueId, direction, ...range } = c.req.valid('query');
    const window = historicWindow(range);
    return c.json(await historicMetrics(c.var.deps.db, c.var.account.id, { ...window, queueId, direction }));
  })
  .get('/realtime', requires('/metrics/realtime', 'GET'), query(realtimeQuerySchema), async (c) => {
    const { queueId } = c.req.valid('query');
    const { db, contactCenter } = c.var.deps;
    const accountId = c.var.account.id;
    // The account's own queues (a queue id of another account names nothing here).
    const stored = await db
      .select({ queueId: queues.queueId, queueName: queues.queueName })
      .from(queues)
      .where(and(eq(queues.accountId, accountId), isNull(queues.removedAt), queueId === undefined ? undefined : eq(queues.queueId, queueId)))
      .orderBy(asc(queues.queueName), asc(queues.queueId));
    let figures: QueueRealtimeFigures[] = [];
    if (stored.length > 0) {
      const answered = await contactCenter
        .realtimeMetrics(
          await contactCenterAccount(db, accountId),
          stored.map((q) => q.queueId),
        )
        .catch(realtimeFailure);
      const byId = new Map(answered.map((q) => [q.queueId, q]));
      // In the portal's order and names; a queue the contact center said nothing about reads as idle.
      figures = stored.map(({ queueId: id, queueName }) => {
        const now = byId.get(id);
        return {
          queueId: id,
          queueName,
          callsWaiting: now?.callsWaiting ?? 0,
          agentsOnCall: now?.agentsOnCall ?? 0,
          agentsAvailable: now?.agentsAvailable ?? 0,
          oldestWaitSeconds: now?.oldestWaitSeconds ?? 0,
        };
      });
    }
    return c.json<RealtimeMetrics>({ asOf: new Date().toISOString(), queues: figures });
  });
