/**
 * Web chat (issue 42): a practice's widget, its visitors' conversations (each an interaction of
 * the call history, marked by a `web-chat` integration association) and their messages.
 *
 * Messages are numbered 1, 2, … per conversation under the conversation's row lock, and each new
 * one is told on the PostgreSQL channel `astera_chat` when its write commits: a reader (the widget
 * or the staff page) asks for the messages after the last one it has, waiting for the next if
 * there is none, so a dropped connection resumes where it stopped, losing and repeating nothing.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { chatAssociationSystem, chatLimits, chatTexts, type ChatMessage, type ChatMessages, type ChatSender, type ChatSettings, type ChatSettingsPatch } from '../../domain/chat.ts';
import { systemActors } from '../../domain/actors.ts';
import { unnamedPartyLabels } from '../../domain/interaction-kinds.ts';
import type { Db, Tx } from '../db/client.ts';
import { accounts, interactions, roles, users, webChatMessages, webChatSettings, webChats } from '../db/schema/index.ts';
import { auditedWrite, type WriteScope } from '../db/write.ts';
import { conflict } from '../errors.ts';
import { agentTeamOf } from '../interactions/ingest.ts';
import { notify } from '../notifications/notify.ts';
import { CHAT_CHANNEL, type NotificationHub } from '../notifications/stream.ts';

/** 128 random bits, base64url: 22 characters (widget ids, conversation ids, tokens). */
export const newChatSecret = () => randomBytes(16).toString('base64url');

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The widget's address on the portal. */
export const widgetUrlOf = (publicUrl: string, widgetId: string) => `${publicUrl}/astera/chat/${widgetId}`;

export async function chatSettingsOf(db: Db | Tx, accountId: string, publicUrl: string): Promise<ChatSettings> {
  const [row] = await db.select().from(webChatSettings).where(eq(webChatSettings.accountId, accountId));
  if (!row) return { enabled: false, sites: [], widgetId: null, version: 0, widgetUrl: null };
  return { enabled: row.enabled, sites: row.sites, widgetId: row.widgetId, version: row.version, widgetUrl: widgetUrlOf(publicUrl, row.widgetId) };
}

/**
 * Saves the practice's web chat (the first save makes its widget id). `version` is the one edited
 * (0 or absent before the first save); a stale one is a conflict.
 */
export async function saveChatSettings(scope: WriteScope, patch: ChatSettingsPatch): Promise<void> {
  const { tx, accountId, actorName } = scope;
  const [current] = await tx.select().from(webChatSettings).where(eq(webChatSettings.accountId, accountId)).for('update');
  if (current && patch.version !== undefined && patch.version !== current.version) throw conflict('Someone else changed the web chat settings; reload to see their changes.');
  // Nothing asked of a practice that never saved: nothing made.
  if (!current && patch.enabled === undefined && patch.sites === undefined) return;
  const before = current ? { enabled: current.enabled, sites: current.sites } : null;
  const after = { enabled: patch.enabled ?? current?.enabled ?? false, sites: patch.sites ?? current?.sites ?? [] };
  if (before && before.enabled === after.enabled && JSON.stringify(before.sites) === JSON.stringify(after.sites)) return;
  if (current) {
    await tx
      .update(webChatSettings)
      .set({ ...after, version: sql`${webChatSettings.version} + 1`, modifiedTimestamp: sql`now()`, modifiedBy: actorName })
      .where(eq(webChatSettings.accountId, accountId));
  } else {
    await tx.insert(webChatSettings).values({ accountId, widgetId: newChatSecret(), ...after, modifiedBy: actorName });
  }
  // Turned off: no one would answer the conversations still open, so they end now, each with a
  // system message its widget shows (the widget then finds chat unavailable), in this same write.
  const endedChats = before?.enabled && !after.enabled ? await endOpenChats(scope) : 0;
  await scope.audit({ action: current ? 'update' : 'create', resourceType: 'ChatSettings', resourceId: accountId, before, after: endedChats > 0 ? { ...after, endedChats } : after });
}

