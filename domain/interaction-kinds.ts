/**
 * How a call began and where it stands: the value lists that the metrics, the filters and the
 * labels use, apart from the interaction's schemas (`interactions.ts`), which bring the phone
 * number rules and libphonenumber's metadata (27 KB gzip) to every screen that imports them: the
 * Insights screen loaded them to name six directions (issue 25).
 */

/** How the call began (the first leg's initiation, Amazon Connect's InitiationMethod in our words). */
export const interactionDirections = ['inbound', 'outbound', 'callback', 'api', 'webrtc_api', 'external_outbound'] as const;
export type InteractionDirection = (typeof interactionDirections)[number];

/**
 * Where a call stands (spec: "Status values of other entities: not shown"; ours): `queued` waits
 * for an agent, `active` is with one, `wrap-up` is in after-contact work, `completed` ended after
 * an agent took it, `abandoned` ended before one did, `follow-up` needs someone to call back.
 */
export const interactionStatuses = ['queued', 'active', 'wrap-up', 'completed', 'abandoned', 'follow-up'] as const;
export type InteractionStatus = (typeof interactionStatuses)[number];

/** What an interaction is (issue 42): a phone call, or a web chat a visitor started on the practice's website. */
export const interactionTypes = ['call', 'chat'] as const;
export type InteractionType = (typeof interactionTypes)[number];

/**
 * Who an interaction is with when it names no one (no name, no number): a supervisor scanning the
 * list, a page's title or the palette reads a chat's unnamed visitor apart from an unknown caller.
 */
export const unnamedPartyLabels: Record<InteractionType, string> = { call: 'Unknown caller', chat: 'Web chat visitor' };
