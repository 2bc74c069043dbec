import { IncomingMessage } from 'node:http';

/**
 * Request rewrites that let oidc-provider answer what @auth0/auth0-spa-js sends to Auth0.
 * They run on the raw Node request, before oidc-provider parses anything.
 */

const FORM = 'application/x-www-form-urlencoded';
const TOKEN_BODY_LIMIT = 56 * 1024; // oidc-provider's own limit for form bodies

export class BodyTooLargeError extends Error {}

export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyTooLargeError(`request body larger than ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}

/** Auth0 accepts JSON bodies (useFormData: false); oidc-provider only takes form bodies. */
function jsonToForm(body: Buffer): URLSearchParams | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(parsed)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') form.append(key, String(item));
    }
  }
  return form;
}

/** A fresh request on the same connection, with the same headers except for a new body. */
function replay(original: IncomingMessage, body: Buffer, contentType: string): IncomingMessage {
  const request = new IncomingMessage(original.socket);
  request.method = original.method;
  request.url = original.url;
  request.httpVersion = original.httpVersion;
  request.httpVersionMajor = original.httpVersionMajor;
  request.httpVersionMinor = original.httpVersionMinor;
  request.headers = { ...original.headers, 'content-type': contentType, 'content-length': String(body.length) };
  // Marks the message as fully received; otherwise ending it counts as an abort and destroys the socket.
  request.complete = true;
  request.push(body);
  request.push(null);
  return request;
}

function mediaType(request: IncomingMessage): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * POST /oauth/token and /oauth/revoke: accept JSON bodies, and turn Auth0's `audience` into the
 * `resource` indicator oidc-provider understands (refresh_token requests with an audience).
 */
export async function normaliseTokenRequest(
  request: IncomingMessage,
  paths: { token: string; revocation: string },
): Promise<IncomingMessage> {
  if (request.method !== 'POST') return request;
  const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
  if (pathname !== paths.token && pathname !== paths.revocation) return request;

  const type = mediaType(request);
  if (type !== FORM && type !== 'application/json') return request;
  const raw = await readBody(request, TOKEN_BODY_LIMIT);
  const form = type === FORM ? new URLSearchParams(raw.toString('utf8')) : jsonToForm(raw);
  // Unparseable JSON: pass the bytes on unchanged and let oidc-provider answer with its usual error.
  if (!form) return replay(request, raw, request.headers['content-type'] ?? type);
  const audience = form.get('audience');
  if (pathname === paths.token && audience && !form.has('resource')) form.set('resource', audience);
  return replay(request, Buffer.from(form.toString(), 'utf8'), FORM);
}

/**
 * GET /v2/logout?client_id&returnTo → the RP-initiated logout parameters oidc-provider expects.
 * Like Auth0, a missing returnTo sends the user to the client's first allowed logout URL.
 */
export function logoutParams(query: URLSearchParams, client: { clientId: string; postLogoutRedirectUris: string[] }): URLSearchParams {
  const params = new URLSearchParams(query);
  const returnTo = params.get('returnTo');
  params.delete('returnTo');
  if (!params.has('client_id')) params.set('client_id', client.clientId);
  if (!params.has('post_logout_redirect_uri') && params.get('client_id') === client.clientId) {
    const target = returnTo ?? client.postLogoutRedirectUris[0];
    if (target) params.set('post_logout_redirect_uri', target);
  }
  return params;
}
