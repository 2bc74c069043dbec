import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { chatWaitSeconds, type ChatMessages, type ChatStarted } from '../domain/chat-widget.ts';
import { connect } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { getFreePort, startEmbeddedPostgres } from '../server/db/postgres.ts';
import { webChatSettings, webChats } from '../server/db/schema/index.ts';
import { demoAccounts, seed } from '../server/seed/seed.ts';
import { startApi } from './auth.ts';
import { benchToken, BENCH_AUDIENCE, BENCH_ISSUER } from './sign-in.ts';
import { publicPagesJsFigures } from './startup.ts';
import type { Figure } from './util.ts';

/** Widgets open at once, each with a long poll waiting on the server (issue 42: "with 200 open widgets"). */
const WIDGETS = Number(process.env.BENCH_CHAT_WIDGETS ?? 200);
/** Round trips timed, one after another, each from another widget. */
const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS ?? 100);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** One patient's widget: its conversation, and its read loop (a long poll after the last message it has, as src/public/chat/conversation.ts reads). */
type Widget = { conversationId: string; token: string; interactionId: string; address: string; lastSeq: number; waiters: Map<number, () => void>; stop: AbortController };

/**
 * A chat message's round trip (issue 42: "a chat message's time from the patient's send to the
 * staff member's open page and back (p50/p95) with 200 open widgets on one server process"). The
 * API runs over HTTP in a process of its own, with its listener of PostgreSQL notifications (as
 * `npm start`), on a throwaway embedded PostgreSQL with the demo seed (Riverside's web chat on).
 * 200 widgets, each from its own client address, start a conversation and keep a long poll open as
 * the widget does. Then, one round at a time: the staff member's page of one conversation waits for
 * its next message (its long poll, as chat-transcript.tsx reads), the patient sends, the staff
 * page's read answers with it; staff reply, and the widget's open read answers with the reply.
 * Timed from the patient's send: until the staff page has it, and until the widget has the reply.
 */
