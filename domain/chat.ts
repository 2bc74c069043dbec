/**
 * Web chat (issue 42): a practice's widget on its own website. A visitor's conversation is an
 * interaction of the call history; staff answer it from the interaction's page.
 */
import * as v from 'valibot';
import { expectedVersion } from './catalogue.ts';
import { chatLimits, chatTexts } from './chat-widget.ts';
import { text } from './text.ts';

export * from './chat-widget.ts';

/** The marker of a chat among an interaction's integration associations (its `contactId` is the conversation's id). */
export const chatAssociationSystem = 'web-chat';

/** The most sites a practice lists. */
export const chatMaxSites = 20;

export const chatMessages = {
  siteInvalid: 'Each site must be an origin such as https://clinic.example (https, a host name, no path)',
  tooManySites: `List at most ${chatMaxSites} sites`,
  enabledInvalid: 'Enabled must be true or false',
  endedInvalid: 'Ended must be true',
} as const;

/** An origin a practice's site may have: https (http only for localhost), a host, an optional port, nothing else. */
export function siteOrigin(value: string): string | null {
  const trimmed = value.trim().replace(/\/$/, '');
  if (!/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !local) return null;
  if (!url.hostname.includes('.') && !local) return null;
  return url.origin;
}

/** The practice's web chat as staff see it. `widgetId` is null until first saved. */
export type ChatSettings = { enabled: boolean; sites: string[]; widgetId: string | null; version: number; widgetUrl: string | null };

export const chatSettingsPatchSchema = v.object({
  version: expectedVersion,
  enabled: v.optional(v.boolean(chatMessages.enabledInvalid)),
  sites: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(chatMessages.siteInvalid), v.maxLength(300, chatMessages.siteInvalid), v.check((s) => siteOrigin(s) !== null, chatMessages.siteInvalid)), chatMessages.siteInvalid),
      v.maxLength(chatMaxSites, chatMessages.tooManySites),
      v.transform((sites) => [...new Set(sites.map((s) => siteOrigin(s)!))]),
    ),
  ),
});
export type ChatSettingsPatch = v.InferOutput<typeof chatSettingsPatchSchema>;

const messageText = v.pipe(text(chatLimits.text, chatTexts.tooLong, chatTexts.empty), v.nonEmpty(chatTexts.empty));

/** A visitor starting a conversation: its first message and, if they like, a name. */
export const chatStartSchema = v.object({
  text: messageText,
  name: v.optional(v.nullable(v.pipe(text(chatLimits.name, `Names can be at most ${chatLimits.name} characters`), v.transform((s) => (s === '' ? null : s)))), null),
});

export const chatPostSchema = v.object({ text: messageText });

export const chatEndSchema = v.object({ ended: v.literal(true, chatMessages.endedInvalid) });

/** A read's cursor: messages after `after`; `wait` seconds (0: answer at once) for one to arrive. */
export const chatReadQuerySchema = v.object({
  after: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)), '0'),
  wait: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/), v.transform(Number)), '0'),
});

/** The snippet a practice pastes into its site: an iframe of its widget, placed where the practice wants the chat (its contact page). */
export const chatSnippet = (widgetUrl: string) =>
  `<iframe src="${widgetUrl}" title="Chat with us" style="width:100%;max-width:420px;height:560px;border:0"></iframe>`;
