import { randomUUID } from 'node:crypto';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { DeletedList } from '../../../domain/deleted.ts';
import { interactionListQuerySchema, type Interaction, type InteractionComment, type InteractionCommentList, type InteractionList, type MentionableUserList } from '../../../domain/interactions.ts';
import { interactionMessages } from '../../../domain/interaction-messages.ts';
import type { NotificationList } from '../../../domain/notifications.ts';
import type { SearchAnswer } from '../../../domain/search.ts';
import { accessLog, contactPointPractitioners, contactPoints, interactions, persons, users } from '../../db/schema/index.ts';
import { callWorldOf, planCalls } from '../../integrations/simulators/contact-center-placing.ts';
import { ingestContacts, interactionIdOf } from '../../interactions/ingest.ts';
import { roleId, seedId } from '../../seed/seed.ts';
import { listWhere } from './queries.ts';
import { fileHarness, type DemoUser } from '../../test/harness.ts';
import { errorOf, recordApi } from '../../test/record-api.ts';

const h = fileHarness();
const base = '/interactions/interactions';
const { send, create, get, list, auditOf } = recordApi<Interaction, InteractionList>(() => h, base, 'Interaction');

/** A call of spec §3's shape: two legs (a transfer), a recording, a disposition, the patient. */
function callBody(over: Record<string, unknown> = {}) {
  const start = '2026-03-02T14:00:00.000Z';
  return {
    startTimestamp: start,
    endTimestamp: '2026-03-02T14:07:30.000Z',
    direction: 'inbound',
    status: 'completed',
    escalated: true,
    escalatedType: 'clinical',
    priority: ['high'],
    agentNotes: 'Asked about a refill.',
    patient: { name: 'Dana Whitfield', dob: '1980-05-17', type: 'patient', location: 'Springfield', contactNumber: '(555) 123-4567', email: 'dana@example.test', smsOk: true },
    initiatingParty: { name: 'Dana Whitfield', contactNumber: '+1 555 123 4567' },
    events: [
      { type: 'inbound', startTimestamp: start, leg: 1, contactSource: 'PSTN', details: { ani: '+15551234567' } },
      { type: 'enqueued', startTimestamp: '2026-03-02T14:00:05.000Z', leg: 1, queueId: 'q-front', queueName: 'Front Desk', duration: 30 },
      { type: 'connectedToAgent', startTimestamp: '2026-03-02T14:00:35.000Z', leg: 1, agentId: seedId('person:manager'), agentName: 'Maria Lopez', duration: 120 },
      { type: 'transfer', startTimestamp: '2026-03-02T14:02:35.000Z', leg: 2, queueId: 'q-nurse', queueName: 'Nurse Line' },
      {
        type: 'recordings',
        startTimestamp: '2026-03-02T14:02:40.000Z',
        leg: 2,
        recordings: [{ path: 'leg-2.wav', contentType: 'audio/wav', durationSeconds: 200, size: 3200 }],
      },
      { type: 'disposition', startTimestamp: '2026-03-02T14:07:00.000Z', leg: 2, disposition: 'Refill requested' },
    ],
    participants: [
      { role: 'patient', name: 'Dana Whitfield', contactNumber: '555-123-4567', legs: [1, 2] },
      { role: 'agent', name: 'Maria Lopez', userId: seedId('person:manager'), legs: [1] },
    ],
    integrationAssociations: [{ system: 'simulator', contactId: `c-${randomUUID()}`, leg: 1 }],
    conditions: [{ id: seedId('issue:riverside:0'), name: 'Chest pain' }],
    outcomes: ['Refill sent'],
    symptoms: ['cough'],
    urgentSymptom: false,
    medications: ['amoxicillin'],
    followup: { due: '2026-03-05' },
    appointments: [{ when: '2026-03-10T09:00:00Z' }],
    transferAnswered: true,
    transferAttempt: true,
    marketingReferral: 'Friend',
    ...over,
  };
}

let n = 0;
/** A call at a distinct time (each `n` a minute later), with the fields given. */
const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString();
async function call(over: Record<string, unknown> = {}, user: DemoUser = 'manager', query = '') {
  return create({ startTimestamp: at(n++), ...over }, user, query);
}

