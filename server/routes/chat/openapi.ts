import * as v from 'valibot';
import type { ChatEnded, ChatMessages, ChatPosted, ChatSettings, ChatStarted, ChatWidget } from '../../../domain/chat.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, dateTime, example } from '../../openapi/schemas.ts';

/** Web chat (server/routes/chat/index.ts): the practice's settings, staff's side and the widget's. */

const chatId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}$/), v.description('22 characters of base64url, made by the server.'));

const settingsAnswer = answerOf<ChatSettings>()(
  v.object({
    enabled: v.boolean(),
    sites: v.pipe(v.array(v.string()), v.description('The origins of the practice’s sites the widget runs on.')),
    widgetId: v.pipe(v.nullable(chatId), v.description('Null until first saved.')),
    version: v.pipe(v.number(), v.integer(), v.description('Send it back on PATCH; a stale version is refused with 409.')),
    widgetUrl: v.pipe(v.nullable(v.string()), v.description('The widget’s page, to embed.')),
  }),
);
const messagesAnswer = answerOf<ChatMessages>()(
  v.object({
    messages: v.array(
      v.object({
        seq: v.pipe(v.number(), v.integer(), v.description('The message’s place in the conversation: read `after` it.')),
        sender: v.picklist(['patient', 'staff', 'system']),
        senderName: v.nullable(v.string()),
        text: v.string(),
        createdTimestamp: dateTime,
      }),
    ),
    ended: v.boolean(),
    lastSeq: v.pipe(v.number(), v.integer()),
  }),
);
const postedAnswer = answerOf<ChatPosted>()(v.object({ seq: v.pipe(v.number(), v.integer()) }));
const endedAnswer = answerOf<ChatEnded>()(v.object({ ended: v.literal(true) }));
const widgetAnswer = answerOf<ChatWidget>()(v.object({ practiceName: v.string() }));
const startedAnswer = answerOf<ChatStarted>()(
  v.object({ conversationId: chatId, token: v.pipe(chatId, v.description('Send it in the `X-Chat-Token` header of the conversation’s calls; kept by the widget to resume it.')) }),
);

const widgetId = 'Wg7pQ2xLk9Zr4TbN1vYcAa';
const messages: ChatMessages = {
  messages: [
    { seq: 1, sender: 'patient', senderName: 'Jane', text: 'Is the clinic open on Saturday?', createdTimestamp: example.time },
    { seq: 2, sender: 'staff', senderName: example.actor, text: 'Yes, from 9 to 12.', createdTimestamp: example.later },
  ],
  ended: false,
  lastSeq: 2,
};
const settings: ChatSettings = { enabled: true, sites: ['https://riverside.example.com'], widgetId, version: 2, widgetUrl: `https://portal.example.com/astera/chat/${widgetId}` };

export const chatDocs = areaDocs({
  'GET /chat/settings': { summary: 'Read the practice’s web chat settings', answer: settingsAnswer, answerExample: settings },
  'PATCH /chat/settings': { summary: 'Change the practice’s web chat settings', answer: settingsAnswer, requestExample: { version: 1, enabled: true, sites: ['https://riverside.example.com'] }, answerExample: settings },
  'GET /chat/conversations/:id': {
    summary: 'Read an interaction’s chat: its messages after `after` (`wait` seconds for the next one)',
    answer: messagesAnswer,
    queryExample: { after: '0' },
    answerExample: messages,
  },
  'POST /chat/conversations/:id/messages': { summary: 'Answer in an interaction’s chat', status: 201, answer: postedAnswer, requestExample: { text: 'Yes, from 9 to 12.' }, answerExample: { seq: 2 } },
  'PATCH /chat/conversations/:id': {
    summary: 'End an interaction’s chat',
    answer: messagesAnswer,
    requestExample: { ended: true },
    answerExample: { messages: [{ seq: 3, sender: 'system', senderName: null, text: 'The practice ended this chat.', createdTimestamp: example.later }], ended: true, lastSeq: 3 },
  },
  'GET /chat/public/widgets/:id': { summary: 'The widget: which practice it is', answer: widgetAnswer, answerExample: { practiceName: 'Riverside Family Practice' } },
  'POST /chat/public/widgets/:id/conversations': {
    summary: 'Start a conversation with its first message',
    status: 201,
    answer: startedAnswer,
    requestExample: { text: 'Is the clinic open on Saturday?', name: 'Jane' },
    answerExample: { conversationId: 'Cv3mK8pQ1wRt6YbN2xZaLe', token: 'Tk9sD4fG7hJ2kL5zX8cV1b' },
  },
  'GET /chat/public/conversations/:id/messages': {
    summary: 'The visitor reads the messages after `after`, waiting up to `wait` seconds for the next',
    answer: messagesAnswer,
    queryExample: { after: '1', wait: '20' },
    answerExample: { ...messages, messages: messages.messages.slice(1) },
  },
  'POST /chat/public/conversations/:id/messages': { summary: 'The visitor writes', status: 201, answer: postedAnswer, requestExample: { text: 'Thank you!' }, answerExample: { seq: 3 } },
  'POST /chat/public/conversations/:id/end': { summary: 'The visitor ends the conversation', answer: endedAnswer, answerExample: { ended: true } },
});
