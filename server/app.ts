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
import { anyBodyMaxBytes, requestTooLarge } from './records.ts';
import { pathParams } from './validate.ts';
import type { Mount } from './area.ts';
import { areas } from './areas.ts';

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

/** Mounts a sub-app of an area (made from the whole API when it needs it, as the OpenAPI document does). */
function mounted(api: Hono<AppEnv>, { path, app }: Mount, self: () => Hono<AppEnv>) {
  api.route(path, typeof app === 'function' ? app(self) : app);
}

/**
 * The API: one sub-app per area of spec §7 (server/areas.ts, each area's descriptor), behind
 * authentication and account resolution. The public sub-apps (probes, the API's reference, the
 * public pages' endpoints, the carrier's signed callbacks) are mounted before sign-in.
 */
export function createApi(deps: Deps) {
  // The app the OpenAPI document describes: itself, known once built.
  const self: { app?: Hono<AppEnv> } = {};
  const mounts = areas.flatMap((area) => area.mount);
  const api = new Hono<AppEnv>()
    .use(answersCompressed, apiHeaders, noStore, anyBodyLimit, async (c, next) => {
      c.set('deps', deps);
      await next();
    })
    // Every path parameter of every route below (issue 40), before sign-in: a malformed one is refused alike for everyone.
    .use(pathParams);
  for (const mount of mounts.filter((m) => m.public)) mounted(api, mount, () => self.app!);
  api.use(authenticate, resolveAccount, policyStamp);
  for (const mount of mounts.filter((m) => !m.public)) mounted(api, mount, () => self.app!);

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

/** The API's type: its routes are mounted from a list, so it types no route tree (nothing reads one: the SPA has its own fetch layer). */
export type AppType = ReturnType<typeof createApi>;