describe('create and read (spec §3 shape)', () => {
  it('round-trips the §3 shape and derives the list fields from the events', async () => {
    const body = callBody();
    const id = await create(body);
    const got = await get(id);
    expect(got).toMatchObject({
      resourceType: 'Interaction',
      id,
      accountId: h.accounts.riverside.id,
      version: 1,
      createdBy: 'Maria Lopez',
      startTimestamp: body.startTimestamp,
      endTimestamp: body.endTimestamp,
      direction: 'inbound',
      status: 'completed',
      isComplete: true,
      escalated: true,
      escalatedType: 'clinical',
      priority: ['high'],
      agentNotes: 'Asked about a refill.',
      patient: { name: 'Dana Whitfield', dob: '1980-05-17', contactNumber: '+15551234567', smsOk: true },
      initiatingParty: { contactNumber: '+15551234567' },
      conditions: body.conditions,
      outcomes: ['Refill sent'],
      symptoms: ['cough'],
      medications: ['amoxicillin'],
      followup: { due: '2026-03-05' },
      appointments: [{ when: '2026-03-10T09:00:00Z' }],
      transferAnswered: true,
      urgentSymptom: false,
      marketingReferral: 'Friend',
      latestDisposition: 'Refill requested',
      recordingsCount: 1,
      durationSeconds: 450,
      queue: { queueId: 'q-front', queueName: 'Front Desk' },
      agent: { id: seedId('person:manager'), name: 'Maria Lopez' },
      team: null,
      integrationAssociations: body.integrationAssociations,
    });
    expect(got.events).toHaveLength(6);
    expect(got.events.every((e) => typeof e.id === 'string' && e.id.length > 0)).toBe(true);
    expect(got.events[0]).toMatchObject({ type: 'inbound', leg: 1, details: { ani: '+15551234567' } });
    expect(got.events[4]!.recordings).toEqual([{ path: 'leg-2.wav', contentType: 'audio/wav', durationSeconds: 200, size: 3200 }]);
    expect(got.participants[1]).toMatchObject({ role: 'agent', userId: seedId('person:manager') });
  });

  it('needs only a start time; the rest takes its defaults', async () => {
    const id = await create({ startTimestamp: '2025-06-01T10:00:00Z' });
    expect(await get(id)).toMatchObject({ direction: 'inbound', status: 'completed', escalated: false, escalatedType: null, events: [], patient: null, latestDisposition: null, recordingsCount: 0, durationSeconds: null });
  });

  it('refuses a bad body naming each field, without echoing it, and writes nothing', async () => {
    const before = await h.db.select({ n: sql<number>`count(*)::int` }).from(interactions);
    const res = await send('manager', 'POST', base, {
      direction: 'sideways-zqEcho',
      patient: { contactNumber: '12-zqEcho' },
      events: [{ type: 'bad type zqEcho', startTimestamp: 'yesterday' }],
      followup: { note: 'a\u0000b' },
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).not.toContain('zqEcho');
    const { error } = JSON.parse(text) as { error: { fields: Record<string, string> } };
    expect(error.fields).toMatchObject({
      startTimestamp: interactionMessages.interactionStartRequired,
      direction: interactionMessages.interactionDirectionInvalid,
      'patient.contactNumber': interactionMessages.interactionPhoneInvalid,
      'events.0.type': interactionMessages.interactionEventTypeInvalid,
      'events.0.startTimestamp': interactionMessages.interactionInstantInvalid,
      followup: interactionMessages.interactionDetailsInvalid,
    });
    const end = await send('manager', 'POST', base, { startTimestamp: '2025-06-01T10:00:00Z', endTimestamp: '2025-06-01T09:00:00Z' });
    expect((await errorOf(end)).fields).toEqual({ endTimestamp: interactionMessages.interactionEndBeforeStart });
    expect(await h.db.select({ n: sql<number>`count(*)::int` }).from(interactions)).toEqual(before);
  });

  it("answers 'Interaction Not Found' (404) for a missing id, a malformed one, and another account's", async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      const res = await h.call('manager', `${base}/${id}`);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe('Interaction Not Found');
    }
    const lakeside = await call({ patient: { name: 'Lake Patient' } }, 'admin', `?accountId=${h.accounts.lakeside.id}`);
    const res = await h.call('manager', `${base}/${lakeside}`);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).message).toBe('Interaction Not Found');
  });
});