export async function chatFigures(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'astera-bench-chat-'));
  chmodSync(dataDir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir, port: await getFreePort(), durable: false });
  const widgets: Widget[] = [];
  let stop = async () => {};
  try {
    await migrate(pg.url);
    const database = connect(pg.url);
    await seed(database.db);
    const accountId = demoAccounts.riverside.id;
    const [settings] = await database.db.select({ widgetId: webChatSettings.widgetId }).from(webChatSettings).where(eq(webChatSettings.accountId, accountId));
    if (!settings) throw new Error('the demo seed turned on no web chat');
    // The practice administrator answers chats (PATCH on interactions).
    const { jwk, token } = await benchToken('manager');
    const api = await startApi({ DATABASE_URL: pg.url, BENCH_JWK: JSON.stringify(jwk), BENCH_ISSUER, BENCH_AUDIENCE, BENCH_NOTIFICATIONS: 'on' });
    stop = api.stop;
    const staffHeaders = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const widgetHeaders = (widget: Pick<Widget, 'address'> & { token?: string }) => ({
      'Content-Type': 'application/json',
      // One patient per address, as on the practice's website (the public throttles count per client).
      'X-Forwarded-For': widget.address,
      ...(widget.token ? { 'X-Chat-Token': widget.token } : {}),
    });

    // 200 conversations, started a few at a time.
    for (let i = 0; i < WIDGETS; i += 20) {
      const started = await Promise.all(
        Array.from({ length: Math.min(20, WIDGETS - i) }, async (_, j) => {
          const address = `10.${Math.floor((i + j) / 250)}.${(i + j) % 250}.7`;
          const res = await fetch(`${api.base}/chat/public/widgets/${settings.widgetId}/conversations`, { method: 'POST', headers: widgetHeaders({ address }), body: JSON.stringify({ text: 'Hello, is anyone there?', name: `Visitor ${i + j}` }) });
          if (res.status !== 201) throw new Error(`start: ${res.status} ${await res.text()}`);
          const { conversationId, token: chatToken } = (await res.json()) as ChatStarted;
          return { conversationId, token: chatToken, address };
        }),
      );
      for (const one of started) widgets.push({ ...one, interactionId: '', lastSeq: 0, waiters: new Map(), stop: new AbortController() });
    }
    const rows = await database.db.select({ id: webChats.id, interactionId: webChats.interactionId }).from(webChats).where(eq(webChats.accountId, accountId));
    const interactionOf = new Map(rows.map((row) => [row.id, row.interactionId]));
    for (const widget of widgets) widget.interactionId = interactionOf.get(widget.conversationId)!;
    await database.close();

    // Each widget's read loop: a long poll after the last message it has, again and again.
    const loops = widgets.map(async (widget) => {
      while (!widget.stop.signal.aborted) {
        try {
          const res = await fetch(`${api.base}/chat/public/conversations/${widget.conversationId}/messages?after=${widget.lastSeq}&wait=${chatWaitSeconds}`, { headers: widgetHeaders(widget), signal: widget.stop.signal });
          if (res.status !== 200) throw new Error(`widget read: ${res.status} ${await res.text()}`);
          const read = (await res.json()) as ChatMessages;
          for (const message of read.messages) {
            widget.lastSeq = Math.max(widget.lastSeq, message.seq);
            widget.waiters.get(message.seq)?.();
            widget.waiters.delete(message.seq);
          }
        } catch (error) {
          if (widget.stop.signal.aborted) return;
          throw error;
        }
      }
    });
    const failed = Promise.all(loops).then(() => {});
    // Raced below; a widget's failed read fails the bench there, never as an unhandled rejection in between.
    failed.catch(() => {});
    // Every widget has read its first message (its poll is then waiting on the server).
    await Promise.race([
      Promise.all(widgets.map((widget) => (widget.lastSeq >= 1 ? Promise.resolve() : new Promise<void>((resolve) => widget.waiters.set(1, resolve))))),
      failed,
    ]);

    const toStaff: number[] = [];
    const roundTrip: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const widget = widgets[round % widgets.length]!;
      const staffSeen = widget.lastSeq;
      // The staff member's open page: its read waits on the server for the next message.
      const staffRead = fetch(`${api.base}/chat/conversations/${widget.interactionId}?after=${staffSeen}&wait=${chatWaitSeconds}`, { headers: staffHeaders });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const started = performance.now();
      const sent = await fetch(`${api.base}/chat/public/conversations/${widget.conversationId}/messages`, { method: 'POST', headers: widgetHeaders(widget), body: JSON.stringify({ text: `Question ${round}` }) });
      if (sent.status !== 201) throw new Error(`widget send: ${sent.status} ${await sent.text()}`);
      const { seq } = (await sent.json()) as { seq: number };
      const seen = (await (await staffRead).json()) as ChatMessages;
      if (!seen.messages.some((message) => message.seq === seq)) throw new Error('the staff page read without the message');
      toStaff.push(performance.now() - started);
      const replied = new Promise<void>((resolve) => widget.waiters.set(seq + 1, resolve));
      const reply = await fetch(`${api.base}/chat/conversations/${widget.interactionId}/messages`, { method: 'POST', headers: staffHeaders, body: JSON.stringify({ text: `Answer ${round}` }) });
      if (reply.status !== 201) throw new Error(`staff reply: ${reply.status} ${await reply.text()}`);
      await Promise.race([replied, failed]);
      roundTrip.push(performance.now() - started);
    }
    for (const widget of widgets) widget.stop.abort();
    await failed;
    await api.stop();
    stop = async () => {};
    toStaff.sort((a, b) => a - b);
    roundTrip.sort((a, b) => a - b);
    return [
      ...publicPagesJsFigures().filter((figure) => figure.name.startsWith('Public page chat ')),
      { name: `patient's send → staff page has it (${WIDGETS} open widgets): p50 of ${toStaff.length}`, value: percentile(toStaff, 50), unit: 'ms' },
      { name: `patient's send → staff page has it (${WIDGETS} open widgets): p95 of ${toStaff.length}`, value: percentile(toStaff, 95), unit: 'ms', aim: '< 2000 ms' },
      { name: `  → staff reply → widget has it (round trip): p50 of ${roundTrip.length}`, value: percentile(roundTrip, 50), unit: 'ms' },
      { name: `  → staff reply → widget has it (round trip): p95 of ${roundTrip.length}`, value: percentile(roundTrip, 95), unit: 'ms', aim: '< 4000 ms' },
    ];
  } finally {
    for (const widget of widgets) widget.stop.abort();
    await stop();
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
