/**
 * Interactions (spec §2 "Interaction detail", §3 Interaction, §4 event types, §7 `/interactions`):
 * the account's call history as the contact center produced it. Shared by the API (answer shapes,
 * validation) and the SPA (list, detail). Issue 26 builds on these types; the schemas of the
 * create, patch and list-query bodies live beside them.
 */
import * as v from 'valibot';
import { flag, objectWith, expectedVersion } from './catalogue.ts';
import { e164, usPhonePattern } from './contact-points.ts';
import { listFilterMaxLength } from './list-query.ts';
import { defaultPageSize, sortOrders } from './lists.ts';
import { messages } from './messages.ts';
import { interactionMessages } from './interaction-messages.ts';
import { interactionDirections, interactionStatuses, interactionTypes, type InteractionDirection, type InteractionStatus, type InteractionType } from './interaction-kinds.ts';
import { dateOrDateTime, isoDate, type CommonFields } from './records.ts';
import { isPortalPath } from './portal-path.ts';
import { isStorableText, queryText, text } from './text.ts';

/** Spec §4's event types ("and others": a contact center may send more, kept as they come). */
export const interactionEventTypes = [
  'inbound',
  'outbound',
  'transfer',
  'callback',
  'api',
  'webrtc_api',
  'queue_transfer',
  'external_outbound',
  'monitor',
  'disconnect',
  'enqueued',
  'dequeued',
  'connectedToSystem',
  'connectedToAgent',
  'afterContactWork',
  'disposition',
  'recordings',
  'attributes',
] as const;
export type InteractionEventType = (typeof interactionEventTypes)[number];

/** Spec §3 Interaction.escalatedType (values not shown; ours). */
export const escalationTypes = ['clinical', 'supervisor', 'complaint', 'urgent-symptom'] as const;
export type EscalationType = (typeof escalationTypes)[number];

/** Spec §3 "Patient/party". */
export type Party = {
  name: string | null;
  dob: string | null;
  /** 'patient', 'caregiver', 'practice', 'pharmacy'… (values not shown). */
  type: string | null;
  location: string | null;
  /** E.164 (`+15551234567`). */
  contactNumber: string | null;
  email: string | null;
  smsOk: boolean | null;
};

/** A recording of a leg, as the recordings store keeps it; `path` names it under the interaction's event. */
export type InteractionRecording = {
  path: string;
  contentType: string;
  durationSeconds: number;
  size: number;
  /** The recordings store's key of the audio (server/integrations/recordings/port.ts): `<accountId>/<interactionId>/<eventId>/<path>` as ingested; bulk-seeded rows share a few files. */
  key?: string;
};

/**
 * One event of the timeline (spec §3 "Events have type, startTimestamp, contactSource, duration
 * and more"). `leg` numbers the call's legs from 1 (a transfer starts the next one); `details` is
 * the contact center's raw record of the event, shown expandable.
 */
export type InteractionEvent = {
  id: string;
  type: InteractionEventType | (string & {});
  startTimestamp: string;
  /** Seconds (0 for an instant). */
  duration: number;
  leg: number;
  contactSource: string | null;
  queueId?: string | null;
  queueName?: string | null;
  agentId?: string | null;
  agentName?: string | null;
  disposition?: string | null;
  recordings?: InteractionRecording[];
  details: Record<string, unknown>;
};

/** A participant of the call: the patient's party, an agent, a supervisor who monitored, an outside number. */
export type Participant = {
  role: 'patient' | 'agent' | 'supervisor' | 'external' | 'system';
  name: string | null;
  /** A user of the account (agents, supervisors). */
  userId?: string | null;
  contactNumber?: string | null;
  legs: number[];
};

/** Per leg: how long each part took, in seconds (spec §2 "Durations per leg"). */
export type LegDurations = { leg: number; queueId: string | null; queueName: string | null; total: number; wait: number; talk: number; hold: number; afterContactWork: number };

