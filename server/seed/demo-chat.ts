/**
 * Demo web chat (issue 42): the demo practice has web chat on (its widget id made from the seed's
 * names, so a reseed makes the same snippet) for its website, and two conversations: one answered
 * and ended, one waiting for an answer, a day or two old: the newest rows of the call history stay
 * the demo's calls. They write no System log entries, like the demo's masked call links: Home's
 * recent changes stay the seed's own.
 */
import { createHash, randomBytes } from 'node:crypto';
import { systemActors } from '../../domain/actors.ts';
import { chatAssociationSystem, type ChatSender } from '../../domain/chat.ts';
import type { Tx } from '../db/client.ts';
import { agentTeamOf } from '../interactions/ingest.ts';
import { interactions, webChatMessages, webChatSettings, webChats } from '../db/schema/index.ts';
import type { DemoSeed } from '../area.ts';

const minute = 60_000;
const idOf = (key: string, what: string) => createHash('sha256').update(`astera-chat:${key}:${what}`).digest().subarray(0, 16).toString('base64url');

/** The demo's website, which may show the widget. */
export const demoChatSite = (key: string) => `https://www.${key}-practice.example`;

type DemoChat = { name: string; minutesAgo: number; answeredBy: string | null; messages: [ChatSender, string][] };

const chats = (agent: string): DemoChat[] => [
  {
    name: 'Grace Holloway',
    minutesAgo: 2 * 24 * 60,
    answeredBy: agent,
    messages: [
      ['patient', 'Hi, do you have any appointments for a flu shot this week?'],
      ['staff', 'Hello Grace! Yes, we have walk-in flu shots Tuesday and Thursday 9-12. No appointment needed.'],
      ['patient', 'Perfect, thank you. Do I need to bring my insurance card?'],
      ['staff', 'Yes please, and a photo ID. See you then!'],
      ['system', 'The practice ended this chat.'],
    ],
  },
  {
    name: 'Daniel Reyes',
    minutesAgo: 26 * 60,
    answeredBy: null,
    messages: [['patient', 'Hello, I need to reschedule my appointment on Friday. Is anyone there?']],
  },
];

/** The demo's web chat of one account: on, its site listed, two conversations. */
export async function insertDemoWebChat(tx: Tx, accountId: string, key: string, agent: { id: string; name: string }, now = Date.now()) {
  // The answered chat takes its agent's team, as a chat answered on the interaction's page does.
  const team = await agentTeamOf(tx, accountId, agent.id);
  await tx.insert(webChatSettings).values({ accountId, widgetId: idOf(key, 'widget'), enabled: true, sites: [demoChatSite(key)], modifiedBy: 'Astera seed' });
  for (const [i, chat] of chats(agent.name).entries()) {
    const started = new Date(now - chat.minutesAgo * minute);
    const conversationId = idOf(key, `conversation:${i}`);
    const ended = chat.answeredBy !== null;
    const [row] = await tx
      .insert(interactions)
      .values({
        accountId,
        type: 'chat',
        createdBy: systemActors.webChat.name,
        modifiedBy: chat.answeredBy ?? systemActors.webChat.name,
        startTimestamp: started,
        endTimestamp: ended ? new Date(started.getTime() + 6 * minute) : null,
        durationSeconds: ended ? 360 : null,
        direction: 'inbound',
        status: ended ? 'completed' : 'queued',
        isComplete: ended,
        agentId: ended ? agent.id : null,
        agentName: chat.answeredBy,
        teamId: ended ? (team?.id ?? null) : null,
        teamName: ended ? (team?.name ?? null) : null,
        patientName: chat.name,
        searchName: chat.name.toLowerCase(),
        patient: { name: chat.name, dob: null, type: 'patient', location: null, contactNumber: null, email: null, smsOk: null },
        integrationAssociations: [{ system: chatAssociationSystem, contactId: conversationId, leg: 1 }],
      })
      .returning({ id: interactions.id });
    // No one holds these conversations' tokens: the widget cannot resume them, staff read them.
    const tokenHash = createHash('sha256').update(randomBytes(16)).digest('hex');
    await tx.insert(webChats).values({
      accountId,
      id: conversationId,
      tokenHash,
      interactionId: row!.id,
      visitorName: chat.name,
      lastSeq: chat.messages.length,
      endedAt: ended ? new Date(started.getTime() + 6 * minute) : null,
      endedBy: ended ? chat.answeredBy : null,
      createdTimestamp: started,
    });
    await tx.insert(webChatMessages).values(
      chat.messages.map(([sender, text], n) => ({
        accountId,
        chatId: conversationId,
        seq: n + 1,
        sender,
        senderName: sender === 'patient' ? chat.name : sender === 'staff' ? chat.answeredBy : null,
        text,
        createdTimestamp: new Date(started.getTime() + n * minute),
      })),
    );
  }
}

/** The seed step: web chat on in the demo practice (Riverside), with two conversations, one answered. */
export async function seedDemoWebChat({ tx, accounts, id }: DemoSeed) {
  await insertDemoWebChat(tx, accounts.riverside.id, 'riverside', { id: id('person:manager'), name: 'Maria Lopez' });
}