describe('list', () => {
  const q = (query: string) => list(query).then((l) => l.items.map((i) => i.id));
  const team = randomUUID();
  const agent = seedId('person:viewer');
  let ids: Record<string, string> = {};

  it('filters by date range, queue, agent, team, status, direction, escalated and disposition', async () => {
    ids = {
      march1: await create({ startTimestamp: '2024-03-01T08:00:00Z', queue: { queueId: 'q-filter', queueName: 'Filter queue' }, status: 'abandoned' }),
      march2: await create({ startTimestamp: '2024-03-02T23:59:00Z', agent: { id: agent, name: 'Victor Chen' }, direction: 'outbound' }),
      march3: await create({ startTimestamp: '2024-03-03T00:00:00Z', team: { id: team, name: 'Nurses' }, escalated: true, escalatedType: 'supervisor' }),
      march4: await create({ startTimestamp: '2024-03-04T12:00:00Z', latestDisposition: 'Voicemail Left' }),
    };
    const within = 'from=2024-03-01&to=2024-03-04&limit=50';
    expect(await q(within)).toEqual([ids.march4, ids.march3, ids.march2, ids.march1]);
    expect(await q('from=2024-03-02&to=2024-03-02')).toEqual([ids.march2]);
    expect(await q('from=2024-03-02T00:00:00Z&to=2024-03-03T00:00:00Z')).toEqual([ids.march3, ids.march2]);
    expect(await q(`${within}&queue=q-filter`)).toEqual([ids.march1]);
    expect(await q(`${within}&agent=${agent}`)).toEqual([ids.march2]);
    expect(await q(`${within}&team=${team}`)).toEqual([ids.march3]);
    expect(await q(`${within}&status=abandoned`)).toEqual([ids.march1]);
    expect(await q(`${within}&direction=outbound`)).toEqual([ids.march2]);
    expect(await q(`${within}&escalated=true`)).toEqual([ids.march3]);
    expect(await q(`${within}&escalated=false`)).toEqual([ids.march4, ids.march2, ids.march1]);
    expect(await q(`${within}&disposition=voicemail left`)).toEqual([ids.march4]);
    expect(await q(`${within}&order=asc`)).toEqual([ids.march1, ids.march2, ids.march3, ids.march4]);
  });

  it('filters by whether the call has a recording (issue 40), and refuses a malformed `recorded`', async () => {
    const day = '2024-04-01';
    const recorded = await create({ startTimestamp: `${day}T08:00:00Z`, events: [{ type: 'recordings', startTimestamp: `${day}T08:01:00Z`, leg: 1, recordings: [{ path: 'leg-1.wav', contentType: 'audio/wav', durationSeconds: 20, size: 320 }] }] });
    const silent = await create({ startTimestamp: `${day}T09:00:00Z` });
    const within = `from=${day}&to=${day}`;
    expect(await q(within)).toEqual([silent, recorded]);
    expect(await q(`${within}&recorded=true`)).toEqual([recorded]);
    expect(await q(`${within}&recorded=false`)).toEqual([silent]);
    const bad = await send('manager', 'GET', `${base}?recorded=maybe`);
    expect(bad.status).toBe(400);
    expect(Object.keys((await errorOf(bad)).fields ?? {})).toEqual(['recorded']);
  });

  it('filters by type (issue 42): `type=chat` the web chats, `type=call` the calls; each row says its type; a malformed type is 400 naming it', async () => {
    const day = '2024-05-01';
    const phoned = await create({ startTimestamp: `${day}T08:00:00Z` });
    // As the widget writes a chat (server/chat/chat.ts): the column, not what a POST sends.
    const [chat] = await h.db
      .insert(interactions)
      .values({ accountId: h.accounts.riverside.id, type: 'chat', createdBy: 'Web chat', modifiedBy: 'Web chat', startTimestamp: new Date(`${day}T09:00:00Z`), direction: 'inbound', status: 'queued' })
      .returning({ id: interactions.id });
    const within = `from=${day}&to=${day}`;
    expect(await q(within)).toEqual([chat!.id, phoned]);
    expect(await q(`${within}&type=chat`)).toEqual([chat!.id]);
    expect(await q(`${within}&type=call`)).toEqual([phoned]);
    expect((await list(within)).items.map((i) => i.type)).toEqual(['chat', 'call']);
    expect((await get(chat!.id)).type).toBe('chat');
    const bad = await send('manager', 'GET', `${base}?type=fax`);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toEqual({ type: interactionMessages.interactionTypeInvalid });
  });

  it('answers the list item shape, newest first by default', async () => {
    const page = await list('from=2024-03-01&to=2024-03-04');
    expect(page).toMatchObject({ total: 4, totalIsEstimate: false, limit: 10, offset: 0, nextCursor: null });
    expect(page.items[3]).toEqual({
      id: ids.march1,
      accountId: h.accounts.riverside.id,
      resourceType: 'Interaction',
      type: 'call',
      startTimestamp: '2024-03-01T08:00:00.000Z',
      direction: 'inbound',
      status: 'abandoned',
      isComplete: expect.any(Boolean),
      escalated: false,
      escalatedType: null,
      priority: [],
      patient: null,
      latestDisposition: null,
      durationSeconds: null,
      queue: { queueId: 'q-filter', queueName: 'Filter queue' },
      agent: null,
      team: null,
      recordingsCount: 0,
      patientName: null,
      contactNumber: null,
    });
  });

  it('finds a phone number in any spelling, a piece of it, and a patient by part of the name in any case', async () => {
    const mine = await create({ startTimestamp: '2024-04-01T10:00:00Z', patient: { name: 'Rosalind Quimby', contactNumber: '(312) 555-0198' } });
    const other = await create({ startTimestamp: '2024-04-01T11:00:00Z', patient: { name: 'Other Person', contactNumber: '312.555.0199' } });
    for (const spelling of ['(312) 555-0198', '312.555.0198', '+1 312 555 0198', '3125550198', '1-312-555-0198', '+13125550198']) {
      expect(await q(`q=${encodeURIComponent(spelling)}`), spelling).toEqual([mine]);
    }
    expect(await q(`q=${encodeURIComponent('555-019')}&from=2024-04-01&to=2024-04-01`)).toEqual([other, mine]);
    // Spec §3's patient object in each item (issue 44), beside the list's own patientName and contactNumber.
    const item = (await list(`q=${mine}`)).items[0]!;
    expect(item).toMatchObject({ patient: { name: 'Rosalind Quimby', contactNumber: '+13125550198' }, patientName: 'Rosalind Quimby', contactNumber: '+13125550198' });
    expect(await q('q=QUIMBY')).toEqual([mine]);
    expect(await q('q=rosalind%20q')).toEqual([mine]);
    expect(await q(`q=${mine}`)).toEqual([mine]);
  });

  it("lists a person's interactions by their phone contact points", async () => {
    const personId = seedId('person:riverside:3');
    const [cp] = await h.db
      .insert(contactPoints)
      .values({ accountId: h.accounts.riverside.id, createdBy: 't', modifiedBy: 't', name: 'Mobile', value: '(415) 555-0142', normalizedValue: '+14155550142', system: 'PHONE', serviceProvider: 'Unknown', rank: 1 })
      .returning();
    await h.db.insert(contactPointPractitioners).values({ contactPointId: cp!.id, practitionerId: personId, accountId: h.accounts.riverside.id });
    const theirs = await create({ startTimestamp: '2024-05-01T10:00:00Z', patient: { name: 'Caller', contactNumber: '415-555-0142' } });
    await create({ startTimestamp: '2024-05-01T11:00:00Z', patient: { name: 'Caller', contactNumber: '415-555-0143' } });
    // Within their day: the demo seed gives the demo persons calls of their own in the last 90 days.
    expect(await q(`personId=${personId}&from=2024-05-01&to=2024-05-01`)).toEqual([theirs]);
    expect(await q(`personId=${randomUUID()}`)).toEqual([]);
  });

  it("the detail names the persons whose number the call's is, for a role that may read persons, as reads of them (issue 40)", async () => {
    const personId = seedId('person:riverside:4');
    const [cp] = await h.db
      .insert(contactPoints)
      .values({ accountId: h.accounts.riverside.id, createdBy: 't', modifiedBy: 't', name: 'Mobile', value: '(415) 555-0177', normalizedValue: '+14155550177', system: 'PHONE', serviceProvider: 'Unknown', rank: 1 })
      .returning();
    await h.db.insert(contactPointPractitioners).values({ contactPointId: cp!.id, practitionerId: personId, accountId: h.accounts.riverside.id });
    const [person] = await h.db.select({ name: persons.displayName }).from(persons).where(eq(persons.id, personId));
    const theirs = await create({ startTimestamp: '2024-05-02T10:00:00Z', patient: { name: 'Caller', contactNumber: '415-555-0177' } });
    const stranger = await create({ startTimestamp: '2024-05-02T11:00:00Z', patient: { name: 'Caller', contactNumber: '415-555-0178' } });
    await h.deps.accessLog!.flush();
    expect((await get(theirs, 'viewer')).patientPersons).toEqual([{ id: personId, name: person!.name }]);
    expect((await get(stranger, 'viewer')).patientPersons).toEqual([]);
    await h.deps.accessLog!.flush();
    const reads = await h.db.select().from(accessLog).where(and(eq(accessLog.resourceId, personId), eq(accessLog.resourceType, 'Person')));
    expect(reads.map((r) => [r.action, r.actorName])).toEqual([['view', 'Victor Chen']]);
  });

  it('pages by offset and by cursor, the same items in the same order, with the total', async () => {
    const day = '2023-07-07';
    const made: string[] = [];
    // Two calls at the same instant each time: the id breaks the tie, and no page repeats or skips one.
    for (let i = 0; i < 25; i++) made.push(await create({ startTimestamp: `${day}T10:${String(Math.floor(i / 2)).padStart(2, '0')}:00Z` }));
    const byTime = await h.db.select({ id: interactions.id }).from(interactions).where(sql`${interactions.startTimestamp}::date = ${day}::date`).orderBy(sql`${interactions.startTimestamp} desc, ${interactions.id} desc`);
    const expected = byTime.map((r) => r.id);
    expect([...expected].sort()).toEqual([...made].sort());
    const filter = `from=${day}&to=${day}`;
    const first = await list(`${filter}&limit=10`);
    const second = await list(`${filter}&limit=10&offset=10`);
    const third = await list(`${filter}&limit=10&offset=20`);
    expect(first.total).toBe(25);
    const byOffset = [...first.items, ...second.items, ...third.items].map((i) => i.id);
    expect(byOffset).toEqual(expected);
    // A page past the first reads its ids off the index, then its rows: the same order either way.
    expect((await list(`${filter}&limit=10&offset=10&order=asc`)).items.map((i) => i.id)).toEqual([...expected].reverse().slice(10, 20));
    expect((await list(`${filter}&limit=10&offset=20&q=nobody-by-this-name`)).items).toEqual([]);
    const byCursor: string[] = [];
    let cursor: string | null = null;
    do {
      const page: InteractionList = await list(`${filter}&limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      byCursor.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(byCursor).toEqual(expected);
  });

  it('refuses a malformed filter (400 naming it) instead of showing every call', async () => {
    for (const [name, value] of [['agent', 'zqNotAnId'], ['status', 'zqNope'], ['from', '2020-02-31'], ['escalated', 'maybe'], ['cursor', 'zq!!']] as const) {
      const res = await h.call('manager', `${base}?${name}=${value}`);
      expect(res.status, name).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual([name]);
    }
    const forged = Buffer.from('not a time|not an id').toString('base64url');
    expect((await h.call('manager', `${base}?cursor=${forged}`)).status).toBe(400);
  });

  it("never shows another account's calls (tenancy), and an administrator acting there sees only that account's", async () => {
    const lakeside = await call({ patient: { name: 'Tenancy Lakeside' } }, 'admin', `?accountId=${h.accounts.lakeside.id}`);
    expect(await q('q=tenancy%20lakeside')).toEqual([]);
    const there = await h.call('admin', `${base}?q=tenancy&accountId=${h.accounts.lakeside.id}`);
    expect(((await there.json()) as InteractionList).items.map((i) => i.id)).toEqual([lakeside]);
    expect((await send('manager', 'PATCH', `${base}/${lakeside}`, { version: 1, status: 'follow-up' })).status).toBe(404);
    expect((await send('manager', 'DELETE', `${base}/${lakeside}`)).status).toBe(404);
    expect((await send('manager', 'POST', `${base}/${lakeside}/comments`, { body: { content: 'x' } })).status).toBe(404);
  });

  it('counts a direction on its own index (migration 0034), not by reading the table', async () => {
    // A test database is small, so the planner is told to prefer indexes; the capped count must
    // then read the direction index (not the account's calls through another index, filtering).
    await h.db.execute(sql`analyze interactions`);
    const plan = await h.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select count(*) from (select 1 from interactions where account_id = ${h.accounts.riverside.id} and deleted_at is null and direction = 'outbound' limit 1001) as matched`,
      );
    });
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('interactions_account_direction_start');
    expect(text).toMatch(/Index Cond: \(\(account_id = .*direction = /s);
  });

  it('counts escalated calls of a queue and status in the escalated index alone (migration 0035), not row by row from the table', async () => {
    // The list's own WHERE for "queue, follow-up, escalated"; the capped count as the list runs it.
    // A test database is small, so the planner is told to prefer indexes, and the queue's and the
    // status's own indexes are dropped for this transaction (rolled back): the escalated index must
    // then take queue and status as conditions on its own columns, not as a filter on rows read.
    await h.db.execute(sql`analyze interactions`);
    const query = v.parse(interactionListQuerySchema, { queue: 'any-queue', status: 'follow-up', escalated: 'true' });
    let text = '';
    await h.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`drop index interactions_account_queue_start`);
        await tx.execute(sql`drop index interactions_account_status_start`);
        const plan = await tx.execute<{ 'QUERY PLAN': string }>(
          sql`explain select count(*) from (select 1 from interactions where ${listWhere(h.accounts.riverside.id, query)} limit 1001) as matched`,
        );
        text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        tx.rollback();
      })
      .catch(() => {});
    expect(text, text).toContain('interactions_account_escalated_start');
    expect(text, text).toMatch(/Index Cond: \(\(account_id = .*queue_id = .*status = /s);
    expect(text, text).not.toContain('Filter');
  });
});