/** Ends every open conversation of the account (web chat turned off); answers how many. */
async function endOpenChats(scope: WriteScope): Promise<number> {
  const open = await scope.tx
    .select()
    .from(webChats)
    .where(and(eq(webChats.accountId, scope.accountId), sql`${webChats.endedAt} is null`))
    .orderBy(asc(webChats.createdTimestamp))
    .for('update');
  let n = 0;
  for (const chat of open) if (await endChat(scope, chat, 'turned-off')) n += 1;
  return n;
}

export type Widget = { accountId: string; practiceName: string; sites: string[] };

/** An enabled widget by its id; null for an unknown and a turned-off one alike. */
export async function widgetOf(db: Db, widgetId: string): Promise<Widget | null> {
  const [row] = await db
    .select({ accountId: webChatSettings.accountId, enabled: webChatSettings.enabled, sites: webChatSettings.sites, practiceName: accounts.name })
    .from(webChatSettings)
    .innerJoin(accounts, eq(accounts.id, webChatSettings.accountId))
    .where(eq(webChatSettings.widgetId, widgetId));
  return row?.enabled ? { accountId: row.accountId, practiceName: row.practiceName, sites: row.sites } : null;
}

type ChatRow = typeof webChats.$inferSelect;

/** A conversation as its widget holds it (id and token); null for an unknown id and a wrong token alike. */
export async function visitorChat(db: Db, id: string, token: string): Promise<ChatRow | null> {
  const [row] = await db.select().from(webChats).where(eq(webChats.id, id));
  if (!row) return null;
  const a = Buffer.from(row.tokenHash, 'hex');
  const b = Buffer.from(hashOf(token), 'hex');
  return a.length === b.length && timingSafeEqual(a, b) ? row : null;
}

/** The conversation of an interaction of the account, if it is a chat. */
export async function chatOfInteraction(db: Db | Tx, accountId: string, interactionId: string): Promise<ChatRow | null> {
  const [row] = await db.select().from(webChats).where(and(eq(webChats.accountId, accountId), eq(webChats.interactionId, interactionId)));
  return row ?? null;
}

/** Adds a message under the conversation's lock (its number is the next); false when the conversation has ended. */
async function addMessage(tx: Tx, chat: { accountId: string; id: string }, sender: ChatSender, senderName: string | null, text: string, allowEnded = false): Promise<number | null> {
  const [row] = await tx
    .update(webChats)
    .set({ lastSeq: sql`${webChats.lastSeq} + 1` })
    .where(and(eq(webChats.accountId, chat.accountId), eq(webChats.id, chat.id), allowEnded ? undefined : sql`${webChats.endedAt} is null`))
    .returning({ seq: webChats.lastSeq });
  if (!row) return null;
  await tx.insert(webChatMessages).values({ accountId: chat.accountId, chatId: chat.id, seq: row.seq, sender, senderName, text });
  // Told when the transaction commits (PostgreSQL holds NOTIFY until then), never for a rolled-back message.
  await tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${`${chat.accountId}:${chat.id}`})`);
  return row.seq;
}

/** Users of the account whose role may answer a chat (PATCH interactions): the ones told of a new one. */
async function answerers(tx: Tx, accountId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.personId })
    .from(users)
    .innerJoin(roles, and(eq(roles.id, users.roleId), eq(roles.accountId, users.accountId)))
    .where(and(eq(users.accountId, accountId), sql`${roles.resources} -> '/interactions/interactions' ->> 'PATCH' = 'true'`));
  return rows.map((row) => row.id);
}

/**
 * A visitor starts a conversation with its first message: the interaction (a queued inbound chat),
 * the conversation and its message, in one audited write by the system actor "Web chat"; the
 * practice's staff who may answer are notified. Answers the id and the token the widget keeps
 * (null when web chat was turned off meanwhile).
 */
export async function startChat(db: Db, widget: Widget, body: { text: string; name: string | null }): Promise<{ conversationId: string; token: string; interactionId: string } | null> {
  const conversationId = newChatSecret();
  const token = newChatSecret();
  return auditedWrite(db, { accountId: widget.accountId, actor: systemActors.webChat }, async (scope) => {
    const { tx, accountId } = scope;
    // Still on, and kept on until this commits: turning web chat off (which locks the row to
    // update it) waits for this conversation and then ends it, or this one sees it off.
    const [settings] = await tx.select({ enabled: webChatSettings.enabled }).from(webChatSettings).where(eq(webChatSettings.accountId, accountId)).for('share');
    if (!settings?.enabled) return null;
    // A visitor who gave no name has none: the screens call them "Web chat visitor" (a chat's
    // label), which is no patient's name and which a search by name does not find.
    const name = body.name;
    const [interaction] = await tx
      .insert(interactions)
      .values({
        accountId,
        type: 'chat',
        createdBy: systemActors.webChat.name,
        modifiedBy: systemActors.webChat.name,
        startTimestamp: new Date(),
        direction: 'inbound',
        status: 'queued',
        patientName: name,
        searchName: name?.toLowerCase() ?? null,
        patient: { name, dob: null, type: 'patient', location: null, contactNumber: null, email: null, smsOk: null },
        integrationAssociations: [{ system: chatAssociationSystem, contactId: conversationId, leg: 1 }],
      })
      .returning({ id: interactions.id });
    const interactionId = interaction!.id;
    await tx.insert(webChats).values({ accountId, id: conversationId, tokenHash: hashOf(token), interactionId, visitorName: body.name });
    await addMessage(tx, { accountId, id: conversationId }, 'patient', body.name, body.text);
    // The log names the record, not what the visitor wrote.
    await scope.audit({ action: 'create', resourceType: 'Interaction', resourceId: interactionId, after: { direction: 'inbound', status: 'queued', channel: 'chat' } });
    await notify(tx, {
      accountId,
      userIds: await answerers(tx, accountId),
      title: 'New web chat',
      message: `${name ?? unnamedPartyLabels.chat} started a chat on the practice's website.`,
      jumpPath: `/interactions/${interactionId}`,
    });
    return { conversationId, token, interactionId };
  });
}

