import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CreateScreen, useCreateRecord } from '../../components/ui/create-screen.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useCan } from '../../lib/policy.ts';
import { emptyMaskedCall, MaskedCallForm, toMaskedCallBody, type MaskedCallPrefill } from './masked-call-form.tsx';
import { notTexted } from './parts.tsx';
import { maskedCallPersonQuery, useCreateMaskedCall } from './queries.ts';

/**
 * Set up masked call: on success the new session's page, which shows the link to copy. Opened from
 * a person's page or a call's page, the form starts with what that page knows (`prefill`).
 */
export function MaskedCallCreateScreen({ prefill = {} }: { prefill?: MaskedCallPrefill }) {
  const { personId = '', interactionId = '', patientNumber = '' } = prefill;
  const { handleSubmit, cancel } = useCreateRecord({
    create: useCreateMaskedCall(),
    toBody: toMaskedCallBody,
    // A text the platform refused (an opted-out number, issue 42) is said with its reason, not as sent.
    savedMessage: (values, created) =>
      !values.sendText
        ? 'Masked call set up: copy the link for the patient.'
        : notTexted(created.textStatus)
          ? `Masked call set up, but the link was not texted. ${notTexted(created.textStatus)} Copy the link for the patient.`
          : 'Masked call set up; the link is being texted to the patient.',
    list: '/practice/masked-calls',
    then: { record: '/practice/masked-calls/$sessionId' },
  });
  const defaultValues = useMemo(() => emptyMaskedCall({ personId, interactionId, patientNumber }), [personId, interactionId, patientNumber]);
  const mayReadPersons = useCan('/person/persons/{id}', 'GET');
  const person = useQuery({ ...maskedCallPersonQuery(useAccountKey(), personId), enabled: personId !== '' && mayReadPersons });
  return (
    <CreateScreen title="Set up masked call" back={{ to: '/practice/masked-calls', label: 'Masked calls' }}>
      <MaskedCallForm label="Set up masked call" defaultValues={defaultValues} onSubmit={handleSubmit} onCancel={cancel} personName={person.data?.displayName} />
    </CreateScreen>
  );
}