export type InteractionQueue = { queueId: string; queueName: string; leg: number; enqueuedTimestamp: string; waitSeconds: number };

/** An association with the contact center's own record (spec §3 integrationAssociations). */
export type IntegrationAssociation = { system: 'amazon-connect' | 'simulator' | (string & {}); contactId: string; leg: number };

export type Interaction = CommonFields & {
  resourceType: 'Interaction';
  /** A phone call or a web chat (issue 42; ours: the spec's interactions are calls). Set by the writer: calls through the API and the contact center, chats by the widget. */
  type: InteractionType;
  startTimestamp: string;
  endTimestamp: string | null;
  direction: InteractionDirection;
  escalated: boolean;
  escalatedType: EscalationType | null;
  status: InteractionStatus;
  isComplete: boolean;
  priority: string[];
  events: InteractionEvent[];
  agentNotes: string | null;
  participants: Participant[];
  integrationAssociations: IntegrationAssociation[];
  /** The practice team (spec §3 Team) the call belongs to: its id and name. */
  team: { id: string; name: string } | null;
  /** Issues (domain/issues.ts) the call was about: ids and names. */
  conditions: { id: string; name: string }[];
  practitioners: { id: string; name: string }[];
  outcomes: string[];
  patient: Party | null;
  initiatingParty: Party | null;
  followup: Record<string, unknown> | null;
  appointments: Record<string, unknown>[];
  transferAnswered: boolean | null;
  transferAttempt: boolean | null;
  symptoms: string[];
  urgentSymptom: boolean | null;
  marketingReferral: string | null;
  medications: string[];
  locations: { id: string; name: string }[];
  insurances: { id: string; name: string }[];
  pharmacies: Record<string, unknown>[];
  substances: string[];
  referrals: Record<string, unknown>[];
  /** Derived, kept for lists and filters (not editable): the last disposition event's value, the legs' sums. */
  latestDisposition: string | null;
  recordingsCount: number;
  /** Seconds from start to end (null while the call lasts). */
  durationSeconds: number | null;
  /** Per leg, as the contact center measured it (empty when it did not say: the screen works them out from the events). */
  legDurations: LegDurations[];
  /** Each queue the call was put in, with how long it waited there (empty likewise). */
  queues: InteractionQueue[];
  /** The first queue and the agent who took the call last. */
  queue: { queueId: string; queueName: string } | null;
  agent: { id: string | null; name: string } | null;
  /**
   * The detail only, for a role that may read persons (issue 40): the persons whose phone numbers
   * are the call's number, whom the page's Patient links to.
   */
  patientPersons?: { id: string; name: string }[];
};

/**
 * A row of `GET /interactions/interactions`: spec §3's fields that a list can carry (the patient
 * as its Patient/party object, issue 44), and beside them the list screen's `patientName` and
 * `contactNumber` (the patient's, else the initiating party's number).
 */
export type InteractionListItem = Pick<
  Interaction,
  | 'id'
  | 'accountId'
  | 'resourceType'
  | 'type'
  | 'startTimestamp'
  | 'direction'
  | 'status'
  | 'isComplete'
  | 'escalated'
  | 'escalatedType'
  | 'priority'
  | 'patient'
  | 'latestDisposition'
  | 'durationSeconds'
  | 'queue'
  | 'agent'
  | 'team'
  | 'recordingsCount'
> & { patientName: string | null; contactNumber: string | null };

/** Spec §3 Comments. */
export type InteractionComment = {
  id: string;
  interactionId: string;
  from: { id: string; name: string };
  /** 'posted' | 'edited' | 'deleted' (values not shown; ours). */
  status: string;
  body: { contentType: 'text/plain' | 'text/markdown'; content: string };
  attachments: { name: string; url: string }[];
  /** Users mentioned (`@name`), each notified. */
  mentions: { id: string; name: string }[];
  createdTimestamp: string;
};

