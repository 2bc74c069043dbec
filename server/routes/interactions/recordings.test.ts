import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiKeyCreated } from '../../../domain/api-keys.ts';
import type { AccessLogPage } from '../../../domain/audit.ts';
import type { InteractionEvent } from '../../../domain/interactions.ts';
import { messages } from '../../../domain/messages.ts';
import { interactionMessages } from '../../../domain/interaction-messages.ts';
import { createApi } from '../../app.ts';
import { accessLog, interactions } from '../../db/schema/index.ts';
import { RecordingStoreError, type RecordingStore } from '../../integrations/recordings/port.ts';
import { roleId, seedId } from '../../seed/seed.ts';
import { fileHarness } from '../../test/harness.ts';

const h = fileHarness();

/** 100 KB standing in for a call's audio: each byte differs from its neighbours, so a shifted range shows. */
const audio = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 31 + (i >> 9)) % 256);
const size = audio.length;

type Call = { id: string; accountId: string; eventId: string; path: string; url: string };

/** An interaction row as the contact center's ingestion writes it (the `cc` branch), with one event holding recordings. */
async function insertCall(accountId: string, recordings: { path: string; bytes?: Uint8Array; contentType?: string }[], more: { deletedAt?: Date } = {}): Promise<Call> {
  const id = randomUUID();
  const eventId = `ev-${randomUUID().slice(0, 8)}`;
  const event: InteractionEvent = {
    id: eventId,
    type: 'recordings',
    startTimestamp: new Date().toISOString(),
    duration: 0,
    leg: 1,
    contactSource: 'simulator',
    recordings: recordings.map(({ path, bytes, contentType }) => ({ path, contentType: contentType ?? 'audio/wav', durationSeconds: 6, size: bytes?.length ?? 0 })),
    details: {},
  };
  const other: InteractionEvent = { id: 'ev-inbound', type: 'inbound', startTimestamp: event.startTimestamp, duration: 0, leg: 1, contactSource: null, details: {} };
  await h.db.insert(interactions).values({
    id,
    accountId,
    createdBy: 'test',
    modifiedBy: 'test',
    startTimestamp: new Date(),
    direction: 'inbound',
    status: 'completed',
    events: [other, event],
    recordingsCount: recordings.length,
    patientName: 'Recorded Patient',
    ...more,
  });
  for (const r of recordings) if (r.bytes) await h.deps.recordings.put(`${accountId}/${id}/${eventId}/${r.path}`, r.bytes, r.contentType ?? 'audio/wav');
  const path = recordings[0]?.path ?? 'none.wav';
  return { id, accountId, eventId, path, url: `/interactions/interactions/${id}/events/${eventId}/recordings/${path}` };
}

const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const plays = async (call: Call) => {
  await h.deps.accessLog!.flush();
  return h.db
    .select()
    .from(accessLog)
    .where(and(eq(accessLog.resourceType, 'Recording'), eq(accessLog.resourceId, `${call.id}/${call.eventId}/${call.path}`)));
};

/** The harness's store, with every call it receives counted (to prove a refused path reaches none). */
function countingStore() {
  const calls: string[] = [];
  const store: RecordingStore = {
    kind: 'counting',
    put: (...args) => (calls.push(`put ${args[0]}`), h.deps.recordings.put(...args)),
    stat: (key) => (calls.push(`stat ${key}`), h.deps.recordings.stat(key)),
    read: (key, range) => (calls.push(`read ${key}`), h.deps.recordings.read(key, range)),
    delete: (key) => (calls.push(`delete ${key}`), h.deps.recordings.delete(key)),
  };
  return { calls, api: createApi({ ...h.deps, recordings: store }) };
}

let call: Call;
beforeAll(async () => {
  call = await insertCall(h.accounts.riverside.id, [{ path: 'leg-1.wav', bytes: audio }, { path: 'leg-2.ogg', bytes: audio.slice(0, 10), contentType: 'audio/ogg' }]);
});

