import type { Db } from '../../db/client.ts';
import type { Telephony } from './port.ts';
import type { TelephonySettings } from './settings.ts';
import { createSimulatedTelephony } from './simulator.ts';
import { createTwilio } from './twilio.ts';

/**
 * The carrier the configuration chose (`config.telephony`, read and checked by the config loader
 * from TELEPHONY and the adapter's settings): Twilio, or the embedded simulator, which keeps what
 * it holds in this database's `simulators` schema and reports to the portal at `publicUrl`.
 */
export function createTelephony(settings: TelephonySettings, db: Db, publicUrl: string): Telephony {
  if (settings.kind === 'twilio') return createTwilio(settings);
  return createSimulatedTelephony(db, { failureRate: settings.failureRate, outcomeMs: settings.outcomeMs, inboundUrl: `${publicUrl}/api/telephony/callbacks/inbound` });
}
