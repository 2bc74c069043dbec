import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Hono, type MiddlewareHandler } from 'hono';
import { apiReferencePath } from '../../domain/api-reference.ts';

/**
 * The API's reference page (issue 44): Scalar's renderer (`@scalar/api-reference`, pinned in
 * package.json) reading the API's own OpenAPI document. Served by the portal under its own
 * Content-Security-Policy (no CDN, no inline script): the prebuilt browser bundle of the package
 * as a file of its own, loaded by this page only (the SPA never imports it), and a small script
 * that starts it with settings the policy allows:
 *
 * - `withDefaultFonts: false`: the default fonts come from fonts.scalar.com, which `font-src` refuses;
 * - `telemetry: false`, `agent.disabled`, `mcp.disabled`, `showDeveloperTools: 'never'`: nothing is
 *   reported to or asked of Scalar's services (its AI agent, its developer toolbar on localhost);
 * - `hideClientButton`: no link out to Scalar's hosted client (it would hand it the document's address);
 * - the page's element is not `#api-reference`: the bundle mounts its HTML API on that id by
 *   itself, which would render the reference twice;
 * - zod's `jitless` (Scalar bundles zod 4, which otherwise probes `Function('')` to compile its
 *   parsers: an eval that `script-src 'self'` refuses and the browser reports as a violation).
 *   zod reads the setting from `globalThis.__zod_globalConfig` when its bundle loads, so this
 *   script runs first and starts the renderer once the page has loaded.
 *
 * The renderer's own styles are `<style>` elements it adds, which the portal's `style-src`
 * allows (as it does for Radix). "Test request" sends the call from the browser to the API on
 * this origin (`connect-src 'self'`), with the API key the administrator types in.
 */

const packageDir = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), '..');
const version = (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;

/** The bundle's address names its version: a new version is a new address, so the browser may keep one for good. */
const bundlePath = `${apiReferencePath}/scalar-${version}.js`;
const startPath = `${apiReferencePath}/start.js`;

const start = `globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
window.addEventListener('DOMContentLoaded', function () {
  var mount = document.getElementById('astera-api-reference');
  window.Scalar.createApiReference(mount, {
    url: mount.getAttribute('data-url'),
    withDefaultFonts: false,
    telemetry: false,
    persistAuth: false,
    showDeveloperTools: 'never',
    hideClientButton: true,
    agent: { disabled: true },
    mcp: { disabled: true },
    authentication: { preferredSecurityScheme: 'apiKey' },
    metaData: { title: 'API reference · Astera Portal' },
  });
});
`;

const page = (documentUrl: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference · Astera Portal</title>
  </head>
  <body>
    <div id="astera-api-reference" data-url="${documentUrl}"></div>
    <script src="${startPath}"></script>
    <script src="${bundlePath}"></script>
  </body>
</html>
`;

/** The bundle, read and compressed once, on the first request for it (about 5 MB, 1.3 MB gzip). */
let bundle: { raw: Buffer; gzip: Buffer } | undefined;
function scalarBundle() {
  if (!bundle) {
    const raw = readFileSync(path.join(packageDir, 'dist', 'browser', 'standalone.js'));
    bundle = { raw, gzip: gzipSync(raw) };
  }
  return bundle;
}

/**
 * The page and its two scripts, under the portal's headers (`headers`: its CSP, no framing).
 * `documentUrl` is where the browser reads the OpenAPI document (`/api/openapi.json`).
 */
export function apiReferenceRoutes(headers: MiddlewareHandler, documentUrl: string) {
  return new Hono()
    .get(apiReferencePath, headers, (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(page(documentUrl));
    })
    .get(startPath, headers, (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.body(start, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
    })
    .get(bundlePath, headers, (c) => {
      const { raw, gzip } = scalarBundle();
      const gzipped = /\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '');
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
      c.header('Vary', 'Accept-Encoding');
      if (gzipped) c.header('Content-Encoding', 'gzip');
      return c.body(new Uint8Array(gzipped ? gzip : raw));
    });
}