describe('permissions', () => {
  /** A user whose role (Scheduler) has no interactions grant. */
  async function schedulerToken() {
    const personId = randomUUID();
    const stamp = { accountId: h.accounts.riverside.id, createdBy: 'test', modifiedBy: 'test' };
    await h.db.insert(persons).values({ id: personId, ...stamp, name: [{ use: 'official', text: 'Sam Sched', family: 'Sched', given: ['Sam'], prefix: [], suffix: [] }], displayName: 'Sam Sched', communication: [], userRecord: true });
    const principal = `sched-${personId}`;
    await h.db.insert(users).values({ personId, ...stamp, name: 'Sam Sched', email: `${principal}@riverside.test`, principalId: principal, active: true, roleId: roleId('riverside', 'Scheduler') });
    return { token: await h.token(principal), personId };
  }

  it('Read Only reads (list, detail, comments) and may not write', async () => {
    const id = await call();
    expect((await h.call('viewer', base)).status).toBe(200);
    expect((await h.call('viewer', `${base}/${id}`)).status).toBe(200);
    expect((await h.call('viewer', `${base}/${id}/comments`)).status).toBe(200);
    expect((await send('viewer', 'POST', base, { startTimestamp: at(999) })).status).toBe(403);
    expect((await send('viewer', 'PATCH', `${base}/${id}`, { version: 1, status: 'follow-up' })).status).toBe(403);
    expect((await send('viewer', 'DELETE', `${base}/${id}`)).status).toBe(403);
    expect((await send('viewer', 'POST', `${base}/${id}/restore`)).status).toBe(403);
    expect((await send('viewer', 'POST', `${base}/${id}/comments`, { body: { content: 'hi' } })).status).toBe(403);
  });

  it('a role without interactions gets 403 on every route, and the palette finds no calls for it', async () => {
    const id = await call({ patient: { name: 'Hidden Hortensia', contactNumber: '(555) 222-3333' } });
    const { token } = await schedulerToken();
    const as = (method: string, path: string, json?: unknown) => h.call('manager', path, { method, json, token });
    for (const [method, path] of [
      ['GET', base],
      ['POST', base],
      ['GET', `${base}/${id}`],
      ['PATCH', `${base}/${id}`],
      ['DELETE', `${base}/${id}`],
      ['POST', `${base}/${id}/restore`],
      ['GET', `${base}/${id}/comments`],
      ['POST', `${base}/${id}/comments`],
    ] as const) {
      expect((await as(method, path, method === 'GET' ? undefined : {})).status, `${method} ${path}`).toBe(403);
    }
    const search = (await (await as('GET', '/search?q=Hortensia')).json()) as SearchAnswer;
    expect(search.groups.find((g) => g.type === 'interaction')).toBeUndefined();
    const byPhone = (await (await as('GET', `/search?q=${encodeURIComponent('555.222.3333')}`)).json()) as SearchAnswer;
    expect(byPhone.groups.find((g) => g.type === 'interaction')).toBeUndefined();
  });

  it('the palette finds calls by patient name and by a pasted number in any spelling, for a role that may read them', async () => {
    const id = await call({ patient: { name: 'Palette Perpetua', contactNumber: '(555) 444-7777' } });
    for (const text of ['perpetua', '555.444.7777', '+1 555 444 7777']) {
      const answer = (await (await h.call('viewer', `/search?q=${encodeURIComponent(text)}`)).json()) as SearchAnswer;
      const hits = answer.groups.find((g) => g.type === 'interaction')?.hits ?? [];
      expect(hits.map((hit) => hit.id), text).toEqual([id]);
      expect(hits[0]).toMatchObject({ title: 'Palette Perpetua', path: `/interactions/${id}` });
    }
  });
});