/** Who writes a message: the visitor (as the system actor "Web chat") or a staff member (the request's write). */
export type ChatAuthor = { sender: 'patient'; name: string | null } | { sender: 'staff'; name: string };

/**
 * A message of the visitor or of staff; null when the conversation has ended. A staff member's
 * first answer takes the queued interaction (status active, agent named).
 */
export async function postChatMessage(scope: WriteScope, chat: ChatRow, author: ChatAuthor, text: string): Promise<number | null> {
  const seq = await addMessage(scope.tx, chat, author.sender, author.name, text);
  if (seq === null) return null;
  if (author.sender === 'staff') {
    // The chat takes its agent's team, as a call the contact center reports does (docs/interactions.md "Team of a call").
    const team = scope.actorId ? await agentTeamOf(scope.tx, chat.accountId, scope.actorId) : null;
    const [taken] = await scope.tx
      .update(interactions)
      .set({ status: 'active', agentId: scope.actorId, agentName: author.name, teamId: team?.id ?? null, teamName: team?.name ?? null, modifiedBy: author.name, version: sql`${interactions.version} + 1` })
      .where(and(eq(interactions.accountId, chat.accountId), eq(interactions.id, chat.interactionId), eq(interactions.status, 'queued')))
      .returning({ id: interactions.id });
    if (taken) await scope.audit({ action: 'update', resourceType: 'Interaction', resourceId: chat.interactionId, before: { status: 'queued' }, after: { status: 'active', agentName: author.name, teamId: team?.id ?? null } });
  }
  await scope.audit({ action: 'create', resourceType: 'ChatMessage', resourceId: chat.interactionId, after: { seq, sender: author.sender } });
  return seq;
}

/** Who ends a conversation: its visitor, a staff member from its page, or the practice turning web chat off. */
type ChatEnder = 'patient' | 'staff' | 'turned-off';

const endMessages: Record<ChatEnder, string> = { patient: 'The visitor ended this chat.', staff: chatTexts.endedByPractice, 'turned-off': chatTexts.endedTurnedOff };

