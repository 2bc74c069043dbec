import type { Db } from '../../db/client.ts';
import { createAmazonConnect } from './amazon-connect.ts';
import type { ContactCenter } from './port.ts';
import type { ContactCenterSettings } from './settings.ts';
import { createSimulatedContactCenter } from './simulator.ts';

/**
 * The contact center the configuration chose (`config.contactCenter`, read and checked by the
 * config loader from CONTACT_CENTER and the adapter's settings): Amazon Connect, or the embedded
 * simulator, whose instances live in this database's `simulators` schema.
 */
export function createContactCenter(settings: ContactCenterSettings, db: Db): ContactCenter {
  if (settings.kind === 'amazon-connect') return createAmazonConnect(settings);
  return createSimulatedContactCenter(db);
}