// ——— Requests (issue 26, spec §7 `/interactions/interactions`) ———

/** Bounds of ours (the spec shows none): a call has at most 500 events, 50 of most lists. */
export const interactionLimits = {
  notes: 10_000,
  text: 1000,
  disposition: 100,
  name: 200,
  events: 500,
  list: 50,
  /** A JSON object's serialized size (an event's raw details, a follow-up, an appointment). */
  objectBytes: 16 * 1024,
  comment: 5000,
  attachments: 10,
  mentions: 20,
} as const;

const instant = v.pipe(v.string(interactionMessages.interactionInstantInvalid), v.trim(), v.isoTimestamp(interactionMessages.interactionInstantInvalid));
const shortText = (max: number = interactionLimits.text) => v.nullable(v.pipe(text(max, interactionMessages.interactionTextTooLong), v.transform((s) => (s === '' ? null : s))));
const tooMany = <S extends v.GenericSchema>(item: S, max: number = interactionLimits.list) => v.pipe(v.array(item), v.maxLength(max, interactionMessages.interactionTooMany));
const uuidText = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.uuid());

/**
 * A JSON object whose shape the contact center chose (an event's raw details, a follow-up):
 * checked as a whole, so an error names the field and never a key that was sent; bounded in size
 * and storable (no NUL, no lone surrogate: jsonb refuses them).
 */
export const jsonObject = v.custom<Record<string, unknown>>((input) => {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return false;
  const serialized = JSON.stringify(input);
  return serialized.length <= interactionLimits.objectBytes && isStorableText(serialized) && !serialized.includes('\\u0000');
}, interactionMessages.interactionDetailsInvalid);

/** A US number as typed (spec §5), stored in E.164; empty is none. */
const contactNumber = v.nullable(
  v.pipe(
    v.string(interactionMessages.interactionPhoneInvalid),
    v.trim(),
    v.transform((s) => (s === '' ? null : s)),
    v.nullable(v.pipe(v.string(), v.regex(usPhonePattern, interactionMessages.interactionPhoneInvalid), v.transform((s) => e164(s) ?? s))),
  ),
);

/** Spec §3 "Patient/party"; every part optional. */
export const partySchema = v.object({
  name: v.optional(shortText(interactionLimits.name), null),
  dob: v.optional(v.nullable(isoDate), null),
  type: v.optional(shortText(64), null),
  location: v.optional(shortText(), null),
  contactNumber: v.optional(contactNumber, null),
  email: v.optional(v.nullable(v.pipe(v.string(messages.emailInvalid), v.trim(), v.email(messages.emailInvalid), v.maxLength(254, messages.emailInvalid))), null),
  smsOk: v.optional(v.nullable(flag('smsOk')), null),
});

const reference = v.object({ id: uuidText, name: v.pipe(text(interactionLimits.name, interactionMessages.interactionTextTooLong), v.nonEmpty(interactionMessages.interactionTextTooLong)) });

const recordingSchema = v.object({
  path: v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$/), v.check((p) => !p.split('/').includes('..'))),
  contentType: v.pipe(v.string(), v.regex(/^audio\/[a-z0-9.+-]{1,50}$/)),
  durationSeconds: v.pipe(v.number(), v.minValue(0), v.maxValue(86_400)),
  size: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 40)),
});

/** One event of the timeline as sent; an event without an id gets one. */
export const interactionEventSchema = v.object({
  id: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{1,64}$/))),
  type: v.pipe(v.string(interactionMessages.interactionEventTypeInvalid), v.trim(), v.regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, interactionMessages.interactionEventTypeInvalid)),
  startTimestamp: instant,
  duration: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(86_400 * 7)), 0),
  leg: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 1),
  contactSource: v.optional(shortText(100), null),
  queueId: v.optional(shortText(200), null),
  queueName: v.optional(shortText(200), null),
  agentId: v.optional(v.nullable(uuidText), null),
  agentName: v.optional(shortText(interactionLimits.name), null),
  disposition: v.optional(shortText(interactionLimits.disposition), null),
  recordings: v.optional(tooMany(recordingSchema, 20), []),
  details: v.optional(jsonObject, {}),
});

