/**
 * Webhooks (issue 44): an account's endpoints, to which the platform sends what happened, signed
 * by the Standard Webhooks scheme. Shared by the API (validation) and the SPA (forms). The events'
 * payload schemas are the server's (server/webhooks/events.ts); their names and labels are here.
 */
import * as v from 'valibot';
import { flag, objectWith, versionField } from './catalogue.ts';
import { type CommonFields } from './records.ts';
import { optionalText, requiredText } from './text.ts';

/** The events an endpoint may subscribe to, by their type as the payload's `type` says it. */
export const webhookEventTypes = [
  'interaction.ended',
  'interaction.comment_added',
  'chat.message_received',
  'survey.answered',
  'workflow_item.finished',
  'person.created',
  'person.updated',
  'person.deleted',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** How the form and the documentation name each event. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  'interaction.ended': 'Interaction ended',
  'interaction.comment_added': 'Comment added',
  'chat.message_received': 'Chat message received',
  'survey.answered': 'Survey answered',
  'workflow_item.finished': 'Workflow item finished',
  'person.created': 'Person created',
  'person.updated': 'Person updated',
  'person.deleted': 'Person deleted',
};

export const webhookLimits = { url: 2_000, description: 500 } as const;

export const webhookMessages = {
  urlRequired: 'URL is required',
  urlTooLong: `URL must be at most ${webhookLimits.url} characters`,
  urlInvalid: 'URL must be an HTTPS address (https://…)',
  urlWithCredentials: 'URL must not hold a user name or password',
  eventsRequired: 'Choose at least one event',
  eventsInvalid: 'Events must be from the list',
  descriptionTooLong: `Description must be at most ${webhookLimits.description} characters`,
  rangeInvalid: 'From must be before To',
  instantInvalid: 'From and To must be dates and times (ISO 8601)',
} as const;

/**
 * Whether a URL is one an endpoint may have: https (http too when `allowHttp`, the development
 * setting), a host, no user name or password. Where it points is checked when it is called (the
 * address actually connected to), not here: a name may resolve anywhere later.
 */
export function webhookUrlProblem(raw: string, allowHttp = false): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return webhookMessages.urlInvalid;
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) return webhookMessages.urlInvalid;
  if (url.hostname === '') return webhookMessages.urlInvalid;
  if (url.username !== '' || url.password !== '') return webhookMessages.urlWithCredentials;
  return null;
}

/** The URL as the form and the API check it (https only; the server lets http through in development). */
export const webhookUrlField = (allowHttp = false) =>
  v.pipe(
    requiredText(webhookLimits.url, webhookMessages.urlRequired, webhookMessages.urlTooLong),
    v.check((url) => webhookUrlProblem(url, allowHttp) !== webhookMessages.urlWithCredentials, webhookMessages.urlWithCredentials),
    v.check((url) => webhookUrlProblem(url, allowHttp) === null, webhookMessages.urlInvalid),
  );

const eventsField = v.pipe(
  v.array(v.picklist(webhookEventTypes, webhookMessages.eventsInvalid), webhookMessages.eventsRequired),
  v.minLength(1, webhookMessages.eventsRequired),
  v.maxLength(webhookEventTypes.length, webhookMessages.eventsInvalid),
  v.transform((events) => webhookEventTypes.filter((type) => events.includes(type))),
);
const descriptionField = optionalText(webhookLimits.description, webhookMessages.descriptionTooLong);

/** `POST /webhooks/endpoints`: where, which events, active unless said otherwise. */
export const webhookEndpointCreateSchema = (allowHttp = false) =>
  objectWith(
    {
      url: webhookUrlField(allowHttp),
      events: eventsField,
      active: v.optional(flag('active'), true),
      description: descriptionField,
    },
    { url: webhookMessages.urlRequired, events: webhookMessages.eventsRequired },
  );
export type WebhookEndpointCreate = v.InferInput<ReturnType<typeof webhookEndpointCreateSchema>>;

/** `PATCH /webhooks/endpoints/{id}`: any of them; `version` optional (sent: a stale one is 409). */
export const webhookEndpointPatchSchema = (allowHttp = false) =>
  v.object({
    version: v.optional(versionField),
    url: v.optional(webhookUrlField(allowHttp)),
    events: v.optional(eventsField),
    active: v.optional(flag('active')),
    description: descriptionField,
  });
export type WebhookEndpointPatch = v.InferInput<ReturnType<typeof webhookEndpointPatchSchema>>;

const instant = v.pipe(v.string(webhookMessages.instantInvalid), v.trim(), v.isoTimestamp(webhookMessages.instantInvalid));

/** `POST /webhooks/endpoints/{id}/resend`: one event (`eventId`) or every event of a time range. */
export const webhookResendSchema = v.pipe(
  v.object({
    eventId: v.optional(v.pipe(v.string(), v.uuid('Event must be an event id'), v.toLowerCase())),
    from: v.optional(instant),
    to: v.optional(instant),
  }),
  v.check((body) => body.eventId !== undefined || (body.from !== undefined && body.to !== undefined), 'Send an event or a time range (from and to)'),
  v.forward(
    v.check((body) => body.from === undefined || body.to === undefined || new Date(body.from) < new Date(body.to), webhookMessages.rangeInvalid),
    ['from'],
  ),
);
export type WebhookResend = v.InferInput<typeof webhookResendSchema>;

/** A secret as issued: `whsec_` and 32 random bytes in base64 (Standard Webhooks' form). */
export const webhookSecretPattern = /^whsec_[A-Za-z0-9+/]{43}=$/;

/** How long a rotated secret keeps signing beside the new one, so receivers can switch without losing an event. */
export const webhookSecretOverlapMs = 24 * 60 * 60 * 1000;

export type WebhookEndpoint = CommonFields & {
  resourceType: 'WebhookEndpoint';
  url: string;
  description: string | null;
  events: WebhookEventType[];
  active: boolean;
  /** Why the platform turned it off ('The endpoint answered 410 Gone'), null otherwise. */
  disabledReason: string | null;
  /** Since when every attempt has failed (null: the last one succeeded, or none was made). */
  failingSince: string | null;
  /** The secret's first characters, so an administrator can tell which secret a receiver holds. */
  secretHint: string;
  /** Until when the previous secret signs too (after a rotation), null otherwise. */
  previousSecretExpiresAt: string | null;
};

/** `GET /webhooks/endpoints`: the account's endpoints. */
export type WebhookEndpointList = { items: WebhookEndpoint[] };

/** `POST /webhooks/endpoints` and `POST …/rotate-secret`: the endpoint and its secret, shown this once. */
export type WebhookEndpointWithSecret = WebhookEndpoint & { secret: string };

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event as an endpoint's delivery log shows it, with its attempts, newest first. */
export type WebhookDelivery = {
  eventId: string;
  type: WebhookEventType;
  recordId: string;
  createdAt: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  log: WebhookAttempt[];
};

export type WebhookAttempt = {
  at: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
};

export type WebhookDeliveryList = { items: WebhookDelivery[] };

/** `POST /webhooks/endpoints/{id}/resend`: how many events go out again. */
export type WebhookResent = { resent: number };