describe('PATCH', () => {
  it('changes notes, disposition, status and escalation at the version edited; a stale version is 409', async () => {
    const id = await call({ escalated: true, escalatedType: 'complaint' });
    const res = await send('manager', 'PATCH', `${base}/${id}`, { version: 1, agentNotes: 'Called back.', disposition: 'Resolved', status: 'follow-up', escalated: false });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ version: 2, agentNotes: 'Called back.', latestDisposition: 'Resolved', status: 'follow-up', isComplete: false, escalated: false, escalatedType: null });
    const stale = await send('manager', 'PATCH', `${base}/${id}`, { version: 1, agentNotes: 'Overwrite?' });
    expect(stale.status).toBe(409);
    expect((await get(id)).agentNotes).toBe('Called back.');
    const again = await send('manager', 'PATCH', `${base}/${id}`, { version: 2, latestDisposition: '', escalated: true, escalatedType: 'urgent-symptom' });
    expect(await again.json()).toMatchObject({ version: 3, latestDisposition: null, escalated: true, escalatedType: 'urgent-symptom' });
  });

  it('writes system log entries that name no patient', async () => {
    const id = await call({ patient: { name: 'Logless Lavinia', contactNumber: '(555) 987-6543' }, agentNotes: 'Lavinia said…' });
    await send('manager', 'PATCH', `${base}/${id}`, { version: 1, agentNotes: 'Lavinia again' });
    const rows = await auditOf(id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    // The number as typed and as stored (digits): a random id or stamp may hold "987" by chance, never this.
    expect(JSON.stringify(rows)).not.toMatch(/Lavinia|987-6543|5559876543/);
  });
});

describe('DELETE (soft) and restore', () => {
  it('hides the call from every read, lists it in Recently deleted, and Undo brings it back', async () => {
    const id = await call({ patient: { name: 'Deleted Delphine' } });
    expect((await send('manager', 'DELETE', `${base}/${id}`)).status).toBe(204);
    expect((await h.call('manager', `${base}/${id}`)).status).toBe(404);
    expect((await list('q=delphine')).items).toEqual([]);
    const deleted = (await (await h.call('manager', '/deleted')).json()) as DeletedList;
    const entry = deleted.items.find((e) => e.id === id);
    expect(entry).toMatchObject({ resourceType: 'Interaction', path: `/interactions/${id}`, restorePath: `/interactions/interactions/${id}/restore` });
    expect(entry!.name).not.toContain('Delphine');
    const restored = await send('manager', 'POST', `${base}/${id}/restore`);
    expect(restored.status).toBe(200);
    expect((await list('q=delphine')).items.map((i) => i.id)).toEqual([id]);
    expect((await auditOf(id)).map((r) => r.action)).toEqual(['create', 'delete', 'restore']);
    expect((await send('manager', 'POST', `${base}/${id}/restore`)).status).toBe(404);
  });
});

