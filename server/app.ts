import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import { secureHeaders } from 'hono/secure-headers';
import { messages } from '../domain/messages.ts';
import { authenticate, resolveAccount } from './auth/authenticate.ts';
import { policyStamp } from './auth/grants.ts';
import type { AppEnv, Deps } from './env.ts';
import { isDatabaseUnavailable } from './db/client.ts';
import { ApiError, logInternalError, unavailable } from './errors.ts';
import { accountsRoutes } from './routes/accounts/index.ts';
import { apiKeyRoutes } from './routes/apikeys/index.ts';
import { auditRoutes } from './routes/audit/index.ts';
import { contactPointRoutes } from './routes/contact-points/index.ts';
import { deletedRoutes } from './routes/deleted/index.ts';
import { authRoutes } from './routes/auth/index.ts';
import { healthRoutes } from './routes/health/index.ts';
import { recordingRoutes } from './routes/interactions/recordings.ts';
import { insuranceRoutes } from './routes/insurances/index.ts';
import { interactionRoutes } from './routes/interactions/index.ts';
import { issueRoutes } from './routes/issues/index.ts';
import { practiceTeamRoutes } from './routes/practice-teams/index.ts';
import { locationRoutes } from './routes/locations/index.ts';
import { meRoutes } from './routes/me/index.ts';
import { metricsRoutes } from './routes/metrics/index.ts';
import { notificationRoutes } from './routes/notifications/index.ts';
import { scheduleRoutes } from './routes/schedules/index.ts';
import { searchRoutes } from './routes/search/index.ts';
import { permissionsRoutes } from './routes/permissions/index.ts';
import { queueRoutes } from './routes/queues/index.ts';
import { personRoutes } from './routes/person/index.ts';
import { tagRoutes } from './routes/tags/index.ts';
import { publicSurveyRoutes } from './routes/surveys/public.ts';
import { telephonyCallbackRoutes } from './routes/telephony/callbacks.ts';
import { telephonySettingsRoutes } from './routes/telephony/settings.ts';
import { workflowRoutes } from './routes/workflows/index.ts';
import { webhookRoutes } from './routes/webhooks/index.ts';
import { maskingSessionRoutes, publicMaskingRoutes } from './routes/call-masking/index.ts';
import { surveyRoutes } from './routes/surveys/index.ts';
import { chatRoutes, publicChatRoutes } from './routes/chat/index.ts';
import { teamsbotRoutes } from './routes/teamsbot/index.ts';
import { anyBodyMaxBytes, requestTooLarge } from './records.ts';
import { pathParams } from './validate.ts';
import { openApiRoutes } from './openapi/routes.ts';
import { searchProviders } from './search-providers.ts';

/** Headers of every API answer (architecture "Headers"): JSON is never a page, nor framed. */
const apiHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  xFrameOptions: 'DENY',
  referrerPolicy: 'no-referrer',
});

/**
 * API answers carry patient data: no cache (browser, proxy) keeps them. An answer that says
 * more and still no-store (a recording's `private, no-store, no-transform`) keeps its own.
 */
const noStore = createMiddleware(async (c, next) => {
  await next();
  if (!/(^|,)\s*no-store\s*(,|$)/i.test(c.res.headers.get('Cache-Control') ?? '')) c.header('Cache-Control', 'no-store');
});

/**
 * JSON answers are gzip-compressed when the client accepts it (Hono's middleware: gzip or
 * deflate, by Accept-Encoding). The notification stream (text/event-stream) is left alone, as
 * are images: the middleware compresses only compressible content types, the event stream not
 * among them. Answers that say how long they are and are under 1 KB are sent as they are.
 */
const answersCompressed = compress();

/**
 * No request body is read past this size, whichever route it is for (routes set their own,
 * smaller limits: JSON 64 KB, a photo 1 MB). A body is read before its handler runs (e.g. for
 * an Idempotency-Key's request hash), so a route that forgot its limit cannot be made to buffer
 * gigabytes.
 */
