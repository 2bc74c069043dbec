import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { chatEndSchema, chatIdPattern, chatPostSchema, chatReadQuerySchema, chatSettingsPatchSchema, chatStartSchema, chatTexts, chatTokenHeader, chatWaitSeconds, type ChatEnded, type ChatPosted, type ChatStarted, type ChatWidget } from '../../../domain/chat.ts';
import { systemActors } from '../../../domain/actors.ts';
import { publicPage } from '../../../domain/public-pages.ts';
import { recordReads } from '../../access-log.ts';
import { anyone, requires } from '../../auth/requires.ts';
import { chatMessagesAfter, chatOfInteraction, chatSettingsOf, endChat, postChatMessage, saveChatSettings, startChat, visitorChat, waitForChatMessages, widgetOf } from '../../chat/chat.ts';
import { auditedWrite } from '../../db/write.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, notFound } from '../../errors.ts';
import { throttle } from '../../public-page-throttle.ts';
import { idParam, jsonLimit, requestTooLarge } from '../../records.ts';
import { json, query } from '../../validate.ts';
import { write } from '../../write.ts';

const page = publicPage('chat');

/** Unknown and turned-off widgets, unknown conversations and wrong tokens: all answered alike. */
const unavailable = () => notFound(chatTexts.unavailable);
const ended = () => new ApiError(409, 'chat_ended', chatTexts.ended);

/** A widget's bodies are a message and a name: a few kilobytes at most. */
const widgetBodyLimit = bodyLimit({
  maxSize: 16 * 1024,
  onError: () => {
    throw requestTooLarge();
  },
});

/** Counts the use before anything else (bad input too), per client address. */
const counted = (kind: 'starts' | 'messages' | 'reads') =>
  createMiddleware<AppEnv>(async (c, next) => {
    await throttle(c, page, kind);
    await next();
  });

const publicUrlOf = (c: Context<AppEnv>) => c.var.deps.publicUrl ?? new URL(c.req.url).origin;

/** The conversation the widget holds (its id in the path, its token in a header), or the one 404. */
async function visitorsChat(c: Context<AppEnv>) {
  const id = c.req.param('id') ?? '';
  const token = c.req.header(chatTokenHeader) ?? '';
  if (!chatIdPattern.test(id) || !chatIdPattern.test(token)) throw unavailable();
  const chat = await visitorChat(c.var.deps.db, id, token);
  if (!chat) throw unavailable();
  return chat;
}

/**
 * The chat widget's endpoints (issue 42), before sign-in. A visitor reads its practice's widget,
 * starts a conversation, writes, reads the messages after the last it has (waiting for the next:
 * a long poll), and ends it. Writes are the system actor "Web chat"'s audited writes.
 */
