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

/** A queue's figures right now (Amazon Connect's GetCurrentMetricData): calls waiting, agents on calls and free, the oldest wait. */
export type QueueRealtimeMetrics = { queueId: string; queueName: string; callsWaiting: number; agentsOnCall: number; agentsAvailable: number; oldestWaitSeconds: number };

export type ContactCenter = {
  /** 'simulator' or 'amazon-connect': which adapter answers (for logs and tests). */
  readonly kind: string;
  /** Every standard queue of the account's instance, in the contact center's order. */
  listQueues(account: ContactCenterAccount): Promise<ContactCenterQueue[]>;
  /**
   * The figures now of the account's queues named (issue 26, insights' live strip). Optional until
   * every adapter answers it: without it the API says the contact center did not answer.
   */
  realtimeMetrics?(account: ContactCenterAccount, queueIds: string[]): Promise<QueueRealtimeMetrics[]>;
};

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