const anyBodyLimit = bodyLimit({
  maxSize: anyBodyMaxBytes,
  onError: () => {
    throw requestTooLarge();
  },
});

/** The API: one sub-app per area of spec §7, behind authentication and account resolution. */
export function createApi(deps: Deps) {
  // The app the OpenAPI document describes: itself, known once built (typed apart, so the app's type does not refer to itself).
  const self: { app?: Hono<AppEnv> } = {};
  const api = new Hono<AppEnv>()
    .use(answersCompressed, apiHeaders, noStore, anyBodyLimit, async (c, next) => {
      c.set('deps', deps);
      await next();
    })
    // Every path parameter of every route below (issue 40), before sign-in: a malformed one is refused alike for everyone.
    .use(pathParams)
    .route('/health', healthRoutes) // before sign-in: probes carry no token
    .route('/', openApiRoutes(() => self.app!)) // before sign-in: the API's own reference (issue 44)
    .route('/surveys/public', publicSurveyRoutes) // before sign-in: the patients' survey page
    .route('/telephony', telephonyCallbackRoutes) // before sign-in: the carrier's signed callbacks
    .route('/call_masking', publicMaskingRoutes) // before sign-in: the patient's call-masking page
    .route('/chat/public', publicChatRoutes) // before sign-in: the practices' chat widgets
    .use(authenticate, resolveAccount, policyStamp)
    .route('/accounts', accountsRoutes)
    .route('/auth', authRoutes)
    .route('/permissions/apikeys', apiKeyRoutes) // before /permissions, whose sub-app owns the rest of the path
    .route('/permissions', permissionsRoutes)
    .route('/audit', auditRoutes)
    .route('/person', personRoutes)
    .route('/contactpoints', contactPointRoutes)
    .route('/deleted', deletedRoutes)
    .route('/interactions', interactionRoutes)
    .route('/issues', issueRoutes)
    .route('/insurances', insuranceRoutes)
    .route('/schedule', scheduleRoutes)
    .route('/tag', tagRoutes)
    .route('/teamsbot', teamsbotRoutes)
    .route('/teams', practiceTeamRoutes)
    .route('/locations', locationRoutes)
    .route('/me', meRoutes)
    .route('/notifications', notificationRoutes)
    .route('/search', searchRoutes(searchProviders))
    .route('/callcenter', queueRoutes)
    .route('/metrics', metricsRoutes)
    .route('/surveys', surveyRoutes)
    .route('/call_masking', maskingSessionRoutes)
    .route('/telephony', telephonySettingsRoutes)
    .route('/task-workflows', workflowRoutes)
    .route('/webhooks', webhookRoutes)
    .route('/chat', chatRoutes)
    // A call's recordings (issue 26), beside the other routes of /interactions/interactions.
    .route('/interactions/interactions', recordingRoutes);

  self.app = api;
  api.notFound((c) => c.json({ error: { code: 'not_found', message: messages.notFound } }, 404));
  api.onError((error, c) => {
    // The database is down or restarting: 503, and the request may be retried (not a 500 bug).
    if (isDatabaseUnavailable(error)) error = unavailable();
    if (error instanceof ApiError) {
      // The body of a request refused for its size may not have been read: end the connection
      // rather than leave the client's next request to follow the unread bytes.
      if (error.status === 413) c.header('Connection', 'close');
      return c.json({ error: { code: error.code, message: error.message, ...(error.fields && { fields: error.fields }), ...(error.id && { id: error.id }) } }, error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own refusals (e.g. a body that is not JSON): keep the status, use our shape.
      return c.json({ error: { code: 'invalid_request', message: messages.invalidRequest } }, error.status);
    }
    const id = logInternalError(error, { method: c.req.method, route: routePath(c, -1) });
    return c.json({ error: { code: 'internal', message: messages.serverError, id } }, 500);
  });
  return api;
}

export type AppType = ReturnType<typeof createApi>;
