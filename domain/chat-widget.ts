/**
 * What the chat widget (`/astera/chat/{id}`, issue 42) shares with the server, kept apart from
 * domain/chat.ts so the widget's bundle carries no validation library.
 */

/** A widget's id, a conversation's id and its token: 22 characters of base64url, 128 random bits each (made on the server). */
export const chatIdPattern = /^[A-Za-z0-9_-]{22}$/;

/** The longest message (characters) and the longest name a visitor may give. */
export const chatLimits = { text: 2000, name: 80, messagesPerRead: 200 } as const;

/** How long a read waits for a new message before answering with none (the widget then asks again). */
export const chatWaitSeconds = 20;

/** The header the widget sends its conversation's token in (never in the address, which logs could keep). */
export const chatTokenHeader = 'X-Chat-Token';

export type ChatSender = 'patient' | 'staff' | 'system';

export type ChatMessage = { seq: number; sender: ChatSender; senderName: string | null; text: string; createdTimestamp: string };

/** A conversation as the widget and the staff page read it: its messages after a cursor, and whether it ended. */
export type ChatMessages = { messages: ChatMessage[]; ended: boolean; lastSeq: number };

/** What the widget reads before the patient opens it. */
export type ChatWidget = { practiceName: string };

/** A started conversation: what the widget keeps in its own storage to resume it. */
export type ChatStarted = { conversationId: string; token: string };

/** A message written: its place in the conversation. */
export type ChatPosted = { seq: number };

/** A conversation the visitor ended. */
export type ChatEnded = { ended: true };

export const chatTexts = {
  unavailable: 'Chat is not available right now. Please call the practice.',
  ended: 'This chat has ended.',
  endedByPractice: 'The practice ended this chat.',
  endedByVisitor: 'You ended this chat.',
  /** The system message of each open conversation when the practice turns web chat off. */
  endedTurnedOff: 'The practice turned off web chat, so this chat has ended. Please call the practice.',
  failed: 'Your message could not be sent. Please try again.',
  tooLong: `Messages can be at most ${chatLimits.text} characters`,
  empty: 'Type a message first',
  tooMany: 'Too many messages from this connection; please wait a few minutes and try again.',
} as const;