export const publicChatRoutes = new Hono<AppEnv>()
  .get('/widgets/:id', anyone(), counted('reads'), async (c) => {
    const id = c.req.param('id');
    const widget = chatIdPattern.test(id) ? await widgetOf(c.var.deps.db, id) : null;
    if (!widget) throw unavailable();
    const answer: ChatWidget = { practiceName: widget.practiceName };
    return c.json(answer);
  })
  .post('/widgets/:id/conversations', anyone(), counted('starts'), widgetBodyLimit, json(chatStartSchema), async (c) => {
    const id = c.req.param('id');
    const widget = chatIdPattern.test(id) ? await widgetOf(c.var.deps.db, id) : null;
    if (!widget) throw unavailable();
    const started = await startChat(c.var.deps.db, widget, c.req.valid('json'));
    if (!started) throw unavailable();
    const answer: ChatStarted = { conversationId: started.conversationId, token: started.token };
    return c.json(answer, 201);
  })
  .get('/conversations/:id/messages', anyone(), counted('reads'), query(chatReadQuerySchema), async (c) => {
    const chat = await visitorsChat(c);
    const { after, wait } = c.req.valid('query');
    return c.json(await waitForChatMessages(c.var.deps.db, c.var.deps.notifications, chat, after, Math.min(wait, chatWaitSeconds), c.req.raw.signal));
  })
  .post('/conversations/:id/messages', anyone(), counted('messages'), widgetBodyLimit, json(chatPostSchema), async (c) => {
    const chat = await visitorsChat(c);
    // Per conversation too: one visitor behind many addresses still cannot flood the practice.
    await throttle(c, page, 'conversation', chat.id);
    const { text } = c.req.valid('json');
    const seq = await auditedWrite(c.var.deps.db, { accountId: chat.accountId, actor: systemActors.webChat }, (scope) => postChatMessage(scope, chat, { sender: 'patient', name: chat.visitorName }, text));
    if (seq === null) throw ended();
    return c.json({ seq } satisfies ChatPosted, 201);
  })
  .post('/conversations/:id/end', anyone(), counted('messages'), async (c) => {
    const chat = await visitorsChat(c);
    await auditedWrite(c.var.deps.db, { accountId: chat.accountId, actor: systemActors.webChat }, (scope) => endChat(scope, chat, 'patient'));
    return c.json({ ended: true } satisfies ChatEnded);
  });

/** The interaction's conversation, or 404 (not a chat, or not in this account). */
async function staffChat(c: Context<AppEnv>, id: string) {
  const chat = await chatOfInteraction(c.var.deps.db, c.var.account.id, id);
  if (!chat) throw notFound('This interaction is not a web chat');
  return chat;
}

/**
 * Staff's side (issue 42): the practice's web chat settings, and a conversation read, answered and
 * ended from its interaction's page. A conversation is the interaction's: its GET reads it, its
 * PATCH answers and ends it.
 */
export const chatRoutes = new Hono<AppEnv>()
  .get('/settings', requires('/chat/settings', 'GET'), async (c) => {
    return c.json(await chatSettingsOf(c.var.deps.db, c.var.account.id, publicUrlOf(c)));
  })
  .patch('/settings', requires('/chat/settings', 'PATCH'), jsonLimit, json(chatSettingsPatchSchema), async (c) => {
    const patch = c.req.valid('json');
    await write(c, (scope) => saveChatSettings(scope, patch));
    return c.json(await chatSettingsOf(c.var.deps.db, c.var.account.id, publicUrlOf(c)));
  })
  .get('/conversations/:id', requires('/interactions/interactions', 'GET'), idParam(), query(chatReadQuerySchema), async (c) => {
    const { id } = c.req.valid('param');
    const chat = await staffChat(c, id);
    const { after, wait } = c.req.valid('query');
    recordReads(c, 'Interaction', 'view', [id]);
    const read = wait > 0 ? await waitForChatMessages(c.var.deps.db, c.var.deps.notifications, chat, after, Math.min(wait, chatWaitSeconds), c.req.raw.signal) : await chatMessagesAfter(c.var.deps.db, chat, after);
    return c.json(read);
  })
  .post('/conversations/:id/messages', requires('/interactions/interactions', 'PATCH'), idParam(), jsonLimit, json(chatPostSchema), async (c) => {
    const { id } = c.req.valid('param');
    const chat = await staffChat(c, id);
    const { text } = c.req.valid('json');
    const seq = await write(c, (scope) => postChatMessage(scope, chat, { sender: 'staff', name: c.var.caller.name }, text));
    if (seq === null) throw ended();
    return c.json({ seq } satisfies ChatPosted, 201);
  })
  .patch('/conversations/:id', requires('/interactions/interactions', 'PATCH'), idParam(), jsonLimit, json(chatEndSchema), async (c) => {
    const { id } = c.req.valid('param');
    const chat = await staffChat(c, id);
    await write(c, (scope) => endChat(scope, chat, 'staff'));
    return c.json(await chatMessagesAfter(c.var.deps.db, chat, chat.lastSeq));
  });