describe('comments and mentions', () => {
  const notificationsOf = async (user: DemoUser) => ((await (await h.call(user, '/notifications/notifications')).json()) as NotificationList).items;

  it('adds and lists comments (spec §3 shape), oldest first', async () => {
    const id = await call();
    const res = await send('manager', 'POST', `${base}/${id}/comments`, { body: { contentType: 'text/markdown', content: '**Follow up** tomorrow' }, attachments: [{ name: 'Referral', url: 'https://files.example.test/r.pdf' }] });
    expect(res.status, await res.clone().text()).toBe(201);
    const comment = (await res.json()) as InteractionComment;
    expect(comment).toMatchObject({ interactionId: id, from: { id: seedId('person:manager'), name: 'Maria Lopez' }, status: 'posted', body: { contentType: 'text/markdown', content: '**Follow up** tomorrow' }, attachments: [{ name: 'Referral' }], mentions: [] });
    await send('manager', 'POST', `${base}/${id}/comments`, { body: { content: 'Second' } });
    const listed = (await (await h.call('viewer', `${base}/${id}/comments`)).json()) as InteractionCommentList;
    expect(listed.items.map((c) => c.body.content)).toEqual(['**Follow up** tomorrow', 'Second']);
    const empty = await send('manager', 'POST', `${base}/${id}/comments`, { body: { content: '   ' } });
    expect((await errorOf(empty)).fields).toEqual({ 'body.content': interactionMessages.commentRequired });
  });

  it('notifies each mentioned user (by id or by @Name) with a link to the interaction, naming no patient', async () => {
    const id = await call({ patient: { name: 'Mentioned Millicent' } });
    const before = (await notificationsOf('viewer')).length;
    const res = await send('manager', 'POST', `${base}/${id}/comments`, { body: { content: 'Please call back, @victor chen.' } });
    expect(res.status).toBe(201);
    expect(((await res.json()) as InteractionComment).mentions).toEqual([{ id: seedId('person:viewer'), name: 'Victor Chen' }]);
    await h.jobs.drained();
    const items = await notificationsOf('viewer');
    expect(items).toHaveLength(before + 1);
    expect(items[0]).toMatchObject({ title: 'You were mentioned on an interaction', jumpPath: `/interactions/${id}` });
    expect(items[0]!.message).toContain('Maria Lopez');
    expect(items[0]!.message).not.toContain('Millicent');

    const byId = await send('manager', 'POST', `${base}/${id}/comments`, { body: { content: 'FYI' }, mentions: [seedId('person:viewer')] });
    expect(byId.status).toBe(201);
    await h.jobs.drained();
    expect(await notificationsOf('viewer')).toHaveLength(before + 2);
  });

  it('mentions by @Name only where the @ starts a word and the name ends one (issue 40)', async () => {
    const id = await call();
    const mentionedBy = async (content: string) => {
      const res = await send('manager', 'POST', `${base}/${id}/comments`, { body: { content } });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as InteractionComment).mentions.map((m) => m.name);
    };
    expect(await mentionedBy('Write to x@Maria Lopez.com')).toEqual([]);
    expect(await mentionedBy('Ask @Maria Lopezx about it')).toEqual([]);
    expect(await mentionedBy('Ask (@maria lopez) about it')).toEqual(['Maria Lopez']);
  });

  it('refuses an attachment that points to another site, however it is spelled (issue 40)', async () => {
    const id = await call();
    for (const url of ['//evil.example/phish', '/\\evil.example/phish', '/\t/evil.example', 'http://files.example.test/r.pdf', 'javascript:alert(1)']) {
      const res = await send('manager', 'POST', `${base}/${id}/comments`, { body: { content: 'See attached' }, attachments: [{ name: 'Referral', url }] });
      expect(res.status, url).toBe(400);
      expect(Object.values((await errorOf(res)).fields ?? {}), url).toContain(interactionMessages.commentAttachmentInvalid);
    }
    const portal = await send('manager', 'POST', `${base}/${id}/comments`, { body: { content: 'See attached' }, attachments: [{ name: 'The patient', url: `/practice/persons/${seedId('person:viewer')}` }] });
    expect(portal.status, await portal.clone().text()).toBe(201);
  });

  it("refuses a mention of someone who is not a user of the account (another account's user, a stranger)", async () => {
    const id = await call();
    const [lakesideUser] = await h.db.select({ id: users.personId }).from(users).where(eq(users.accountId, h.accounts.lakeside.id)).limit(1);
    for (const other of [lakesideUser!.id, randomUUID()]) {
      const res = await send('manager', 'POST', `${base}/${id}/comments`, { body: { content: 'hi' }, mentions: [other] });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields).toEqual({ mentions: interactionMessages.commentMentionUnknown });
    }
  });
});

