import type { InteractionDirection, InteractionStatus } from '../../../domain/interaction-kinds.ts';
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

/** The caller as a list row names them: the patient's name, else their number, else unknown. */
export const callerName = (row: { patientName: string | null; contactNumber: string | null }) => row.patientName ?? (row.contactNumber ? phoneLabel(row.contactNumber) : 'Unknown caller');

// Phone numbers are written by the one shared formatter (the palette's search hits use it too).
export { phoneLabel };