const participantSchema = v.object({
  role: v.picklist(['patient', 'agent', 'supervisor', 'external', 'system']),
  name: v.optional(shortText(interactionLimits.name), null),
  userId: v.optional(v.nullable(uuidText), null),
  contactNumber: v.optional(contactNumber, null),
  legs: v.optional(tooMany(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 100), []),
});

const associationSchema = v.object({
  system: v.pipe(text(64, interactionMessages.interactionTextTooLong), v.nonEmpty()),
  contactId: v.pipe(text(200, interactionMessages.interactionTextTooLong), v.nonEmpty()),
  leg: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 1),
});

const words = tooMany(v.pipe(text(interactionLimits.text, interactionMessages.interactionTextTooLong), v.nonEmpty()));
const optionalFlag = (key: string) => v.optional(v.nullable(flag(key)), null);
const direction = v.picklist(interactionDirections, interactionMessages.interactionDirectionInvalid);
const status = v.picklist(interactionStatuses, interactionMessages.interactionStatusInvalid);
const escalatedType = v.nullable(v.picklist(escalationTypes, interactionMessages.interactionEscalationInvalid));
const notes = v.nullable(v.pipe(text(interactionLimits.notes, interactionMessages.interactionNotesTooLong), v.transform((s) => (s === '' ? null : s))));
const disposition = v.nullable(v.pipe(text(interactionLimits.disposition, interactionMessages.interactionDispositionTooLong), v.transform((s) => (s === '' ? null : s))));

/**
 * `POST /interactions/interactions`: spec §3's shape. Only the start time is required (a call
 * logged by hand from a form); the derived fields (latest disposition, recordings count, duration,
 * queue and agent) are worked out from the events unless sent.
 */
export const interactionCreateSchema = v.pipe(
  objectWith(
    {
      startTimestamp: instant,
      endTimestamp: v.optional(v.nullable(instant), null),
      direction: v.optional(direction, 'inbound'),
      status: v.optional(status, 'completed'),
      isComplete: v.optional(flag('isComplete')),
      escalated: v.optional(flag('escalated'), false),
      escalatedType: v.optional(escalatedType, null),
      priority: v.optional(tooMany(v.pipe(text(64, interactionMessages.interactionTextTooLong), v.nonEmpty()), 10), []),
      events: v.optional(tooMany(interactionEventSchema, interactionLimits.events), []),
      agentNotes: v.optional(notes, null),
      participants: v.optional(tooMany(participantSchema), []),
      integrationAssociations: v.optional(tooMany(associationSchema, 20), []),
      team: v.optional(v.nullable(reference), null),
      queue: v.optional(v.nullable(v.object({ queueId: v.pipe(text(200, interactionMessages.interactionTextTooLong), v.nonEmpty()), queueName: v.pipe(text(200, interactionMessages.interactionTextTooLong), v.nonEmpty()) })), null),
      agent: v.optional(v.nullable(v.object({ id: v.optional(v.nullable(uuidText), null), name: v.pipe(text(interactionLimits.name, interactionMessages.interactionTextTooLong), v.nonEmpty()) })), null),
      latestDisposition: v.optional(disposition),
      conditions: v.optional(tooMany(reference), []),
      practitioners: v.optional(tooMany(reference), []),
      locations: v.optional(tooMany(reference), []),
      insurances: v.optional(tooMany(reference), []),
      outcomes: v.optional(words, []),
      patient: v.optional(v.nullable(partySchema), null),
      initiatingParty: v.optional(v.nullable(partySchema), null),
      followup: v.optional(v.nullable(jsonObject), null),
      appointments: v.optional(tooMany(jsonObject), []),
      transferAnswered: optionalFlag('transferAnswered'),
      transferAttempt: optionalFlag('transferAttempt'),
      symptoms: v.optional(words, []),
      urgentSymptom: optionalFlag('urgentSymptom'),
      marketingReferral: v.optional(shortText(), null),
      medications: v.optional(words, []),
      pharmacies: v.optional(tooMany(jsonObject), []),
      substances: v.optional(words, []),
      referrals: v.optional(tooMany(jsonObject), []),
    },
    { startTimestamp: interactionMessages.interactionStartRequired },
  ),
  v.forward(
    v.check((body) => !body.endTimestamp || Date.parse(body.endTimestamp) >= Date.parse(body.startTimestamp), interactionMessages.interactionEndBeforeStart),
    ['endTimestamp'],
  ),
);
export type InteractionCreate = v.InferInput<typeof interactionCreateSchema>;

