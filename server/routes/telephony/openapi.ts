import * as v from 'valibot';
import type { MaskingSettings } from '../../../domain/masking.ts';
import type { TelephonySettings } from '../../../domain/telephony-settings.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, example, isoDate, uuid } from '../../openapi/schemas.ts';

/** A practice's telephony settings (server/routes/telephony/settings.ts) and the carrier's callbacks (./callbacks.ts). */

const limit = v.pipe(v.number(), v.integer());
const maskingAnswer = answerOf<MaskingSettings>()(
  v.object({ expiryHours: limit, maxCalls: limit, callTimeLimitMinutes: limit, ringTimeoutSeconds: limit, dailyCap: v.pipe(limit, v.description('Calls per day over all of the practice’s links.')) }),
);
const clock = v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/), v.description('HH:MM'));
const settingsAnswer = answerOf<TelephonySettings>()(
  v.object({
    callerContactPointId: v.pipe(v.nullable(uuid), v.description('The number chosen to call and text from; null: the first usable number by rank.')),
    numbers: v.array(
      v.object({
        id: v.pipe(uuid, v.description('The contact point’s id.')),
        name: v.string(),
        number: v.pipe(v.string(), v.description('E.164.')),
        system: v.picklist(['PHONE', 'SMS']),
        usable: v.pipe(v.boolean(), v.description('A North American number: the only ones the platform calls from.')),
        calling: v.pipe(v.boolean(), v.description('The one calls and texts go from.')),
      }),
    ),
    callMasking: v.pipe(maskingAnswer, v.description('The limits a new masked call link gets when staff leave them empty.')),
    builtIn: v.pipe(maskingAnswer, v.description('The built-in defaults, which a limit set back to null returns to.')),
    callingHours: v.pipe(
      v.object({ start: clock, end: clock, holidays: v.array(isoDate) }),
      v.description('When the practice’s workflows call and text patients, in each patient’s own time.'),
    ),
  }),
);

const masking: MaskingSettings = { expiryHours: 48, maxCalls: 3, callTimeLimitMinutes: 15, ringTimeoutSeconds: 30, dailyCap: 200 };
const settings: TelephonySettings = {
  callerContactPointId: null,
  numbers: [{ id: example.otherId, name: 'Front desk', number: '+15035550100', system: 'PHONE', usable: true, calling: true }],
  callMasking: masking,
  builtIn: { expiryHours: 72, maxCalls: 3, callTimeLimitMinutes: 30, ringTimeoutSeconds: 30, dailyCap: 200 },
  callingHours: { start: '09:00', end: '20:00', holidays: ['2026-12-25'] },
};

const carrierCallback = 'The carrier’s form-encoded callback, signed with `X-Twilio-Signature`: nothing is written unless the signature is its own for this URL and these fields.';

export const telephonyDocs = areaDocs({
  'GET /telephony/settings': { summary: 'Read the practice’s telephony settings', answer: settingsAnswer, answerExample: settings },
  'PATCH /telephony/settings': {
    summary: 'Change the practice’s telephony settings (each section sent replaces what it names)',
    answer: settingsAnswer,
    requestExample: { callMasking: { maxCalls: 5 } },
    answerExample: { ...settings, callMasking: { ...masking, maxCalls: 5 } },
  },
  'POST /telephony/callbacks/status/:accountId/:attemptId': { summary: 'The carrier reports a call’s or text’s status', description: carrierCallback, status: 204 },
  'POST /telephony/callbacks/inbound': { summary: 'The carrier reports an inbound call or text', description: carrierCallback, status: 204 },
});
