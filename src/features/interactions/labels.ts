import { unnamedPartyLabels, type InteractionDirection, type InteractionStatus, type InteractionType } from '../../../domain/interaction-kinds.ts';
import type { EscalationType } from '../../../domain/interactions.ts';
import { phoneLabel } from '../../lib/format.ts';

/** How each direction reads in the list and on the detail. */
export const directionLabels: Record<InteractionDirection, string> = {
  inbound: 'Inbound',
  outbound: 'Outbound',
  callback: 'Callback',
  api: 'API',
  webrtc_api: 'Web call',
  external_outbound: 'External outbound',
};

export const statusLabels: Record<InteractionStatus, string> = {
  queued: 'Queued',
  active: 'Active',
  'wrap-up': 'Wrap-up',
  completed: 'Completed',
  abandoned: 'Abandoned',
  'follow-up': 'Follow-up',
};

export const escalationLabels: Record<EscalationType, string> = {
  clinical: 'Clinical',
  supervisor: 'Supervisor',
  complaint: 'Complaint',
  'urgent-symptom': 'Urgent symptom',
};

/**
 * The caller as a list row names them: the patient's name, else their number, else who they are
 * when nothing names them ("Unknown caller"; a web chat's "Web chat visitor", issue 42).
 */
export const callerName = (row: { type?: InteractionType; patientName: string | null; contactNumber: string | null }) =>
  row.patientName ?? (row.contactNumber ? phoneLabel(row.contactNumber) : unnamedPartyLabels[row.type ?? 'call']);

/** What an interaction is, as the list's Type filter offers it and a chat's row says it (issue 42). */
export const typeLabels: Record<InteractionType, string> = { call: 'Calls', chat: 'Web chats' };

/** The list's Type cell: a web chat says so; a call, how it began (Inbound, Outbound…). */
export const kindLabel = (row: { type?: InteractionType; direction: InteractionDirection }) => (row.type === 'chat' ? 'Web chat' : (directionLabels[row.direction] ?? row.direction));

// Phone numbers are written by the one shared formatter (the palette's search hits use it too).
export { phoneLabel };