/**
 * `PATCH /interactions/interactions/{id}`: what a supervisor changes after the call (the version
 * edited, then agent notes, disposition, status and escalation). `disposition` is another name
 * for `latestDisposition` (the detail's "Disposition" field).
 */
export const interactionPatchSchema = objectWith(
  {
    version: expectedVersion,
    agentNotes: v.optional(notes),
    latestDisposition: v.optional(disposition),
    disposition: v.optional(disposition),
    status: v.optional(status),
    escalated: v.optional(flag('escalated')),
    escalatedType: v.optional(escalatedType),
  },
  {},
);
export type InteractionPatch = v.InferInput<typeof interactionPatchSchema>;

/** A whole number from a query string (or a number, from the SPA's router search params). */
const whole = (min: number, max: number) =>
  v.pipe(v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(), v.transform(Number))]), v.integer(), v.minValue(min), v.maxValue(max));

/** A query-string yes/no. */
const yesNo = v.union([v.boolean(), v.pipe(v.picklist(['true', 'false']), v.transform((s) => s === 'true'))], 'must be true or false');
/** A query-string filter word (queue id, disposition): trimmed, bounded; empty is none. */
const filterText = (max: number) =>
  v.optional(
    v.pipe(
      queryText(max, messages.filterTooLong),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  );
/** A day (YYYY-MM-DD, the whole day in UTC) or an instant (ISO 8601). */
const bound = dateOrDateTime();

export const interactionSortColumns = ['startTimestamp'] as const;
export type InteractionSort = (typeof interactionSortColumns)[number];

/**
 * `GET /interactions/interactions`: newest first by default. Filters: `from`/`to` (a day or an
 * instant; `to` as a day includes that whole day), `queue` (its id), `agent`, `team`, `status`,
 * `direction`, `type` (call or chat), `escalated`, `recorded` (true: with at least one recording; false: none; issue 40),
 * `disposition`, `personId` (the person's phone numbers), `q` (patient
 * name, or a phone number in any spelling). Paging: `limit` and `offset`, or `cursor` (the
 * previous page's `nextCursor`, stable while new calls arrive). A malformed filter is a 400 naming
 * it (a filter silently dropped would show every call as if they matched).
 */
export const interactionListQuerySchema = v.object({
  from: v.optional(bound),
  to: v.optional(bound),
  queue: filterText(200),
  agent: v.optional(uuidText),
  team: v.optional(uuidText),
  personId: v.optional(uuidText),
  status: v.optional(status),
  direction: v.optional(direction),
  type: v.optional(v.picklist(interactionTypes, interactionMessages.interactionTypeInvalid)),
  escalated: v.optional(yesNo),
  recorded: v.optional(yesNo),
  disposition: filterText(interactionLimits.disposition),
  q: filterText(listFilterMaxLength),
  limit: v.fallback(v.optional(whole(1, 100), defaultPageSize), defaultPageSize),
  offset: v.fallback(v.optional(whole(0, 100_000), 0), 0),
  cursor: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'is not a cursor of this list'))),
  sort: v.fallback(v.optional(v.picklist(interactionSortColumns), 'startTimestamp'), 'startTimestamp'),
  order: v.fallback(v.optional(v.picklist(sortOrders), 'desc'), 'desc'),
});
export type InteractionListQuery = v.InferOutput<typeof interactionListQuerySchema>;

