import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new endpoint secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks' libraries take it. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The first characters of a secret, for the screen to tell secrets apart. */
export const secretHint = (secret: string) => `${secret.slice(0, 10)}…`;

/**
 * The Standard Webhooks headers of one attempt: the event's id (the same on every attempt and
 * resend, for the receiver to drop duplicates), the time of this attempt, and the signature by
 * each secret in use (after a rotation the previous one too, until it expires): space-separated
 * `v1,<base64>` entries, any of which a receiver may verify.
 */
export function signedHeaders(secrets: readonly string[], eventId: string, at: Date, body: string): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(eventId, at, body));
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
