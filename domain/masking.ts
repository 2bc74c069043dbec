/**
 * Call masking (spec §2 "Call masking page", §4, §7 `POST /call_masking/callMask/{id}`, §8, §9;
 * issue 42). Staff set up a masking session for a patient: a link the patient opens to be called
 * by the practice, the patient's and the practice's own numbers staying on the server. The page
 * never sends or accepts a number.
 */
import * as v from 'valibot';
import { e164 } from './contact-points.ts';

export { maskingIdPattern, maskingStatusDelayMs, maskingTexts, type MaskedCallStarted, type MaskingPage } from './masking-page.ts';

/**
 * A session's limits: its link's absolute expiry, how many calls it may start, each call's time
 * limit once answered and how long the patient's phone rings. Each has a default (the practice may
 * set its own: account `config.callMasking`) and bounds.
 */
export const maskingBounds = {
  expiryHours: { min: 1, max: 720, fallback: 72 },
  maxCalls: { min: 1, max: 10, fallback: 3 },
  callTimeLimitMinutes: { min: 1, max: 120, fallback: 30 },
  ringTimeoutSeconds: { min: 10, max: 60, fallback: 30 },
  /** Calls all of a practice's sessions may start in a day (toll fraud's ceiling). */
  dailyCap: { min: 1, max: 10_000, fallback: 200 },
} as const;

export type MaskingSettings = { [Key in keyof typeof maskingBounds]: number };

/** The practice's settings (account `config.callMasking`), each bad or missing one replaced by its default. */
export function maskingSettingsOf(config: Record<string, unknown>): MaskingSettings {
  const saved = (config.callMasking ?? {}) as Record<string, unknown>;
  const settings: Record<string, number> = {};
  for (const [key, bound] of Object.entries(maskingBounds) as [keyof MaskingSettings, (typeof maskingBounds)[keyof MaskingSettings]][]) {
    const value = saved[key];
    settings[key] = typeof value === 'number' && Number.isInteger(value) && value >= bound.min && value <= bound.max ? value : bound.fallback;
  }
  return settings as MaskingSettings;
}

export type MaskingStatus = 'active' | 'used' | 'expired' | 'ended';

/** A masking session as staff see it (never shown on the patient's page). */
export type MaskingSession = {
  id: string;
  accountId: string;
  status: MaskingStatus;
  /** The patient's number (E.164) and, when known, who they are. */
  patientNumber: string;
  personId: string | null;
  personName: string | null;
  interactionId: string | null;
  /** The practice's line the patient reaches (a contact point), and the platform number that calls the patient. */
  practiceContactPointId: string;
  practiceContactPointName: string;
  callerNumber: string;
  expiresAt: string;
  maxCalls: number;
  callsUsed: number;
  callTimeLimitMinutes: number;
  ringTimeoutSeconds: number;
  /** The link the patient opens. */
  link: string;
  /** Whether the link was texted to the patient, and how that went ('sent', 'refused: …'). */
  textStatus: string | null;
  endedAt: string | null;
  endedBy: string | null;
  createdTimestamp: string;
  createdBy: string;
};

/** `GET /call_masking/sessions`: the practice's sessions. */
export type MaskingSessionList = { items: MaskingSession[] };

export const maskingMessages = {
  patientNumberInvalid: 'Patient number must be a US phone number of 10 digits, for example (555) 123-4567',
  practiceNumberRequired: 'Choose the practice line the patient will reach',
  practiceNumberUnknown: "That line is not one of the practice's phone numbers",
  noPlatformNumber: 'The practice has no Twilio number to call from: add a phone contact point with service provider Twilio',
  boundMessage: (label: string, min: number, max: number) => `${label} must be a whole number from ${min} to ${max}`,
} as const;

const bounded = (key: keyof typeof maskingBounds, label: string) => {
  const { min, max } = maskingBounds[key];
  const message = maskingMessages.boundMessage(label, min, max);
  return v.optional(v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message)));
};

const uuid = (message: string) => v.pipe(v.string(message), v.uuid(message));

/** Setting up a session (staff): the patient's number, the practice line they reach; limits default to the practice's. */
export const maskingCreateSchema = v.object({
  patientNumber: v.pipe(
    v.string(maskingMessages.patientNumberInvalid),
    v.maxLength(40, maskingMessages.patientNumberInvalid),
    v.check((value) => e164(value) !== null, maskingMessages.patientNumberInvalid),
  ),
  practiceContactPointId: uuid(maskingMessages.practiceNumberRequired),
  personId: v.optional(v.nullable(uuid('Person must be a record id'))),
  interactionId: v.optional(v.nullable(uuid('Interaction must be a record id'))),
  /** Text the link to the patient (default); false: staff copy it and share it themselves. */
  sendText: v.optional(v.boolean('Send text must be true or false'), true),
  expiryHours: bounded('expiryHours', 'Expires after (hours)'),
  maxCalls: bounded('maxCalls', 'Calls allowed'),
  callTimeLimitMinutes: bounded('callTimeLimitMinutes', 'Call time limit (minutes)'),
  ringTimeoutSeconds: bounded('ringTimeoutSeconds', 'Ring time (seconds)'),
});

export type MaskingCreate = v.InferOutput<typeof maskingCreateSchema>;

/** The text that carries the link to the patient (no number in it, only the practice's name). */
export const maskingLinkText = (practiceName: string, link: string) => `${practiceName}: tap to have us call you back: ${link}`;
