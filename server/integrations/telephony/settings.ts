import * as v from 'valibot';
import type { IntegrationSettings } from '../settings.ts';

/** Telephony's settings at start-up (docs/integrations.md "Telephony"). */
export type TelephonySettings =
  | {
      kind: 'simulator';
      /** The share of calls and messages the simulated carrier fails (busy, no answer, undelivered…), 0 to 1. */
      failureRate: number;
      /** How long after a call is placed or a message sent the simulated carrier reports its outcome. */
      outcomeMs: number;
    }
  | {
      kind: 'twilio';
      accountSid: string;
      /** Signs Twilio's requests and the callbacks it sends: never logged, never echoed. */
      authToken: string;
    };

const fraction = v.pipe(
  v.string(),
  v.regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a number from 0 to 1'),
  v.transform(Number),
);
const milliseconds = v.pipe(
  v.string(),
  v.regex(/^\d{1,7}$/, 'must be a whole number of milliseconds up to 9999999'),
  v.transform(Number),
);

export const telephonySettings: IntegrationSettings<TelephonySettings> = {
  variable: 'TELEPHONY',
  fallback: 'simulator',
  adapters: {
    simulator: v.pipe(
      v.object({
        TELEPHONY_SIMULATOR_FAILURE_RATE: v.optional(fraction, '0.1'),
        TELEPHONY_SIMULATOR_OUTCOME_MS: v.optional(milliseconds, '3000'),
      }),
      v.transform((env) => ({ kind: 'simulator' as const, failureRate: env.TELEPHONY_SIMULATOR_FAILURE_RATE, outcomeMs: env.TELEPHONY_SIMULATOR_OUTCOME_MS })),
    ),
    twilio: v.pipe(
      v.object({
        // Twilio's Account SID: AC and 32 hexadecimal digits.
        TWILIO_ACCOUNT_SID: v.pipe(v.string(), v.regex(/^AC[0-9a-f]{32}$/, 'must be AC followed by 32 hexadecimal digits')),
        TWILIO_AUTH_TOKEN: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/, 'must be 32 hexadecimal digits')),
      }),
      v.transform((env) => ({ kind: 'twilio' as const, accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN })),
    ),
  },
};