describe('GET /interactions/interactions/{id}/events/{eventId}/recordings/{path}', () => {
  it('answers the whole recording (200) with its type, length and Accept-Ranges; private, not stored, not compressed', async () => {
    const res = await h.call('viewer', call.url, { headers: { 'Accept-Encoding': 'gzip, deflate' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('audio/wav');
    expect(res.headers.get('Content-Length')).toBe(String(size));
    expect(res.headers.get('Accept-Ranges')).toBe('bytes');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store, no-transform');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Content-Range')).toBeNull();
    expect(await bytes(res)).toEqual(audio);
    // The other recording of the event, with its own type.
    const ogg = await h.call('viewer', call.url.replace('leg-1.wav', 'leg-2.ogg'));
    expect(ogg.headers.get('Content-Type')).toBe('audio/ogg');
    expect(await bytes(ogg)).toEqual(audio.slice(0, 10));
  });

  it.each([
    ['bytes=0-0', 0, 0],
    ['bytes=0-65535', 0, 65535],
    ['bytes=1000-1999', 1000, 1999],
    ['bytes=65536-', 65536, size - 1],
    ['bytes=99999-', 99999, 99999],
    ['bytes=-500', size - 500, size - 1],
    ['bytes=-200000', 0, size - 1],
    ['bytes=90000-999999', 90000, size - 1],
  ])('answers %s with 206, Content-Range and exactly those bytes', async (range, start, end) => {
    const res = await h.call('viewer', call.url, { headers: { Range: range, 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('Content-Range')).toBe(`bytes ${start}-${end}/${size}`);
    expect(res.headers.get('Content-Length')).toBe(String(end - start + 1));
    expect(res.headers.get('Accept-Ranges')).toBe('bytes');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await bytes(res)).toEqual(audio.slice(start, end + 1));
  });

  it.each(['bytes=100000-', 'bytes=100000-100005', 'bytes=999999999999999999999-', 'bytes=-0'])('refuses the unsatisfiable %s with 416 and Content-Range: bytes */size', async (range) => {
    const res = await h.call('viewer', call.url, { headers: { Range: range } });
    expect(res.status).toBe(416);
    expect(res.headers.get('Content-Range')).toBe(`bytes */${size}`);
    expect(await res.json()).toEqual({ error: { code: 'range_not_satisfiable', message: interactionMessages.recordingRangeNotSatisfiable } });
  });

  it.each(['bytes=500-100', 'bytes=0-1,5-9', 'items=0-10', 'bytes=abc', 'bytes=-'])('ignores the Range %s it cannot use and answers the whole (200)', async (range) => {
    const res = await h.call('viewer', call.url, { headers: { Range: range } });
    expect(res.status).toBe(200);
    expect(await bytes(res)).toEqual(audio);
  });

  it('answers HEAD with the headers alone, reading nothing', async () => {
    const { calls, api } = countingStore();
    const res = await api.request(call.url, { method: 'HEAD', headers: { Authorization: `Bearer ${await h.token('viewer')}`, Range: 'bytes=10-19' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('Content-Length')).toBe('10');
    expect(calls.filter((c) => c.startsWith('read'))).toEqual([]);
  });

  it('finds only a recording the event lists: another path, event or interaction is 404', async () => {
    const notListed = await h.call('viewer', call.url.replace('leg-1.wav', 'leg-3.wav'));
    expect(notListed.status).toBe(404);
    expect(await notListed.json()).toEqual({ error: { code: 'not_found', message: interactionMessages.recordingNotFound } });
    // The other event of the call lists none.
    expect((await h.call('viewer', call.url.replace(call.eventId, 'ev-inbound'))).status).toBe(404);
    expect((await h.call('viewer', call.url.replace(call.eventId, 'ev-nope'))).status).toBe(404);
    for (const id of [randomUUID(), 'not-a-uuid', 'NOT%2FA%2FUUID']) {
      const res = await h.call('viewer', `/interactions/interactions/${id}/events/${call.eventId}/recordings/leg-1.wav`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: interactionMessages.interactionNotFound } });
    }
    // Text no id can be (a NUL byte) is refused before any lookup, as every path parameter is (issue 40).
    expect((await h.call('viewer', `/interactions/interactions/NOT%00A%2FUUID/events/${call.eventId}/recordings/leg-1.wav`)).status).toBe(400);
    // Listed, but not in the store.
    const lost = await insertCall(h.accounts.riverside.id, [{ path: 'lost.wav' }]);
    expect((await h.call('viewer', lost.url)).status).toBe(404);
  });

  it('a deleted interaction has no recordings (404 Interaction Not Found)', async () => {
    const deleted = await insertCall(h.accounts.riverside.id, [{ path: 'leg-1.wav', bytes: audio.slice(0, 100) }], { deletedAt: new Date() });
    const res = await h.call('viewer', deleted.url);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: interactionMessages.interactionNotFound } });
  });

  it('refuses a path that tries to leave the store (400 or 404) without asking the store anything', async () => {
    // Even when the event itself lists such a path (data from outside), it is never read.
    const hostile = await insertCall(h.accounts.riverside.id, [{ path: '../../../etc/passwd' }, { path: '..\\..\\x' }, { path: 'a/../../b' }]);
    const { calls, api } = countingStore();
    const token = await h.token('viewer');
    const base = `/interactions/interactions/${hostile.id}/events/${hostile.eventId}/recordings`;
    for (const path of [
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '%2E%2E%2F%2E%2E%2Fx',
      '..%5C..%5Cx',
      'a%2F..%2F..%2Fb',
      'a/../../b',
      '%2e%2e',
      '..',
      'leg%00.wav',
      'leg-1.wav%00',
      '%2Fetc%2Fpasswd',
      'a%5Cb',
      '%252e%252e%252fx',
    ]) {
      const res = await api.request(`${base}/${path}`, { headers: { Authorization: `Bearer ${token}` } });
      expect([400, 404], path).toContain(res.status);
      expect(res.headers.get('Content-Type'), path).toMatch(/^application\/json/);
    }
    // An event id that would add a folder to the key.
    const res = await api.request(`/interactions/interactions/${hostile.id}/events/${hostile.eventId}%2F..%2Fx/recordings/leg-1.wav`, { headers: { Authorization: `Bearer ${token}` } });
    expect([400, 404]).toContain(res.status);
    expect(calls).toEqual([]);
    const encoded = await api.request(`${base}/..%2F..%2F..%2Fetc%2Fpasswd`, { headers: { Authorization: `Bearer ${token}` } });
    expect(encoded.status).toBe(400);
    expect(await encoded.json()).toEqual({ error: { code: 'invalid_request', message: interactionMessages.recordingPathInvalid } });
  });

  it("keeps accounts apart: another account's call is 404; an administrator acting there plays it", async () => {
    const lakeside = await insertCall(h.accounts.lakeside.id, [{ path: 'leg-1.wav', bytes: audio.slice(0, 50) }]);
    const res = await h.call('viewer', lakeside.url);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: interactionMessages.interactionNotFound } });
    expect((await h.call('viewer', `${lakeside.url}?accountId=${h.accounts.lakeside.id}`)).status).toBe(403);
    const admin = await h.call('admin', `${lakeside.url}?accountId=${h.accounts.lakeside.id}`);
    expect(admin.status).toBe(200);
    expect(await bytes(admin)).toEqual(audio.slice(0, 50));
    // The store's key carries the account: bytes kept under another account's key are not this call's.
    const riverside = await insertCall(h.accounts.riverside.id, [{ path: 'leg-1.wav' }]);
    await h.deps.recordings.put(`${h.accounts.lakeside.id}/${riverside.id}/${riverside.eventId}/leg-1.wav`, audio.slice(0, 10), 'audio/wav');
    expect((await h.call('viewer', riverside.url)).status).toBe(404);
  });

  it('plays from the key ingestion stored (calls that share a file), only inside the account\'s part of the store', async () => {
    const shared = `${h.accounts.riverside.id}/shared/0/call.wav`;
    await h.deps.recordings.put(shared, audio.slice(0, 40), 'audio/wav');
    const keyed = async (key: string) => {
      const played = await insertCall(h.accounts.riverside.id, [{ path: 'leg-1.wav' }]);
      await h.db
        .update(interactions)
        .set({ events: sql`jsonb_set(${interactions.events}, '{1,recordings,0,key}', to_jsonb(${key}::text))` })
        .where(eq(interactions.id, played.id));
      return played;
    };
    const res = await h.call('viewer', (await keyed(shared)).url);
    expect(res.status).toBe(200);
    expect(await bytes(res)).toEqual(audio.slice(0, 40));
    // A stored key naming another account's files is not used (the derived key, which holds nothing, is).
    const elsewhere = `${h.accounts.lakeside.id}/shared/0/call.wav`;
    await h.deps.recordings.put(elsewhere, audio.slice(0, 20), 'audio/wav');
    expect((await h.call('viewer', (await keyed(elsewhere)).url)).status).toBe(404);
  });

  it('is for roles that may read interactions: Read Only plays; a role without interactions GET is refused (403)', async () => {
    expect((await h.call('viewer', call.url)).status).toBe(200);
    const res = await h.call('admin', `/permissions/apikeys?accountId=${h.accounts.riverside.id}`, { method: 'POST', json: { name: 'Scheduling sync', roleId: roleId('riverside', 'Scheduler') } });
    expect(res.status).toBe(201);
    const key = (await res.json()) as ApiKeyCreated;
    const refused = await h.api.request(call.url, { headers: { Authorization: `Bearer ${key.secret}` } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: 'forbidden', message: messages.forbidden } });
    expect((await h.call('viewer', call.url, { token: null })).status).toBe(401);
  });

  it('a store that does not answer is a 502 with an error id, logged without the key', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const failing: RecordingStore = { ...h.deps.recordings, stat: () => Promise.reject(new RecordingStoreError('unavailable', { cause: new Error(`refused ${call.path}`) })) };
      const api = createApi({ ...h.deps, recordings: failing });
      const res = await api.request(call.url, { headers: { Authorization: `Bearer ${await h.token('viewer')}` } });
      expect(res.status).toBe(502);
      const body = (await res.json()) as { error: { code: string; id: string } };
      expect(body.error).toMatchObject({ code: 'recordings_unavailable', message: interactionMessages.recordingsUnavailable, id: expect.any(String) });
      const logged = warn.mock.calls.map((args) => args.join(' ')).join('\n');
      expect(logged).toContain(body.error.id);
      expect(logged).not.toContain(call.id);
      expect(logged).not.toContain(call.path);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('every play is audited (access log)', () => {
  it('records a play from the first byte (no Range, bytes=0-…): who, which recording, when, as a user; seeks are no new play', async () => {
    const played = await insertCall(h.accounts.riverside.id, [{ path: 'leg-1.wav', bytes: audio }]);
    expect(await plays(played)).toEqual([]);
    // A player's requests: from the start, then the following parts, then a seek.
    for (const range of ['bytes=0-', 'bytes=65536-', 'bytes=80000-89999']) expect((await h.call('viewer', played.url, { headers: { Range: range } })).status).toBe(206);
    let rows = await plays(played);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ accountId: h.accounts.riverside.id, actorId: seedId('person:viewer'), credential: 'user', action: 'play', resourceType: 'Recording' });
    expect(Math.abs(rows[0]!.at.getTime() - Date.now())).toBeLessThan(10 * 60_000);
    // Played again from the start, and downloaded whole: two more plays.
    expect((await h.call('viewer', played.url, { headers: { Range: 'bytes=0-1' } })).status).toBe(206);
    expect((await h.call('admin', `${played.url}?accountId=${h.accounts.riverside.id}`)).status).toBe(200);
    rows = await plays(played);
    expect(rows.map((r) => r.actorId).sort()).toEqual([seedId('person:admin'), seedId('person:viewer'), seedId('person:viewer')].sort());
    // Refused, missing, unsatisfiable and HEAD requests are no plays.
    await h.call('viewer', played.url, { headers: { Range: 'bytes=999999-' } });
    await h.call('viewer', played.url, { method: 'HEAD' });
    await h.call('viewer', played.url.replace('leg-1.wav', 'nope.wav'));
    expect(await plays(played)).toHaveLength(3);
  });

  it('an API key is recorded as the key', async () => {
    const played = await insertCall(h.accounts.riverside.id, [{ path: 'leg-1.wav', bytes: audio.slice(0, 1000) }]);
    const res = await h.call('admin', `/permissions/apikeys?accountId=${h.accounts.riverside.id}`, { method: 'POST', json: { name: 'Quality review', roleId: roleId('riverside', 'Read Only') } });
    const key = (await res.json()) as ApiKeyCreated;
    expect((await h.api.request(played.url, { headers: { Authorization: `Bearer ${key.secret}` } })).status).toBe(200);
    expect(await plays(played)).toEqual([expect.objectContaining({ actorId: key.id, credential: 'api-key', action: 'play' })]);
  });

  it('administrators who may read interactions see the plays in the System log ("Viewed"), named by the recording', async () => {
    const played = await insertCall(h.accounts.riverside.id, [{ path: 'leg-1.wav', bytes: audio.slice(0, 1000) }]);
    expect((await h.call('viewer', played.url)).status).toBe(200);
    await h.deps.accessLog!.flush();
    const views = `/audit/views?resourceType=Recording&action=play&limit=100&account=${h.accounts.riverside.id}`;
    const find = async (res: Response) => {
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as AccessLogPage).items.find((i) => i.resourceId === `${played.id}/${played.eventId}/leg-1.wav`);
    };
    const item = (await find(await h.call('admin', views)))!;
    expect(item).toMatchObject({ action: 'play', resourceType: 'Recording', credential: 'user', title: `leg-1.wav of interaction ${played.id.slice(0, 8)}` });
    expect(item.summary).toMatch(/ played recording “leg-1\.wav of interaction [0-9a-f]{8}”$/);
    // Only to those who may play it: a role that reads the access log but not interactions sees no plays.
    const riverside = `accountId=${h.accounts.riverside.id}`;
    const role = await h.call('admin', `/permissions/roles?${riverside}`, {
      method: 'POST',
      json: { name: 'Access log without calls', resources: { '/permissions/accesspolicy': { GET: true }, '/audit/views': { GET: true } } },
    });
    expect(role.status, await role.clone().text()).toBe(201);
    const key = await h.call('admin', `/permissions/apikeys?${riverside}`, { method: 'POST', json: { name: 'Access log reader', roleId: ((await role.json()) as { id: string }).id } });
    expect(key.status, await key.clone().text()).toBe(201);
    const secret = ((await key.json()) as ApiKeyCreated).secret;
    expect(await find(await h.api.request(views, { headers: { Authorization: `Bearer ${secret}` } }))).toBeUndefined();
  });
});