describe('the team of an ingested call: the practice team of the agent who handled it', () => {
  it("is filled in by ingestion: the list filtered by the agent's team finds the call; a call no agent took has none; a later second team does not move the agent's calls", async () => {
    const riverside = h.accounts.riverside.id;
    const teamOf = async (name: string) => {
      const res = await send('manager', 'POST', '/teams/teams', { name });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const join = async (teamId: string, personId: string) => expect((await send('manager', 'POST', `/teams/teams/${teamId}/member`, { personId })).status).toBe(201);
    const home = await teamOf(`Phones ${randomUUID().slice(0, 8)}`);
    const later = await teamOf(`Later ${randomUUID().slice(0, 8)}`);
    const agent = seedId('person:viewer');
    await join(home, agent);
    await join(later, agent);
    // Calls the contact center placed, every one answered by this agent (or by none).
    const world = (await callWorldOf(h.db, riverside))!;
    const calls = planCalls({ ...world, agents: world.agents.filter((a) => a.userId === agent) }, `team-${randomUUID()}`, Date.parse('2024-05-01T00:00:00Z'), Date.parse('2024-05-02T00:00:00Z'), 60);
    const answered = calls.find((c) => c.status === 'completed' && c.agent?.userId === agent)!;
    const abandoned = calls.find((c) => c.status === 'abandoned' && c.legs.every((l) => !l.agent))!;
    expect(answered).toBeDefined();
    expect(abandoned).toBeDefined();
    await ingestContacts(h.db, riverside, [answered, abandoned], { system: 'simulator' });
    const answeredId = interactionIdOf(riverside, answered.contactId);
    const found = await list(`team=${home}&from=2024-05-01&to=2024-05-01`);
    expect(found.items.map((i) => i.id)).toEqual([answeredId]);
    expect(found.items[0]!.team).toEqual({ id: home, name: expect.stringMatching(/^Phones /) });
    expect((await list(`team=${later}&from=2024-05-01&to=2024-05-01`)).items).toEqual([]);
    expect((await get(interactionIdOf(riverside, abandoned.contactId))).team).toBeNull();
  });
});

describe('GET /interactions/interactions/mentionable: whom the @ picker offers', () => {
  const mentionable = async (query = '', user: DemoUser = 'manager') => {
    const res = await h.call(user, `${base}/mentionable${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as MentionableUserList).items;
  };

  it('offers exactly the users a comment may mention (active, their role reads interactions), each of them accepted by the POST', async () => {
    const riverside = h.accounts.riverside.id;
    const demo = [seedId('person:manager'), seedId('person:viewer')];
    const [scheduler, inactive] = await h.db.select({ id: users.personId, name: users.name, roleId: users.roleId }).from(users).where(and(eq(users.accountId, riverside), eq(users.active, true), notInArray(users.personId, demo))).orderBy(users.name).limit(2);
    await h.db.update(users).set({ roleId: roleId('riverside', 'Scheduler') }).where(eq(users.personId, scheduler!.id));
    await h.db.update(users).set({ active: false }).where(eq(users.personId, inactive!.id));
    try {
      const offered = await mentionable('?limit=50');
      const ids = offered.map((u) => u.id);
      expect(ids).toContain(seedId('person:viewer'));
      expect(ids).toContain(seedId('person:manager'));
      expect(ids).not.toContain(scheduler!.id);
      expect(ids).not.toContain(inactive!.id);
      // Ids, names and whether they may reply only (no emails to a role that may not list users).
      expect(Object.keys(offered[0]!).sort()).toEqual(['canReply', 'id', 'name']);
      // Issue 40: Read Only may read the call it is mentioned on but not comment: the picker says so.
      expect(offered.find((u) => u.id === seedId('person:viewer'))?.canReply).toBe(false);
      expect(offered.find((u) => u.id === seedId('person:manager'))?.canReply).toBe(true);
      const id = await call();
      const accepted = await send('manager', 'POST', `${base}/${id}/comments`, { body: { content: 'All of you' }, mentions: ids });
      expect(accepted.status, await accepted.clone().text()).toBe(201);
      for (const refused of [scheduler!.id, inactive!.id]) {
        const res = await send('manager', 'POST', `${base}/${id}/comments`, { body: { content: 'hi' }, mentions: [refused] });
        expect(res.status).toBe(400);
      }
      // The picker's query: the start of any word of the name, any case; LIKE's wildcards are text.
      expect((await mentionable('?q=vic')).map((u) => u.name)).toEqual(['Victor Chen']);
      expect((await mentionable('?q=CHEN')).map((u) => u.name)).toContain('Victor Chen');
      expect((await mentionable('?q=ictor')).map((u) => u.name)).not.toContain('Victor Chen');
      expect(await mentionable(`?q=${encodeURIComponent(scheduler!.name.split(' ')[0]!)}&limit=50`)).not.toContainEqual(expect.objectContaining({ id: scheduler!.id }));
      expect(await mentionable('?q=%25')).toEqual([]);
    } finally {
      for (const user of [scheduler!, inactive!]) await h.db.update(users).set({ roleId: user.roleId, active: true }).where(eq(users.personId, user.id));
    }
  });

  it('is for those who may comment: Read Only (GET only) is refused', async () => {
    expect((await h.call('viewer', `${base}/mentionable`)).status).toBe(403);
  });
});

describe('reads are recorded in the access log', () => {
  it('records who read which interaction, when, through which credential (detail: view, list: list)', async () => {
    const id = await call({ patient: { name: 'Logged Lucius' } });
    await h.deps.accessLog!.flush();
    await h.call('viewer', `${base}/${id}`);
    await h.call('viewer', `${base}?q=lucius`);
    await h.deps.accessLog!.flush();
    const rows = await h.db.select().from(accessLog).where(and(eq(accessLog.resourceId, id), eq(accessLog.resourceType, 'Interaction')));
    expect(rows.map((r) => [r.action, r.actorName, r.credential]).sort()).toEqual([
      ['list', 'Victor Chen', 'user'],
      ['view', 'Victor Chen', 'user'],
    ]);
  });
});

describe('push: new calls reach open lists through GET /notifications/stream', () => {
  async function openStream(user: DemoUser, init: { token?: string; query?: string } = {}) {
    const controller = new AbortController();
    const res = await h.call(user, `/notifications/stream${init.query ?? ''}`, { signal: controller.signal, ...(init.token && { token: init.token }) });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    const nextEvent = async () => {
      while (!buffer.includes('\n\n')) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += value;
      }
      const end = buffer.indexOf('\n\n');
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      return event;
    };
    expect(await nextEvent()).toContain('event: notifications');
    return {
      nextEvent,
      close: async () => {
        controller.abort();
        await reader.cancel().catch(() => {});
      },
    };
  }

  it('sends `interaction` with the id of a call created through the API, and of one inserted by the contact center', async () => {
    const stream = await openStream('viewer');
    const id = await call();
    expect(await stream.nextEvent()).toBe(`event: interaction\ndata: ${id}`);
    // As the contact center's ingestion does: a plain insert, the trigger tells.
    const [row] = await h.db
      .insert(interactions)
      .values({ accountId: h.accounts.riverside.id, createdBy: 'cc', modifiedBy: 'cc', startTimestamp: new Date(), direction: 'inbound', status: 'queued', contactNumber: '+15550001111' })
      .returning();
    expect(await stream.nextEvent()).toBe(`event: interaction\ndata: ${row!.id}`);
    await stream.close();
  });

  it('sends `interaction` with the id of a changed call too (an edit, a delete, a writer that updates the row), within 2 seconds (issue 42)', async () => {
    const id = await call();
    const stream = await openStream('viewer');
    const within2s = () => Promise.race([stream.nextEvent(), new Promise((_, reject) => setTimeout(() => reject(new Error('no event within 2 s')), 2000))]);
    expect((await send('manager', 'PATCH', `${base}/${id}`, { version: 1, agentNotes: 'Called back.' })).status).toBe(200);
    expect(await within2s()).toBe(`event: interaction\ndata: ${id}`);
    // As the telephony writer does when a masked call's outcome arrives: an update of the row, no API.
    await h.db.execute(sql`update interactions set status = 'completed' where account_id = ${h.accounts.riverside.id} and id = ${id}`);
    expect(await within2s()).toBe(`event: interaction\ndata: ${id}`);
    expect((await send('manager', 'DELETE', `${base}/${id}`)).status).toBe(204);
    expect(await within2s()).toBe(`event: interaction\ndata: ${id}`);
    await stream.close();
  });

  it('sends `interaction` with the call\'s id when a comment on it is added, edited or deleted (issue 42: an open page reads its comments again)', async () => {
    const id = await call();
    const stream = await openStream('viewer');
    const res = await send('manager', 'POST', `${base}/${id}/comments`, { body: { content: 'Called the pharmacy.' } });
    expect(res.status).toBe(201);
    const comment = (await res.json()) as InteractionComment;
    expect(await stream.nextEvent()).toBe(`event: interaction\ndata: ${id}`);
    // No route edits or deletes a comment yet: whatever writer does it, the trigger tells.
    await h.db.execute(sql`update interaction_comments set content = 'Called the pharmacy twice.', status = 'edited' where id = ${comment.id}`);
    expect(await stream.nextEvent()).toBe(`event: interaction\ndata: ${id}`);
    await h.db.execute(sql`delete from interaction_comments where id = ${comment.id}`);
    expect(await stream.nextEvent()).toBe(`event: interaction\ndata: ${id}`);
    await stream.close();
  });

  it('a bulk load (more than 100 rows in one statement) is one `*` event (reload), and its list total becomes an estimate past 1,000', async () => {
    const stream = await openStream('viewer');
    await h.db.execute(sql`
      insert into interactions (account_id, created_by, modified_by, start_timestamp, direction, status, queue_id, queue_name)
      select ${h.accounts.riverside.id}::uuid, 'seed', 'seed', timestamptz '2022-01-01' + g * interval '1 minute', 'inbound', 'completed', 'q-bulk', 'Bulk'
      from generate_series(1, 1200) as g`);
    expect(await stream.nextEvent()).toBe('event: interaction\ndata: *');
    await stream.close();
    await h.db.execute(sql`analyze interactions`);
    const page = await list('queue=q-bulk&limit=50');
    expect(page.items).toHaveLength(50);
    expect(page.totalIsEstimate).toBe(true);
    expect(page.total).toBeGreaterThan(1000);
    const exact = await list('queue=q-bulk&from=2022-01-01T00:00:00Z&to=2022-01-01T00:10:00Z');
    expect(exact).toMatchObject({ total: 10, totalIsEstimate: false });
  });

  it("not to another account's streams, nor to a role without interactions (the next event they see is their own notification)", async () => {
    const personId = randomUUID();
    const stamp = { accountId: h.accounts.riverside.id, createdBy: 'test', modifiedBy: 'test' };
    await h.db.insert(persons).values({ id: personId, ...stamp, name: [{ use: 'official', text: 'Pat Push', family: 'Push', given: ['Pat'], prefix: [], suffix: [] }], displayName: 'Pat Push', communication: [], userRecord: true });
    await h.db.insert(users).values({ personId, ...stamp, name: 'Pat Push', email: 'pat.push@riverside.test', principalId: 'pat-push', active: true, roleId: roleId('riverside', 'Scheduler') });
    const scheduler = await openStream('viewer', { token: await h.token('pat-push') });
    const elsewhere = await openStream('admin', { query: `?accountId=${h.accounts.lakeside.id}` });
    await call();
    // Then a notification to each: PostgreSQL delivers in commit order, so a call event would come first.
    await h.db.transaction(async (tx) => {
      const { notify } = await import('../../notifications/notify.ts');
      await notify(tx, { accountId: h.accounts.riverside.id, userIds: [personId, seedId('person:admin')], title: 'Ping', message: 'Ping', jumpPath: null });
    });
    await h.jobs.drained();
    expect(await scheduler.nextEvent()).toContain('event: notifications');
    expect(await elsewhere.nextEvent()).toContain('event: notifications');
    await scheduler.close();
    await elsewhere.close();
  });
});
