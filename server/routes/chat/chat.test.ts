import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatTexts, type ChatMessages, type ChatSettings, type ChatStarted } from '../../../domain/chat.ts';
import type { Interaction, InteractionList } from '../../../domain/interactions.ts';
import type { SearchAnswer } from '../../../domain/search.ts';
import { createApi } from '../../app.ts';
import { chatPageAccount } from '../../chat/chat.ts';
import { auditLog, interactions, notifications, webChatMessages, webChats } from '../../db/schema/index.ts';
import { agentDirectory } from '../../interactions/ingest.ts';
import { seedId } from '../../seed/seed.ts';
import { createHarness } from '../../test/harness.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
let api: ReturnType<typeof createApi>;
const riverside = seedId('account:riverside');
const lakeside = seedId('account:lakeside');
let clients = 0;
const loose = { starts: { attempts: 1000, minutes: 10 }, messages: { attempts: 1000, minutes: 10 }, conversation: { attempts: 1000, minutes: 10 }, reads: { attempts: 1000, minutes: 10 } };
let widgetId: string;

beforeAll(async () => {
  h = await createHarness();
  api = createApi({ ...h.deps, trustProxyHops: 1, publicUrl: 'https://portal.example', publicPageLimits: { chat: loose } });
  const res = await staff('PATCH', '/chat/settings', { enabled: true, sites: ['https://riverside-clinic.example/', 'https://www.riverside-clinic.example'] });
  expect(res.status).toBe(200);
  widgetId = ((await res.json()) as ChatSettings).widgetId!;
}, 120_000);
afterAll(() => h.close());

function staff(method: string, path: string, body?: unknown, user: 'manager' | 'viewer' | 'admin' = 'manager', account = riverside) {
  return h.token(user).then((token) =>
    api.request(`${path}${path.includes('?') ? '&' : '?'}accountId=${account}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}
/** The widget, from a client address of its own. */
const widget = (method: string, path: string, options: { body?: unknown; token?: string; client?: string } = {}) =>
  api.request(`/chat/public${path}`, {
    method,
    headers: { 'X-Forwarded-For': options.client ?? `198.51.100.${++clients % 250}`, 'Content-Type': 'application/json', ...(options.token ? { 'X-Chat-Token': options.token } : {}) },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
async function start(text = 'Hello, can I book a cleaning?', name: string | null = 'Ana') {
  const res = await widget('POST', `/widgets/${widgetId}/conversations`, { body: { text, name } });
  expect(res.status).toBe(201);
  const started = (await res.json()) as ChatStarted;
  const [row] = await h.db.select().from(webChats).where(eq(webChats.id, started.conversationId));
  return { ...started, interactionId: row!.interactionId };
}
const read = async (conversationId: string, token: string, after = 0, wait = 0) => {
  const res = await widget('GET', `/conversations/${conversationId}/messages?after=${after}&wait=${wait}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as ChatMessages;
};

describe('web chat settings', () => {
  it('are off until turned on (the seed turned Riverside’s on); the first save makes a 128-bit widget id; sites are origins; the log has it', async () => {
    const before = await staff('GET', '/chat/settings', undefined, 'admin', lakeside);
    expect(await before.json()).toMatchObject({ enabled: false, sites: [], widgetId: null });
    // The demo's two conversations (one answered and ended, one waiting) wrote no log entries.
    expect(await h.db.select().from(auditLog).where(and(eq(auditLog.accountId, riverside), eq(auditLog.actorName, 'Web chat')))).toEqual([]);
    const demo = await h.db.select({ status: interactions.status, agentName: interactions.agentName }).from(webChats).innerJoin(interactions, eq(interactions.id, webChats.interactionId)).where(eq(webChats.accountId, riverside));
    expect(demo.sort((a, b) => a.status.localeCompare(b.status))).toEqual([{ status: 'completed', agentName: 'Maria Lopez' }, { status: 'queued', agentName: null }]);
    const res = await staff('GET', '/chat/settings');
    const settings = (await res.json()) as ChatSettings;
    expect(settings).toMatchObject({ enabled: true, sites: ['https://riverside-clinic.example', 'https://www.riverside-clinic.example'] });
    expect(settings.widgetId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(settings.widgetUrl).toBe(`https://portal.example/astera/chat/${settings.widgetId}`);
    const [entry] = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceType, 'ChatSettings'), eq(auditLog.resourceId, riverside)));
    expect(entry).toMatchObject({ action: 'update', actorName: 'Maria Lopez', after: { enabled: true, sites: settings.sites } });
  });

  it('refuse a site that is no https origin with the field message, never echoing it', async () => {
    for (const site of ['http://clinic.example', 'https://clinic.example/path', 'javascript:alert(1)', 'https://zq7echo', 'x'.repeat(400)]) {
      const res = await staff('PATCH', '/chat/settings', { sites: [site] });
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(text).toContain('Each site must be an origin');
      if (site.includes('zq7echo')) expect(text).not.toContain('zq7echo');
    }
  });

  it('are for the roles granted them: Read Only reads, cannot change', async () => {
    expect((await staff('GET', '/chat/settings', undefined, 'viewer')).status).toBe(200);
    expect((await staff('PATCH', '/chat/settings', { enabled: false }, 'viewer')).status).toBe(403);
  });

  it('give the widget page its practice’s sites as frame-ancestors; unknown and turned-off widgets none', async () => {
    const accountOf = chatPageAccount(h.db);
    expect(await accountOf({ name: 'chat' }, { id: widgetId })).toEqual({ id: riverside, sites: ['https://riverside-clinic.example', 'https://www.riverside-clinic.example'] });
    expect(await accountOf({ name: 'chat' }, { id: 'A'.repeat(22) })).toBeNull();
    expect(await accountOf({ name: 'mask' }, { id: widgetId })).toBeNull();
  });
});

