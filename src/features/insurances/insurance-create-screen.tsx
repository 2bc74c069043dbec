import { messages } from '../../../domain/messages.ts';
import { CreateScreen, useCreateRecord } from '../../components/ui/create-screen.tsx';
import { emptyInsurance, InsuranceForm, toInsuranceBody } from './insurance-form.tsx';
import { useCreateInsurance } from './queries.ts';

/** Create insurance: on success the new plan's page. */
export function InsuranceCreateScreen() {
  const { handleSubmit, cancel } = useCreateRecord({
    create: useCreateInsurance(),
    toBody: toInsuranceBody,
    savedMessage: messages.insuranceAdded,
    list: '/practice/insurances',
    then: { record: '/practice/insurances/$insuranceId' },
  });
  return (
    <CreateScreen title="Create insurance" back={{ to: '/practice/insurances', label: 'Insurances' }}>
      <InsuranceForm label="Create insurance" defaultValues={emptyInsurance} onSubmit={handleSubmit} onCancel={cancel} />
    </CreateScreen>
  );
}
