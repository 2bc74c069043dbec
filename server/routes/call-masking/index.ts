import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { maskingCreateSchema, maskingIdPattern, maskingTexts, type MaskedCallStarted, type MaskingSessionList } from '../../../domain/masking.ts';
import { publicPage } from '../../../domain/public-pages.ts';
import { recordReads } from '../../access-log.ts';
import { anyone, requires } from '../../auth/requires.ts';
import { write } from '../../write.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, notFound } from '../../errors.ts';
import { throttle } from '../../public-page-throttle.ts';
import { found, jsonLimit } from '../../records.ts';
import { createSession, endSession, findSession, listSessions, sessionForPage, startMaskedCall, textLink } from '../../telephony/masking.ts';
import { json, query } from '../../validate.ts';
import { maskingSessions } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';

const page = publicPage('mask');

/** Unknown, expired, ended and used-up sessions, and a practice at its daily cap, all get this one answer. */
const unavailableText = 'This link cannot start a call. It may have expired or been used; please contact the practice.';
const unavailable = () => notFound(unavailableText);

const telephonyOf = (c: Context<AppEnv>) => {
  const telephony = c.var.deps.telephony;
  if (!telephony) throw new ApiError(503, 'telephony_unavailable', maskingTexts.failure);
  return telephony;
};
const publicUrlOf = (c: Context<AppEnv>) => c.var.deps.publicUrl ?? new URL(c.req.url).origin;

/**
 * The patient's page (spec §7 `POST /call_masking/callMask/{id}`, status 200 means success), before
 * sign-in. The page sends only the session's id, never a number; it learns which practice will call
 * and from which number (the platform's, not the practice's own line).
 */
export const publicMaskingRoutes = new Hono<AppEnv>()
  .get('/callMask/:id', anyone(), async (c) => {
    await throttle(c, page, 'reads');
    const id = c.req.param('id');
    const session = maskingIdPattern.test(id) ? await sessionForPage(c.var.deps.db, id) : null;
    if (!session) throw unavailable();
    return c.json(session);
  })
  .post('/callMask/:id', anyone(), async (c) => {
    await throttle(c, page, 'calls');
    const id = c.req.param('id');
    if (!maskingIdPattern.test(id)) throw unavailable();
    await throttle(c, page, 'session', id);
    const [target] = await c.var.deps.db.select({ number: maskingSessions.patientNumber }).from(maskingSessions).where(eq(maskingSessions.id, id));
    if (!target) throw unavailable();
    await throttle(c, page, 'destination', target.number);
    const outcome = await startMaskedCall(c.var.deps.db, telephonyOf(c), publicUrlOf(c), id);
    if (outcome === 'unavailable') throw unavailable();
    if (outcome === 'failed') throw new ApiError(502, 'call_failed', maskingTexts.failure);
    return c.json({ status: 'calling' } satisfies MaskedCallStarted);
  });

const listQuery = v.object({ personId: v.optional(v.pipe(v.string('personId must be a record id'), v.uuid('personId must be a record id'))) });
const endSchema = v.object({ ended: v.literal(true, 'ended must be true') });

/**
 * Staff's masking sessions (issue 42): set one up (and text its link), list the practice's, read
 * one, end one. Each shows the patient's number: every read is in the access log.
 */
export const maskingSessionRoutes = new Hono<AppEnv>()
  .get('/sessions', requires('/call_masking/sessions', 'GET'), query(listQuery), async (c) => {
    const { personId } = c.req.valid('query');
    const items = await listSessions(c.var.deps.db, c.var.account.id, publicUrlOf(c), personId ? { personId } : {});
    recordReads(c, 'MaskingSession', 'list', items.map((item) => item.id));
    return c.json({ items } satisfies MaskingSessionList);
  })
  .post('/sessions', requires('/call_masking/sessions', 'POST'), jsonLimit, json(maskingCreateSchema), async (c) => {
    const body = c.req.valid('json');
    const created = await write(c, (scope) => createSession(scope, body));
    const { db } = c.var.deps;
    if (created.sendText) await textLink(db, telephonyOf(c), publicUrlOf(c), c.var.account.id, created);
    const session = found(await findSession(db, c.var.account.id, created.id, publicUrlOf(c)));
    recordReads(c, 'MaskingSession', 'view', [session.id]);
    return c.json(session, 201);
  })
  .get('/sessions/:id', requires('/call_masking/sessions/{id}', 'GET'), async (c) => {
    const id = c.req.param('id');
    const session = found(maskingIdPattern.test(id) ? await findSession(c.var.deps.db, c.var.account.id, id, publicUrlOf(c)) : null);
    recordReads(c, 'MaskingSession', 'view', [session.id]);
    return c.json(session);
  })
  .patch('/sessions/:id', requires('/call_masking/sessions/{id}', 'PATCH'), jsonLimit, json(endSchema), async (c) => {
    const id = c.req.param('id');
    if (!maskingIdPattern.test(id)) throw notFound(unavailableText);
    const { db } = c.var.deps;
    found(await findSession(db, c.var.account.id, id, publicUrlOf(c)));
    await write(c, (scope) => endSession(scope, id));
    return c.json(found(await findSession(db, c.var.account.id, id, publicUrlOf(c))));
  });
