/**
 * The texts of the call history (issue 26): interactions, their comments and recordings, and
 * Insights. Kept apart from domain/messages.ts so they load with the screens that show them, not
 * with the first screen (domain/fields.test.ts walks this set like the others). Bounds are ours.
 */
export const interactionMessages = {
  interactionNotFound: 'Interaction Not Found',
  interactionStartRequired: 'Start time is required',
  interactionInstantInvalid: 'Time must be a date and time in ISO 8601, for example 2026-03-02T14:00:00Z',
  interactionDirectionInvalid: 'Direction must be one of inbound, outbound, callback, api, webrtc_api or external_outbound',
  interactionStatusInvalid: 'Status must be one of queued, active, wrap-up, completed, abandoned or follow-up',
  interactionTypeInvalid: 'Type must be call or chat',
  interactionEscalationInvalid: 'Escalation type must be one of clinical, supervisor, complaint or urgent-symptom',
  interactionPhoneInvalid: 'Contact number must be a US phone number of 10 digits, for example (555) 123-4567',
  interactionNotesTooLong: 'Agent notes must be at most 10000 characters',
  interactionDispositionTooLong: 'Disposition must be at most 100 characters',
  interactionTextTooLong: 'This text must be at most 1000 characters',
  interactionTooMany: 'This list is too long',
  interactionEventTypeInvalid: 'Event type must be 1 to 64 letters, digits, _ or -',
  interactionDetailsInvalid: 'Details must be an object of at most 16 KB of storable text',
  interactionEndBeforeStart: 'The end time cannot be before the start time',
  commentRequired: 'Comment is required',
  commentTooLong: 'A comment must be at most 5000 characters',
  commentContentTypeInvalid: 'Content type must be text/plain or text/markdown',
  commentMentionUnknown: 'A mentioned user is not a user of this account',
  commentAttachmentInvalid: 'Each attachment needs a name and an https or portal URL',
  interactionAdded: 'Successfully Added Interaction',
  interactionSaved: 'Successfully Saved Interaction',
  commentAdded: 'Successfully Added Comment',
  metricsRangeReversed: "The end date must not come before the start date",
  metricsRangeTooLong: 'The date range may hold at most 366 days',
  realtimeUnavailable: 'The contact center is not reachable right now, so live queue figures are not shown.',
  recordingNotFound: 'That recording does not exist in this interaction.',
  recordingPathInvalid: 'The recording path is not valid.',
  recordingRangeNotSatisfiable: 'The requested range is not within the recording.',
  recordingsUnavailable: 'The recordings store is not reachable right now. Please try again later.',
} as const;
