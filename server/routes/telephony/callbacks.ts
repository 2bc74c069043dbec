import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import type { AppEnv } from '../../env.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { anyone } from '../../auth/requires.ts';
import { requestTooLarge } from '../../records.ts';
import { inboundCallbackPath, recordInbound, recordStatus, statusCallbackUrl } from '../../telephony/outbox.ts';
import type { CarrierCallback } from '../../integrations/telephony/port.ts';
import { recordCall } from '../../telephony/call-history.ts';

/** A carrier's callback is a short form (Twilio's are under 2 KB). */
const formLimit = bodyLimit({
  maxSize: 16 * 1024,
  onError: () => {
    throw requestTooLarge();
  },
});

const uuid = v.pipe(v.string(), v.uuid());
const texts = {
  forged: "The request is not signed by the practice's carrier.",
  notForm: 'A carrier callback is a form (application/x-www-form-urlencoded).',
  unknown: 'No such attempt.',
  noCarrier: 'Telephony is not set up.',
} as const;

/**
 * The callback as the carrier signed it: over the URL the platform gave it (the portal's public
 * address and the API's path, `statusCallbackUrl` and the inbound URL; behind a proxy the request's
 * own URL is not what the carrier called), with the query as sent, the signature and the form.
 */
async function callbackOf(c: Context<AppEnv>, path: string): Promise<CarrierCallback> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) throw badRequest(texts.notForm);
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(await c.req.text())) params[key] = value;
  const requested = new URL(c.req.url);
  const origin = c.var.deps.publicUrl ?? requested.origin;
  return { url: `${origin}${path}${requested.search}`, signature: c.req.header('x-twilio-signature'), params };
}

const carrierOf = (c: Context<AppEnv>) => {
  const telephony = c.var.deps.telephony;
  if (!telephony) throw notFound(texts.noCarrier);
  return telephony;
};

/**
 * The carrier's callbacks (issue 42), before sign-in: the carrier signs them (`X-Twilio-Signature`)
 * and nothing is written unless the signature is its own for this URL and these fields. They answer
 * 204 and never echo what was sent.
 */
export const telephonyCallbackRoutes = new Hono<AppEnv>()
  .post('/callbacks/status/:accountId/:attemptId', anyone(), formLimit, async (c) => {
    const telephony = carrierOf(c);
    const accountId = c.req.param('accountId').toLowerCase();
    const attemptId = c.req.param('attemptId').toLowerCase();
    if (!v.is(uuid, accountId) || !v.is(uuid, attemptId)) throw notFound(texts.unknown);
    const callback = await callbackOf(c, statusCallbackUrl('', accountId, attemptId));
    const outcome = await recordStatus(c.var.deps.db, telephony, accountId, attemptId, callback);
    if (outcome === 'forged') throw forbidden(texts.forged);
    if (outcome === 'unknown') throw notFound(texts.unknown);
    // A call (masked or not) goes into the call history and follows the carrier's reports (nothing for a text).
    await recordCall(c.var.deps.db, accountId, attemptId);
    return c.body(null, 204);
  })
  .post('/callbacks/inbound', anyone(), formLimit, async (c) => {
    const telephony = carrierOf(c);
    const report = await recordInbound(c.var.deps.db, telephony, await callbackOf(c, inboundCallbackPath));
    if (report === null) throw forbidden(texts.forged);
    return c.body(null, 204);
  });