/** Ends a conversation (either side): a last system message says who ended it, the interaction completes. False if it had ended. */
export async function endChat(scope: WriteScope, chat: ChatRow, by: ChatEnder): Promise<boolean> {
  const { tx } = scope;
  const [ended] = await tx
    .update(webChats)
    .set({ endedAt: sql`now()`, endedBy: by === 'patient' ? 'visitor' : scope.actorName })
    .where(and(eq(webChats.accountId, chat.accountId), eq(webChats.id, chat.id), sql`${webChats.endedAt} is null`))
    .returning({ id: webChats.id });
  if (!ended) return false;
  await addMessage(tx, chat, 'system', null, endMessages[by], true);
  const [row] = await tx
    .update(interactions)
    .set({
      status: sql`case when ${interactions.status} = 'queued' then 'abandoned' else 'completed' end`,
      isComplete: true,
      endTimestamp: sql`now()`,
      durationSeconds: sql`greatest(0, round(extract(epoch from now() - ${interactions.startTimestamp})))::int`,
      version: sql`${interactions.version} + 1`,
    })
    .where(and(eq(interactions.accountId, chat.accountId), eq(interactions.id, chat.interactionId)))
    .returning({ status: interactions.status });
  await scope.audit({ action: 'update', resourceType: 'Interaction', resourceId: chat.interactionId, after: { status: row?.status, endedBy: by === 'patient' ? 'visitor' : by } });
  return true;
}

/** The conversation's messages after `after` (at most a read's worth), and whether it has ended. */
export async function chatMessagesAfter(db: Db, chat: Pick<ChatRow, 'accountId' | 'id'>, after: number): Promise<ChatMessages> {
  const [state] = await db.select({ endedAt: webChats.endedAt, lastSeq: webChats.lastSeq }).from(webChats).where(and(eq(webChats.accountId, chat.accountId), eq(webChats.id, chat.id)));
  const rows = await db
    .select()
    .from(webChatMessages)
    .where(and(eq(webChatMessages.accountId, chat.accountId), eq(webChatMessages.chatId, chat.id), gt(webChatMessages.seq, after)))
    .orderBy(asc(webChatMessages.seq))
    .limit(chatLimits.messagesPerRead);
  const messages: ChatMessage[] = rows.map((row) => ({ seq: row.seq, sender: row.sender, senderName: row.senderName, text: row.text, createdTimestamp: row.createdTimestamp.toISOString() }));
  return { messages, ended: state?.endedAt != null, lastSeq: state?.lastSeq ?? 0 };
}

/**
 * The messages after `after`, waiting up to `waitSeconds` for one when there is none yet (a long
 * poll): woken by the conversation's notification (any server process), or by polling every second
 * when this process has no listener. Answers early when the client goes away.
 */
export async function waitForChatMessages(db: Db, hub: NotificationHub | undefined, chat: Pick<ChatRow, 'accountId' | 'id'>, after: number, waitSeconds: number, signal?: AbortSignal): Promise<ChatMessages> {
  const deadline = Date.now() + waitSeconds * 1000;
  let wake: (() => void) | null = null;
  // Told during a read: read again before waiting (the message may have come after the read's snapshot).
  const since = { told: false };
  const unsubscribe = hub?.subscribeChat(chat.id, () => {
    since.told = true;
    wake?.();
  });
  const aborted = () => wake?.();
  signal?.addEventListener('abort', aborted);
  try {
    for (;;) {
      since.told = false;
      const read = await chatMessagesAfter(db, chat, after);
      const left = deadline - Date.now();
      if (read.messages.length > 0 || read.ended || left <= 0 || signal?.aborted) return read;
      if (since.told) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, hub ? left : Math.min(left, 1000));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  } finally {
    unsubscribe?.();
    signal?.removeEventListener('abort', aborted);
  }
}

/**
 * The portal's `accountOf` for the widget's page (server/portal.ts): the practice whose enabled
 * widget the address names, with the sites that may frame it; null for any other page, an unknown
 * or a turned-off widget (never framed).
 */
export const chatPageAccount = (db: Db) => async (page: { name: string }, params: Record<string, string>) => {
  const id = params.id ?? '';
  if (page.name !== 'chat' || !/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
  const widget = await widgetOf(db, id);
  return widget ? { id: widget.accountId, sites: widget.sites } : null;
};
