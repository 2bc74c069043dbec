/**
 * The contact center (architecture "Integrations"): where an account's call-center queues live.
 * This file is the port: the interface, its types and its one error type. The adapters
 * (simulator.ts, amazon-connect.ts) import this file alone; index.ts only chooses between them.
 */

/**
 * An account's Amazon Connect settings (spec §3 Account `config.awsConnect`); any may be missing.
 * `roleArn` and `externalId` sit beside the spec's shape: the role in the practice's own AWS
 * account that the portal assumes to reach its instance, and the external id its trust policy asks for.
 */
export type AwsConnectSettings = { accountId?: string; instanceId?: string; region?: string; roleArn?: string; externalId?: string };

/** The account whose contact center is asked: its id and its awsConnect settings (null: none saved). */
export type ContactCenterAccount = { id: string; awsConnect: AwsConnectSettings | null };

/** A queue as the contact center lists it. */
export type ContactCenterQueue = { queueId: string; queueArn: string; queueName: string };

export type ContactCenter = {
  /** 'simulator' or 'amazon-connect': which adapter answers (for logs and tests). */
  readonly kind: string;
  /** Every standard queue of the account's instance, in the contact center's order. */
  listQueues(account: ContactCenterAccount): Promise<ContactCenterQueue[]>;
} & ContactHistory;

/**
 * Why the contact center did not answer:
 * - `not_configured`: the account lacks a setting the adapter needs (`missing` names them);
 * - `role_not_assumed`: the role in the practice's AWS account could not be assumed (wrong ARN,
 *   trust policy or external id);
 * - `unavailable`: the contact center refused or failed (unreachable, denied, throttled).
 */
export type ContactCenterFailure = 'unavailable' | 'not_configured' | 'role_not_assumed';

const texts: Record<ContactCenterFailure, string> = {
  unavailable: 'The contact center did not answer.',
  not_configured: 'The account has no contact-center instance configured.',
  role_not_assumed: "The role in the practice's AWS account could not be assumed.",
};

/**
 * The contact center's one error type. `reason` is for the API's answer; the vendor's own error
 * stays in `cause` and is never sent to the client (server/integrations/vendor-errors.ts logs it).
 */
export class ContactCenterError extends Error {
  /** For `not_configured`: the awsConnect settings the account lacks (`instanceId`, `region`, `roleArn`…). */
  readonly missing: string[];

  constructor(
    readonly reason: ContactCenterFailure,
    options?: { cause?: unknown; missing?: string[] },
  ) {
    super(texts[reason], options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ContactCenterError';
    this.missing = options?.missing ?? [];
  }
}

const settingKeys = ['accountId', 'instanceId', 'region', 'roleArn', 'externalId'] as const;

/** The account's awsConnect settings from its `config` (whatever shape was saved: only strings count). */
export function awsConnectOf(config: Record<string, unknown>): AwsConnectSettings | null {
  const raw = config.awsConnect;
  if (!raw || typeof raw !== 'object') return null;
  const settings: AwsConnectSettings = {};
  for (const key of settingKeys) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim() !== '') settings[key] = value.trim();
  }
  return settings;
}

/**
 * What the portal reads of a contact's history (issue 26): a contact from its first leg to its
 * end, as the contact center knows it at the moment it is asked. A call still going on has no
 * `endTimestamp` yet and its `status` says where it stands; a later read gives it again, changed.
 */

/** How a leg began: Amazon Connect's InitiationMethod, in spec §4's words. */
export type ContactInitiation = 'inbound' | 'outbound' | 'transfer' | 'callback' | 'api' | 'webrtc_api' | 'queue_transfer' | 'external_outbound' | 'monitor' | 'disconnect';

/** One moment of the contact's timeline, with spec §4's event types; `details` is the contact center's own record of it. */
export type ContactEvent = {
  type: string;
  /** ISO 8601. */
  timestamp: string;
  /** Seconds the event lasted (0 for an instant). */
  durationSeconds: number;
  /** Which leg, from 1. */
  leg: number;
  queueId?: string | null;
  agentId?: string | null;
  disposition?: string | null;
  details: Record<string, unknown>;
};