/**
 * `GET /interactions/interactions`'s answer: `items` (spec §7 lists), paging. `total` is exact up
 * to 1,000 matches; past it, it is PostgreSQL's estimate and `totalIsEstimate` says so (counting
 * a million rows for every page would cost more than the page). `nextCursor` continues after the
 * last item.
 */
export type InteractionList = {
  items: InteractionListItem[];
  total: number;
  totalIsEstimate: boolean;
  limit: number;
  offset: number;
  nextCursor: string | null;
};

/** The stream event (GET /notifications/stream) telling open lists that a call arrived; its data is the interaction's id, or '*' for many at once. */
export const interactionStreamEvent = 'interaction';

/** Where a comment's attachment may point: an https address, or a path of the portal (never `//host` nor `/\\host`, another site). */
export const isAttachmentUrl = (url: string): boolean => /^https:\/\/[^\s<>"\\\p{Cc}]+$/u.test(url) || isPortalPath(url);

/** `POST /interactions/interactions/{id}/comments`. Mentions: user ids, and/or `@Name` in the text (resolved against the account's users). */
export const commentCreateSchema = objectWith(
  {
    body: objectWith(
      {
        contentType: v.optional(v.picklist(['text/plain', 'text/markdown'], interactionMessages.commentContentTypeInvalid), 'text/plain'),
        content: v.pipe(text(interactionLimits.comment, interactionMessages.commentTooLong, interactionMessages.commentRequired), v.nonEmpty(interactionMessages.commentRequired)),
      },
      { content: interactionMessages.commentRequired },
    ),
    status: v.optional(v.picklist(['posted'], 'must be posted'), 'posted'),
    attachments: v.optional(
      v.pipe(
        v.array(
          v.object(
            {
              name: v.pipe(text(200, interactionMessages.commentAttachmentInvalid), v.nonEmpty(interactionMessages.commentAttachmentInvalid)),
              url: v.pipe(v.string(interactionMessages.commentAttachmentInvalid), v.trim(), v.maxLength(2000, interactionMessages.commentAttachmentInvalid), v.check(isAttachmentUrl, interactionMessages.commentAttachmentInvalid)),
            },
            interactionMessages.commentAttachmentInvalid,
          ),
          interactionMessages.commentAttachmentInvalid,
        ),
        v.maxLength(interactionLimits.attachments, interactionMessages.interactionTooMany),
      ),
      [],
    ),
    mentions: v.optional(v.pipe(v.array(v.union([uuidText, v.object({ id: uuidText })], interactionMessages.commentMentionUnknown), interactionMessages.commentMentionUnknown), v.maxLength(interactionLimits.mentions, interactionMessages.interactionTooMany)), []),
  },
  { body: interactionMessages.commentRequired },
);
export type CommentCreate = v.InferInput<typeof commentCreateSchema>;

export type InteractionCommentList = { items: InteractionComment[] };

/**
 * `GET /interactions/interactions/mentionable`: the users a comment may mention (the `@` picker),
 * by the rule the comment's POST applies: active users of the account whose role may read
 * interactions. `q` matches the start of any word of the name; the first `limit` by name.
 */
export const mentionableQuerySchema = v.object({
  q: filterText(listFilterMaxLength),
  limit: v.fallback(v.optional(whole(1, 50), 8), 8),
});
/**
 * A user the `@` picker offers. `canReply`: their role may comment on calls (issue 40): one who may
 * only read them is still offered (a mention tells them to look), and the picker says they cannot reply.
 */
export type MentionableUser = { id: string; name: string; canReply: boolean };
export type MentionableUserList = { items: MentionableUser[] };
