import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { secureHeaders } from 'hono/secure-headers';
import { messages } from '../domain/messages.ts';
import { publicPages, type PublicPage, type PublicPageAccount } from '../domain/public-pages.ts';
import type { AppType } from './app.ts';
import { openApiDocumentPath } from '../domain/api-reference.ts';
import { logInternalError } from './errors.ts';
import { apiReferenceRoutes } from './openapi/reference-page.ts';
import { anyBodyMaxBytes } from './records.ts';

/** The settings the SPA needs at run time (read by src/lib/settings.ts). */
export type SpaSettings = {
  authDomain: string;
  authClientId: string;
  authAudience: string;
  apiBaseUrl: string;
  reportingUrl: string;
};

/** What a public page (domain/public-pages.ts) is told: where the API is, nothing about sign-in. */
export type PublicPageSettings = Pick<SpaSettings, 'apiBaseUrl'>;

/** The id of the data block that carries the settings into index.html. */
export const settingsElementId = 'astera-settings';

/**
 * index.html with the settings as a JSON data block: the browser does not run it, so the page
 * needs no inline script and its Content-Security-Policy can forbid them. `<` is escaped so no
 * value can end the block.
 */
export function spaPage(indexHtml: string, settings: SpaSettings | PublicPageSettings): string {
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return indexHtml.replace('<!--astera-settings-->', `<script type="application/json" id="${settingsElementId}">${json}</script>`);
}

const originOf = (url: string): string | null => (/^https?:\/\//.test(url) ? new URL(url).origin : null);

/**
 * The SPA's Content-Security-Policy: its own scripts only (no inline script), and the identity
 * provider for the token calls (connect-src) and the SDK's silent sign-in iframe (frame-src).
 * Inline styles stay allowed: Radix's scroll lock injects a `<style>` element into the page.
 */
export function spaContentSecurityPolicy(settings: SpaSettings, frameAncestors: readonly string[] = []) {
  const provider = originOf(settings.authDomain);
  const api = originOf(settings.apiBaseUrl);
  const others = (...origins: (string | null)[]) => [...new Set(origins.filter((o): o is string => o !== null))];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Practitioner photos are fetched with the bearer token and shown as blob: URLs.
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...others(provider, api)],
    frameSrc: others(provider).length ? others(provider) : ["'none'"],
    formAction: ["'self'", ...others(provider)],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    // No page of the portal is meant to be framed; a public page may name who may (its headers).
    frameAncestors: frameAncestors.length ? [...frameAncestors] : ["'none'"],
  };
}

/**
 * Headers of every portal page and asset (architecture "Headers"); a page that may be framed
 * names by whom (`frameAncestors`) and drops X-Frame-Options, which can only deny or allow its
 * own origin.
 */
export const spaHeaders = (settings: SpaSettings, frameAncestors: readonly string[] = []) =>
  secureHeaders({
    contentSecurityPolicy: spaContentSecurityPolicy(settings, frameAncestors),
    xFrameOptions: frameAncestors.length ? false : 'DENY',
    referrerPolicy: 'no-referrer',
  });

/** How long a body refused before it was read may take to arrive in full before the connection is closed instead. */
const unreadBodyWaitMs = 10_000;

/** Resolves true once the body has been read to its end (and thrown away), false when it cannot be in time. */
async function readToItsEnd(body: ReadableStream<Uint8Array>): Promise<boolean> {
  const reader = body.getReader();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), unreadBodyWaitMs);
  });
  const read = (async () => {
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      bytes += value.byteLength;
      if (bytes > anyBodyMaxBytes) return false;
    }
  })().catch(() => false);
  const ended = await Promise.race([read, late]);
  clearTimeout(timer);
  if (!ended) void reader.cancel().catch(() => {});
  return ended;
}

/**
 * A request answered before its body was read (a 401, 403, 404 or 400 decided from the path and
 * headers alone) leaves the rest of the body on the connection. @hono/node-server reads it for
 * 500 ms after the answer and then destroys the socket, though the answer said keep-alive: a
 * request the client sent on that connection meanwhile is lost, and may have been a write that
 * was committed (issue 40). So before the answer goes out, the rest of a body within the API's
 * limit is read to its end and thrown away; any other (larger, of unknown length, half read by a
 * handler, or too slow to come) is answered with `Connection: close`, which a client heeds.
 */
const unreadBodySettled = createMiddleware<{ Bindings: Partial<HttpBindings> }>(async (c, next) => {
  await next();
  const incoming = c.env?.incoming;
  if (!incoming || incoming.readableEnded || c.res.headers.get('Connection')?.toLowerCase() === 'close') return;
  const request = c.req.raw;
  const length = Number(incoming.headers['content-length']);
  const readable = request.body && !request.body.locked && !request.bodyUsed;
  if (readable && Number.isSafeInteger(length) && length <= anyBodyMaxBytes && (await readToItsEnd(request.body))) return;
  c.res.headers.set('Connection', 'close');
});