/** An agent as the contact center names them; `userId` is the portal user (a person id) where the contact center knows it. */
export type ContactAgent = { agentId: string; userId: string | null; username: string | null; name: string | null };

/** A recording of one leg: where the contact center keeps it (read with `recording`), how long it is. */
export type ContactRecording = { leg: number; location: string; contentType: string; durationSeconds: number | null };

/** One leg: a transfer or a queue transfer starts the next. */
export type ContactLeg = {
  leg: number;
  /** The contact center's id of this leg (Connect's ContactId). */
  contactId: string;
  initiation: ContactInitiation;
  startTimestamp: string;
  endTimestamp: string | null;
  queue: { queueId: string; queueName: string } | null;
  agent: ContactAgent | null;
  enqueuedTimestamp: string | null;
  connectedToAgentTimestamp: string | null;
  /** Seconds. */
  waitSeconds: number;
  talkSeconds: number;
  holdSeconds: number;
  afterContactWorkSeconds: number;
};

/** Where a contact stands: waiting in a queue, with an agent, in after-contact work, ended after an agent took it, or ended before one did. */
export type ContactStatus = 'queued' | 'active' | 'wrap-up' | 'completed' | 'abandoned';

export type ContactCenterContact = {
  /** The first leg's id (Connect's InitialContactId): the contact's identity across legs. */
  contactId: string;
  initiation: ContactInitiation;
  startTimestamp: string;
  endTimestamp: string | null;
  /** When the contact center last changed anything of it. */
  lastUpdateTimestamp: string;
  status: ContactStatus;
  /** The patient's side: name where known, number in E.164. */
  customer: { name: string | null; phoneNumber: string | null };
  /** The practice's number the call used (E.164), if any. */
  systemPhoneNumber: string | null;
  /** The first queue, and the agent who took the call last. */
  queue: { queueId: string; queueName: string } | null;
  agent: ContactAgent | null;
  /** The last disposition the agents chose (from the queue's list). */
  disposition: string | null;
  legs: ContactLeg[];
  events: ContactEvent[];
  recordings: ContactRecording[];
  /** Contact attributes (Connect's user-defined attributes). */
  attributes: Record<string, string>;
};

/** Per queue, right now. */
export type QueueRealtimeMetrics = {
  queueId: string;
  queueName: string;
  callsWaiting: number;
  agentsOnCall: number;
  agentsAvailable: number;
  /** Seconds the longest-waiting call has waited (0 when none waits). */
  oldestWaitSeconds: number;
};

/** Per queue over a time range (Connect's historical metrics): calls handled and abandoned, average handle and queue-answer time. */
export type QueueFigures = {
  queueId: string;
  queueName: string;
  contactsHandled: number;
  contactsAbandoned: number;
  averageHandleSeconds: number;
  averageQueueAnswerSeconds: number;
};

/** What `contactsChanged` asks: the contacts with anything new in [since, until). */
export type ContactWindow = { since: Date; until: Date };

/** The contact-center reads of issue 26, beside `listQueues`. */
export type ContactHistory = {
  /** Contacts started, changed or ended in the window, each as it stands at `until`, oldest first. */
  contactsChanged(account: ContactCenterAccount, window: ContactWindow): Promise<ContactCenterContact[]>;
  /** Figures per queue right now; `queueIds` empty means every queue of the instance. */
  realtimeMetrics(account: ContactCenterAccount, queueIds: string[]): Promise<QueueRealtimeMetrics[]>;
  /** Figures per queue over [since, until); `queueIds` empty means every queue. */
  queueFigures(account: ContactCenterAccount, request: { queueIds: string[]; since: Date; until: Date }): Promise<QueueFigures[]>;
  /** The bytes of a recording the contact center listed (`ContactRecording.location`). */
  recording(account: ContactCenterAccount, location: string): Promise<{ body: Uint8Array; contentType: string }>;
};
