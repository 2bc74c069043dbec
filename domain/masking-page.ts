/**
 * What the patients' call-masking page shares with the server (issue 42), kept apart from
 * domain/masking.ts so the page's bundle carries no validation library.
 */

/** Spec §4 and §8, word for word. */
export const maskingTexts = {
  starting: 'Starting Call...',
  success: 'Your call should be received shortly',
  failure: 'Call failed, please try again later',
} as const;

/** Spec §9: the page shows the outcome one second after the button is pressed. */
export const maskingStatusDelayMs = 1000;

/** A session's id: 22 characters of base64url, 128 random bits (made on the server, never chosen by a client). */
export const maskingIdPattern = /^[A-Za-z0-9_-]{22}$/;

/** What the patient's page reads: which practice will call, and from which number (the platform's, never the practice's direct line). */
export type MaskingPage = { practiceName: string; callerNumber: string; expiresAt: string; callsLeft: number };

/** `POST /call_masking/callMask/{id}`'s answer: the platform is calling the patient. */
export type MaskedCallStarted = { status: 'calling' };
