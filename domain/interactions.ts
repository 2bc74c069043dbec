/**
 * Interactions (spec §2 "Interaction detail", §3 Interaction, §4 event types, §7 `/interactions`):
 * the account's call history as the contact center produced it. Shared by the API (answer shapes,
 * validation) and the SPA (list, detail). Issue 26 builds on these types; the schemas of the
 * create, patch and list-query bodies live beside them.
 */
import { type CommonFields } from './records.ts';

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
  /** The first queue and the agent who took the call last. */
  queue: { queueId: string; queueName: string } | null;
  agent: { id: string | null; name: string } | null;
};

/** A row of `GET /interactions/interactions`. */
export type InteractionListItem = Pick<
  Interaction,
  'id' | 'startTimestamp' | 'direction' | 'status' | 'escalated' | 'latestDisposition' | 'durationSeconds' | 'queue' | 'agent' | 'team' | 'recordingsCount'
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
