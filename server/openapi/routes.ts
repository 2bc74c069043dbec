import { Hono } from 'hono';
import { anyone } from '../auth/requires.ts';
import type { AppEnv } from '../env.ts';
import { openApiDocument } from './document.ts';

/**
 * `GET /openapi.json`: the API's OpenAPI document, made once from the app's routes on the first
 * request (the routes do not change while the process runs). The app is passed late (`app()`):
 * the document describes the app this route is part of.
 */
export function openApiRoutes(app: () => Parameters<typeof openApiDocument>[0]): Hono<AppEnv> {
  const documents = new Map<string, ReturnType<typeof openApiDocument>>();
  return new Hono<AppEnv>().get('/openapi.json', anyone(), async (c) => {
    // Where the API is mounted, as the caller reached it (`/api` behind the portal).
    const base = c.req.path.slice(0, -'/openapi.json'.length);
    let document = documents.get(base);
    if (!document) {
      document = openApiDocument(app(), { base });
      documents.set(base, document);
      document.catch(() => documents.delete(base));
    }
    return c.json(await document);
  });
}
