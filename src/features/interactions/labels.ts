import type { InteractionDirection, InteractionStatus } from '../../../domain/interaction-kinds.ts';
import type { EscalationType } from '../../../domain/interactions.ts';

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
export const callerName = (row: { patientName: string | null; contactNumber: string | null }) => row.patientName ?? row.contactNumber ?? 'Unknown caller';

/** An E.164 number of the North American plan as people write it (+1 555 123 4567 → (555) 123-4567); others as stored. */
export function phoneLabel(number: string | null | undefined): string {
  if (!number) return '—';
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(number);
  return nanp ? `(${nanp[1]}) ${nanp[2]}-${nanp[3]}` : number;
}