/** The built pages (dist/*.html) that are only served with their settings, never as files. */
const pageFiles = new Set(['/index.html', ...publicPages.map((listed) => `/${listed.entry}`)]);

/** A public page as the portal serves it: the list's entry and its built HTML with its settings. */
export type ServedPublicPage = { page: PublicPage; html: string };

/** The listed public pages that are built (`{distDir}/{entry}`), each with its settings: where the API is. */
export async function builtPublicPages(distDir: string, settings: Pick<SpaSettings, 'apiBaseUrl'>): Promise<ServedPublicPage[]> {
  const built = await Promise.all(
    publicPages.map(async (page) => {
      const html = await readFile(path.join(distDir, page.entry), 'utf8').catch(() => null);
      return html === null ? [] : [{ page, html: spaPage(html, { apiBaseUrl: settings.apiBaseUrl }) }];
    }),
  );
  return built.flat();
}

/**
 * The portal: the API under /api (with headers of its own), the SPA's hashed assets, the files at
 * the top of dist, each public page at its route (its own small entry, outside the signed-in SPA:
 * domain/public-pages.ts), and index.html for every other path (the SPA routes on the client).
 */
export function createPortal({
  api,
  page,
  publicPages: served = [],
  accountOf,
  distDir,
  settings,
}: {
  api: AppType;
  page: string;
  /** The public pages that are built (one that is not: its route is the SPA's, which shows its 404 screen). */
  publicPages?: readonly ServedPublicPage[];
  /**
   * The account a public page at an address belongs to, for headers that depend on it (absent,
   * or null: the page's headers for no account). Nothing is looked up for a page whose headers
   * are the same for every account.
   */
  accountOf?: (page: PublicPage, params: Record<string, string>) => Promise<PublicPageAccount | null>;
  distDir: string;
  settings: SpaSettings;
}) {
  const root = path.relative(process.cwd(), distDir) || '.';
  const neverFramed = spaHeaders(settings);
  /** A page's headers: the portal's, with its own `frame-ancestors` for the account it belongs to. */
  const publicPageHeaders = (listed: PublicPage) =>
    createMiddleware(async (c, next) => {
      const account = accountOf ? await accountOf(listed, c.req.param()) : null;
      const { frameAncestors } = listed.headers(account);
      return (frameAncestors.length ? spaHeaders(settings, frameAncestors) : neverFramed)(c, next);
    });
  const portal = new Hono()
    .use(unreadBodySettled)
    // The API's reference page: a page of the portal (its headers, not the API's), so before the API.
    .route('/', apiReferenceRoutes(neverFramed, openApiDocumentPath))
    .route('/api', api)
    // A path under /api that no API route answers is the API's 404, not the SPA's page.
    .all('/api/*', (c) => c.json({ error: { code: 'not_found', message: messages.notFound } }, 404));
  for (const { page: listed, html } of served) {
    // Before the portal's headers below, which this answer does not reach: the page sends its own
    // (the same but for who may frame it), compressed like the other pages; never cached, as it
    // carries the settings and names this build's assets.
    portal.get(listed.route, publicPageHeaders(listed), compress(), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.html(html);
    });
  }
  portal
    .use(neverFramed)
    // The pages and the files without a precompressed copy: gzip by Accept-Encoding.
    .use(compress())
    // Hashed by the build: a new build has new names, so a browser keeps each for good.
    .use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    })
    // The build writes a brotli (.br) and a gzip (.gz) copy of each asset (vite.config.ts:
    // precompressedAssets): the one the browser accepts is sent, with its Content-Encoding.
    .use('/assets/*', serveStatic({ root, precompressed: true }))
    // An asset that is not there (a page of an older build asking for its chunk) is a 404, never
    // the SPA's page, which would be cached for a year under the asset's name.
    .get('/assets/*', (c) => c.text('Not Found', 404))
    .get('*', async (c, next) => {
      // Files at the top of dist (favicon…) are served as they are, kept a day (their names
      // carry no hash); every other path is the SPA.
      const file = path.join(distDir, path.normalize(c.req.path));
      if (file.startsWith(distDir + path.sep) && !pageFiles.has(c.req.path)) {
        const info = await stat(file).catch(() => null);
        if (info?.isFile()) {
          c.header('Cache-Control', 'public, max-age=86400');
          return serveStatic({ root })(c, next);
        }
      }
      // The page carries the settings and names the current build's assets: the browser asks
      // again each time (no-cache), so a new build is picked up at once.
      c.header('Cache-Control', 'no-cache');
      return c.html(page);
    });
  // Logged like the API's errors: an id and the route, never the URL (Hono's default prints it all).
  portal.onError((error, c) => {
    const id = logInternalError(error, { method: c.req.method, route: routePath(c, -1) });
    return c.text(`Server Error (${id})`, 500);
  });
  return portal;
}
