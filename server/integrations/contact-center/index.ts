import type { Db } from '../../db/client.ts';
import { createAmazonConnect } from './amazon-connect.ts';
import { createSimulatedContactCenter } from './simulator.ts';

/**
 * The contact center (architecture "Integrations"): where an account's call-center queues live.
 * Amazon Connect in production; an embedded simulator of an Amazon Connect instance by default.
 */

/** An account's Amazon Connect settings (spec §3 Account `config.awsConnect`); any may be missing. */
export type AwsConnectSettings = { accountId?: string; instanceId?: string; region?: string };

/** The account whose contact center is asked: its id and its awsConnect settings (null: none saved). */
export type ContactCenterAccount = { id: string; awsConnect: AwsConnectSettings | null };

/** A queue as the contact center lists it. */
export type ContactCenterQueue = { queueId: string; queueArn: string; queueName: string };

export type ContactCenter = {
  /** Every standard queue of the account's instance, in the contact center's order. */
  listQueues(account: ContactCenterAccount): Promise<ContactCenterQueue[]>;
};

/**
 * The contact center could not answer (unreachable, refused our credentials, throttled) or the
 * account has no instance to ask. `reason` is for the API's answer; the vendor's own error stays
 * in `cause` and is never sent to the client.
 */
export class ContactCenterError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'not_configured',
    options?: { cause?: unknown },
  ) {
    super(reason === 'unavailable' ? 'The contact center did not answer.' : 'The account has no contact-center instance configured.', options);
  }
}

/** The account's awsConnect settings from its `config` (whatever shape was saved: only strings count). */
export function awsConnectOf(config: Record<string, unknown>): AwsConnectSettings | null {
  const raw = config.awsConnect;
  if (!raw || typeof raw !== 'object') return null;
  const settings: AwsConnectSettings = {};
  for (const key of ['accountId', 'instanceId', 'region'] as const) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim() !== '') settings[key] = value.trim();
  }
  return settings;
}

export type ContactCenterEnv = { CONTACT_CENTER?: string };

/**
 * The contact center chosen by the environment: `CONTACT_CENTER=amazon-connect` uses Amazon
 * Connect (credentials from the AWS SDK's default provider chain: environment, shared config,
 * instance or task role; the region from each account's settings); anything else, or nothing,
 * the simulator, whose instances live in this database.
 */
export function createContactCenter(env: ContactCenterEnv, db: Db): ContactCenter {
  if (env.CONTACT_CENTER === 'amazon-connect') return createAmazonConnect();
  if (env.CONTACT_CENTER && env.CONTACT_CENTER !== 'simulator') throw new Error(`CONTACT_CENTER must be "simulator" or "amazon-connect".`);
  return createSimulatedContactCenter(db);
}
