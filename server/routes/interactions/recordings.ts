import { and, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { interactionMessages } from '../../../domain/interaction-messages.ts';
import type { InteractionEvent } from '../../../domain/interactions.ts';
import { recordReads } from '../../access-log.ts';
import { requires } from '../../auth/requires.ts';
import { interactions } from '../../db/schema/index.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, badRequest, notFound } from '../../errors.ts';
import { checkedKey, RecordingStoreError } from '../../integrations/recordings/port.ts';
import { logVendorError } from '../../integrations/vendor-errors.ts';
import { idParam } from '../../records.ts';
import { requestedRange } from './byte-range.ts';

/** The store's refusal as the API's answer; a store that did not answer is logged once (vendor-errors.ts) and is a 502. */
function storeFailure(error: unknown): never {
  if (!(error instanceof RecordingStoreError)) throw error;
  if (error.reason === 'invalid_key') throw badRequest(interactionMessages.recordingPathInvalid);
  if (error.reason === 'not_found') throw notFound(interactionMessages.recordingNotFound);
  throw new ApiError(502, 'recordings_unavailable', interactionMessages.recordingsUnavailable, undefined, logVendorError('recordings', error));
}

/** A key segment the store accepts, or no such recording (the port's rule: no '/', '.', '..', NUL, backslash…). */
function validPath(path: string): string {
  try {
    return checkedKey(path);
  } catch {
    throw badRequest(interactionMessages.recordingPathInvalid);
  }
}

/**
 * Audio is played as it is: what the store says it is when that is audio (or video: some players
 * record in a video container), anything else as bytes, never a page the browser would render.
 */
const playableType = (contentType: string) => (/^(audio|video)\/[\w.+-]+$/i.test(contentType) ? contentType : 'application/octet-stream');

/**
 * `GET /interactions/interactions/{id}/events/{eventId}/recordings/{path}` (spec §7): a recording
 * of the call, streamed from the recordings store with HTTP range requests (RFC 9110 §14), so a
 * player seeks without downloading the whole file. Found in three steps, each scoped: the
 * account's interaction (not deleted), its event by id, the recording by the path that event
 * lists; only then is the store asked, under `<accountId>/<interactionId>/<eventId>/<path>`.
 *
 * Every play is recorded in the access log (who, which recording, when, through which credential):
 * a play is a request from the first byte (no Range, `bytes=0-…`, or a suffix covering all of
 * it); a player's later requests for other parts, while it buffers or seeks, are not new plays.
 *
 * Its own sub-app, mounted under `/interactions/interactions` beside the other interaction routes.
 */
export const recordingRoutes = new Hono<AppEnv>().get(
  '/:id/events/:eventId/recordings/:path{.+}',
  requires('/interactions/interactions', 'GET'),
  idParam(() => notFound(interactionMessages.interactionNotFound)),
  async (c) => {
    const { id } = c.req.valid('param');
    const eventId = c.req.param('eventId');
    const path = validPath(c.req.param('path'));
    const { db, recordings } = c.var.deps;
    const accountId = c.var.account.id;
    // The one event of the timeline, picked in the database (a call may have hundreds).
    const [row] = await db
      .select({ event: sql<Pick<InteractionEvent, 'recordings'> | null>`(select e from jsonb_array_elements(${interactions.events}) e where e->>'id' = ${eventId} limit 1)` })
      .from(interactions)
      .where(and(eq(interactions.accountId, accountId), eq(interactions.id, id), isNull(interactions.deletedAt)));
    if (!row) throw notFound(interactionMessages.interactionNotFound);
    const recording = Array.isArray(row.event?.recordings) ? row.event.recordings.find((r) => r?.path === path) : undefined;
    if (!recording) throw notFound(interactionMessages.recordingNotFound);

    // The event's id is one segment of the key: one holding a '/' could name another event's recording.
    if (eventId.includes('/')) throw badRequest(interactionMessages.recordingPathInvalid);
    // Where ingestion stored it (`recording.key`: bulk-seeded calls share a few files), else the
    // derived key. A stored key is the server's own (the API's schemas drop it) and is used only
    // inside the account's part of the store.
    const stored = typeof recording.key === 'string' && recording.key.startsWith(`${accountId}/`) ? recording.key : null;
    const key = stored ?? `${accountId}/${id}/${validPath(eventId)}/${path}`;
    const info = await recordings.stat(key).catch(storeFailure);
    if (!info) throw notFound(interactionMessages.recordingNotFound);

    const headers: Record<string, string> = {
      'Accept-Ranges': 'bytes',
      'Content-Type': playableType(info.contentType),
      // Patient audio: no cache keeps it, and nothing on the way re-encodes it (the byte ranges must stay exact).
      'Cache-Control': 'private, no-store, no-transform',
    };
    const asked = requestedRange(c.req.header('Range'), info.size);
    if (asked.kind === 'unsatisfiable') {
      return c.json({ error: { code: 'range_not_satisfiable', message: interactionMessages.recordingRangeNotSatisfiable } }, 416, {
        ...headers,
        'Content-Type': 'application/json',
        'Content-Range': `bytes */${info.size}`,
      });
    }
    const range = asked.kind === 'part' ? asked.range : null;
    const length = range ? range.end - range.start + 1 : info.size;
    headers['Content-Length'] = String(length);
    if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${info.size}`;
    const status = range ? 206 : 200;
    // A HEAD answers the headers alone: nothing is read, and nothing was played.
    if (c.req.method === 'HEAD') return c.body(null, status, headers);
    // An empty recording needs no read.
    const body = length === 0 ? null : await recordings.read(key, range ?? undefined).catch(storeFailure);
    if (!range || range.start === 0) recordReads(c, 'Recording', 'play', [`${id}/${eventId}/${path}`]);
    return body ? c.body(body, status, headers) : c.body(null, status, headers);
  },
);