describe('the widget', () => {
  it('reads its practice’s name; unknown, malformed and turned-off widgets are answered alike', async () => {
    const res = await widget('GET', `/widgets/${widgetId}`);
    expect(await res.json()).toEqual({ practiceName: expect.any(String) });
    // Lakeside turns its chat on, then off again.
    const on = await staff('PATCH', '/chat/settings', { enabled: true }, 'admin', lakeside);
    const lakesideWidget = ((await on.json()) as ChatSettings).widgetId!;
    expect((await widget('GET', `/widgets/${lakesideWidget}`)).status).toBe(200);
    await staff('PATCH', '/chat/settings', { enabled: false }, 'admin', lakeside);
    const answers = await Promise.all(
      [lakesideWidget, 'A'.repeat(22), 'short', 'zq7echo%3Cb%3E'].map(async (id) => {
        const r = await widget('GET', `/widgets/${id}`);
        return [r.status, await r.text()];
      }),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]![0]).toBe(404);
    expect(String(answers[0]![1])).not.toContain('zq7echo');
    const startOff = await widget('POST', `/widgets/${lakesideWidget}/conversations`, { body: { text: 'hi' } });
    expect(startOff.status).toBe(404);
  });

  it('starts a conversation as a queued chat interaction in the call history, audited by Web chat, staff notified', async () => {
    const { conversationId, token, interactionId } = await start();
    expect(conversationId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(token).not.toBe(conversationId);
    const [row] = await h.db.select().from(interactions).where(eq(interactions.id, interactionId));
    expect(row).toMatchObject({ accountId: riverside, direction: 'inbound', status: 'queued', patientName: 'Ana' });
    expect(row!.integrationAssociations).toEqual([{ system: 'web-chat', contactId: conversationId, leg: 1 }]);
    const [stored] = await h.db.select().from(webChats).where(eq(webChats.id, conversationId));
    expect(stored!.tokenHash).not.toContain(token);
    const entries = await h.db.select().from(auditLog).where(and(eq(auditLog.accountId, riverside), eq(auditLog.resourceId, interactionId)));
    expect(entries.map((e) => e.actorName)).toContain('Web chat');
    expect(JSON.stringify(entries)).not.toContain('book a cleaning');
    await h.jobs.drained();
    const told = await h.db.select().from(notifications).where(and(eq(notifications.title, 'New web chat'), eq(notifications.jumpPath, `/interactions/${interactionId}`)));
    expect(told.map((n) => n.userId)).toContain(seedId('person:manager'));
    expect(told.map((n) => n.userId)).not.toContain(seedId('person:viewer'));
    // In the call history's list, for staff.
    const list = await staff('GET', `/interactions/interactions/${interactionId}`);
    expect(list.status).toBe(200);
  });

  it('refuses bad input with 4xx, never echoing it; a message is bounded', async () => {
    const { conversationId, token } = await start();
    for (const body of [{}, { text: '' }, { text: '   ' }, { text: 'x'.repeat(2001) }, { text: 5 }, { text: 'hi', name: 'zq7echo'.repeat(20) }]) {
      const res = await widget('POST', `/widgets/${widgetId}/conversations`, { body });
      expect(res.status).toBe(400);
      expect(await res.text()).not.toContain('zq7echo');
    }
    const big = await api.request(`/chat/public/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Chat-Token': token, 'X-Forwarded-For': '203.0.113.9' },
      body: JSON.stringify({ text: 'y'.repeat(40_000) }),
    });
    expect(big.status).toBe(413);
    const badCursor = await widget('GET', `/conversations/${conversationId}/messages?after=zq7echo`, { token });
    expect(badCursor.status).toBe(400);
    expect(await badCursor.text()).not.toContain('zq7echo');
  });

  it('lets a visitor read only their own conversation: another’s id or a wrong token is the one 404', async () => {
    const mine = await start('mine');
    const theirs = await start('theirs, private');
    const answers = await Promise.all(
      [
        [theirs.conversationId, mine.token],
        [mine.conversationId, theirs.token],
        [mine.conversationId, 'A'.repeat(22)],
        [mine.conversationId, ''],
        ['B'.repeat(22), mine.token],
      ].map(async ([id, token]) => {
        const r = await widget('GET', `/conversations/${id}/messages`, { token: token! });
        return [r.status, await r.text()];
      }),
    );
    for (const answer of answers) expect(answer).toEqual([404, answers[0]![1]]);
    expect(JSON.stringify(answers)).not.toContain('private');
    const post = await widget('POST', `/conversations/${theirs.conversationId}/messages`, { token: mine.token, body: { text: 'sneaky' } });
    expect(post.status).toBe(404);
    const end = await widget('POST', `/conversations/${theirs.conversationId}/end`, { token: mine.token });
    expect(end.status).toBe(404);
  });

  it('numbers messages so a reader resumes after the last it saw, losing and repeating nothing; a waiting read wakes on a new message', async () => {
    const { conversationId, token, interactionId } = await start('first');
    const first = await read(conversationId, token);
    expect(first.messages.map((m) => [m.seq, m.sender, m.text])).toEqual([[1, 'patient', 'first']]);
    // A read waiting for the next message answers as soon as staff write it.
    const waiting = read(conversationId, token, 1, 10);
    await new Promise((r) => setTimeout(r, 200));
    const began = Date.now();
    expect((await staff('POST', `/chat/conversations/${interactionId}/messages`, { text: 'Hi Ana, <b>sure</b> https://x.example' })).status).toBe(201);
    const woke = await waiting;
    expect(Date.now() - began).toBeLessThan(2000);
    expect(woke.messages.map((m) => [m.seq, m.sender, m.senderName, m.text])).toEqual([[2, 'staff', 'Maria Lopez', 'Hi Ana, <b>sure</b> https://x.example']]);
    // Many messages at once, from both sides: each numbered once, in order.
    await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => widget('POST', `/conversations/${conversationId}/messages`, { token, body: { text: `p${i}` } })),
      ...Array.from({ length: 5 }, (_, i) => staff('POST', `/chat/conversations/${interactionId}/messages`, { text: `s${i}` })),
    ]);
    const resumed = await read(conversationId, token, 2);
    expect(resumed.messages.map((m) => m.seq)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(new Set(resumed.messages.map((m) => m.text)).size).toBe(10);
    expect((await read(conversationId, token, 12)).messages).toEqual([]);
    // The staff's first answer took the queued chat.
    const [row] = await h.db.select().from(interactions).where(eq(interactions.id, interactionId));
    expect(row).toMatchObject({ status: 'active', agentName: 'Maria Lopez' });
    const staffRead = await staff('GET', `/chat/conversations/${interactionId}?after=10`);
    expect(((await staffRead.json()) as ChatMessages).messages.map((m) => m.seq)).toEqual([11, 12]);
  });

  it('ends by either side: no message after, the interaction completes, both sides see it ended', async () => {
    const a = await start('a');
    expect((await widget('POST', `/conversations/${a.conversationId}/end`, { token: a.token })).status).toBe(200);
    const afterEnd = await read(a.conversationId, a.token);
    expect(afterEnd.ended).toBe(true);
    expect(afterEnd.messages.at(-1)).toMatchObject({ sender: 'system', text: 'The visitor ended this chat.' });
    expect((await widget('POST', `/conversations/${a.conversationId}/messages`, { token: a.token, body: { text: 'more' } })).status).toBe(409);
    expect((await staff('POST', `/chat/conversations/${a.interactionId}/messages`, { text: 'late' })).status).toBe(409);
    const [abandoned] = await h.db.select().from(interactions).where(eq(interactions.id, a.interactionId));
    expect(abandoned).toMatchObject({ status: 'abandoned', isComplete: true });

    const b = await start('b');
    await staff('POST', `/chat/conversations/${b.interactionId}/messages`, { text: 'hello' });
    const ended = await staff('PATCH', `/chat/conversations/${b.interactionId}`, { ended: true });
    expect(ended.status).toBe(200);
    expect(((await ended.json()) as ChatMessages).ended).toBe(true);
    const seen = await read(b.conversationId, b.token, 2);
    expect(seen).toMatchObject({ ended: true, messages: [{ sender: 'system', text: 'The practice ended this chat.' }] });
    const [completed] = await h.db.select().from(interactions).where(eq(interactions.id, b.interactionId));
    expect(completed).toMatchObject({ status: 'completed', isComplete: true });
    expect((await staff('PATCH', `/chat/conversations/${b.interactionId}`, { ended: 'yes' })).status).toBe(400);
  });

  it('counts a client’s messages: over the limit is 429 with Retry-After', async () => {
    const strict = createApi({ ...h.deps, trustProxyHops: 1, publicPageLimits: { chat: { ...loose, messages: { attempts: 2, minutes: 10 } } } });
    const { conversationId, token } = await start();
    const send = () =>
      strict.request(`/chat/public/conversations/${conversationId}/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Chat-Token': token, 'X-Forwarded-For': '203.0.113.77' },
        body: JSON.stringify({ text: 'again' }),
      });
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    const over = await send();
    expect(over.status).toBe(429);
    expect(over.headers.get('Retry-After')).toBeTruthy();
  });
});

describe('staff and tenancy', () => {
  it('a conversation is read only in its own account, by roles that read interactions; answered only by those who may change them', async () => {
    const { interactionId } = await start('tenancy');
    // Another account's administrator (instance admin acting in Lakeside) does not find it.
    expect((await staff('GET', `/chat/conversations/${interactionId}`, undefined, 'admin', lakeside)).status).toBe(404);
    expect((await staff('POST', `/chat/conversations/${interactionId}/messages`, { text: 'x' }, 'admin', lakeside)).status).toBe(404);
    expect((await staff('PATCH', `/chat/conversations/${interactionId}`, { ended: true }, 'admin', lakeside)).status).toBe(404);
    // Read Only reads, does not answer.
    expect((await staff('GET', `/chat/conversations/${interactionId}`, undefined, 'viewer')).status).toBe(200);
    expect((await staff('POST', `/chat/conversations/${interactionId}/messages`, { text: 'x' }, 'viewer')).status).toBe(403);
    // A call that is no chat is no conversation.
    const [call] = await h.db.select({ id: interactions.id }).from(interactions).where(and(eq(interactions.accountId, riverside), sql`not (${interactions.integrationAssociations} @> '[{"system":"web-chat"}]')`)).limit(1);
    expect((await staff('GET', `/chat/conversations/${call!.id}`)).status).toBe(404);
    const count = await h.db.select({ n: sql<number>`count(*)::int` }).from(webChatMessages).where(eq(webChatMessages.accountId, lakeside));
    expect(count[0]!.n).toBe(0);
  });
});

describe('a chat in the call history (issue 42)', () => {
  it('is of type chat; a visitor who gave no name has none, and the palette calls them "Web chat visitor", not "Unknown caller"', async () => {
    const { interactionId } = await start('no name given', null);
    const [row] = await h.db.select().from(interactions).where(eq(interactions.id, interactionId));
    expect(row).toMatchObject({ type: 'chat', patientName: null, searchName: null });
    const listed = (await (await staff('GET', '/interactions/interactions?type=chat&limit=100')).json()) as InteractionList;
    expect(listed.items.find((item) => item.id === interactionId)).toMatchObject({ type: 'chat', patientName: null, contactNumber: null });
    // The palette finds it by its pasted id.
    const search = (await (await staff('GET', `/search?q=${interactionId}`)).json()) as SearchAnswer;
    expect(search.exact).toMatchObject({ id: interactionId, title: 'Web chat visitor', subtitle: 'web chat' });
    await h.jobs.drained();
    const [told] = await h.db.select().from(notifications).where(and(eq(notifications.jumpPath, `/interactions/${interactionId}`), eq(notifications.userId, seedId('person:manager'))));
    expect(told!.message).toBe("Web chat visitor started a chat on the practice's website.");
  });

  it('answered, takes its agent’s team, as an ingested call does (the agent’s first team)', async () => {
    const { interactionId } = await start('who answers?');
    const team = (await agentDirectory(h.db, riverside)).get(seedId('person:manager'))!.team;
    expect(team).not.toBeNull();
    expect((await staff('POST', `/chat/conversations/${interactionId}/messages`, { text: 'I do.' })).status).toBe(201);
    const answered = (await (await staff('GET', `/interactions/interactions/${interactionId}`, undefined, 'viewer')).json()) as Interaction;
    expect(answered).toMatchObject({ status: 'active', agent: { name: 'Maria Lopez' }, team });
    const [entry] = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceId, interactionId), eq(auditLog.actorName, 'Maria Lopez'), eq(auditLog.resourceType, 'Interaction')));
    expect(entry!.after).toMatchObject({ status: 'active', teamId: team!.id });
  });

  it('turning web chat off ends the open conversations: a system message each widget reads, the log says so; the widget is then unavailable', async () => {
    const open = await start('are you there?');
    const answered = await start('hello again');
    await staff('POST', `/chat/conversations/${answered.interactionId}/messages`, { text: 'Yes?' });
    const waiting = read(open.conversationId, open.token, 1, 10);
    const current = (await (await staff('GET', '/chat/settings')).json()) as ChatSettings;
    const off = await staff('PATCH', '/chat/settings', { version: current.version, enabled: false });
    expect(off.status).toBe(200);
    // The waiting read wakes with the system message.
    expect(await waiting).toMatchObject({ ended: true, messages: [{ sender: 'system', text: chatTexts.endedTurnedOff }] });
    expect(await read(answered.conversationId, answered.token, 2)).toMatchObject({ ended: true, messages: [{ sender: 'system', text: chatTexts.endedTurnedOff }] });
    const rows = await h.db.select({ id: interactions.id, status: interactions.status }).from(interactions).where(inArray(interactions.id, [open.interactionId, answered.interactionId]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [open.interactionId]: 'abandoned', [answered.interactionId]: 'completed' });
    expect(await h.db.select().from(webChats).where(and(eq(webChats.accountId, riverside), isNull(webChats.endedAt)))).toEqual([]);
    const [entry] = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceType, 'ChatSettings'), eq(auditLog.resourceId, riverside))).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorName: 'Maria Lopez', after: { enabled: false, endedChats: expect.any(Number) } });
    expect((entry!.after as { endedChats: number }).endedChats).toBeGreaterThanOrEqual(2);
    const endings = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceType, 'Interaction'), eq(auditLog.resourceId, open.interactionId), eq(auditLog.actorName, 'Maria Lopez')));
    expect(endings.map((e) => e.after)).toEqual([{ status: 'abandoned', endedBy: 'turned-off' }]);
    // The widget finds chat unavailable, and nothing more is written to the ended conversations.
    expect((await widget('GET', `/widgets/${widgetId}`)).status).toBe(404);
    expect((await widget('POST', `/widgets/${widgetId}/conversations`, { body: { text: 'hi' } })).status).toBe(404);
    expect((await widget('POST', `/conversations/${open.conversationId}/messages`, { token: open.token, body: { text: 'hello?' } })).status).toBe(409);
    // On again: the same widget, new conversations.
    const on = await staff('PATCH', '/chat/settings', { enabled: true });
    expect(((await on.json()) as ChatSettings).widgetId).toBe(widgetId);
    await start('back on');
  });
});
