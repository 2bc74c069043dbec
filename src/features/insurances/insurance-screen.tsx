import { messages } from '../../../domain/messages.ts';
import { insuranceFlags, type Insurance } from '../../../domain/insurances.ts';
import { Chip, ChipList } from '../../components/ui/chip.tsx';
import { Empty } from '../../components/ui/description-list.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { RecordById, RecordPage, useRecordEdit } from '../../components/ui/record-page.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useDeleteRecord, useEditMode } from '../../lib/record-detail.ts';
import { InsuranceForm, insuranceConflictFields, toInsuranceBody, toInsuranceValues } from './insurance-form.tsx';
import { insuranceDeleteTarget, insuranceQuery, useUpdateInsurance } from './queries.ts';

/** An insurance plan's page (also shown in the side panel): view mode, Edit turns it into the form, Save returns to view. */
export function InsuranceScreen({ insuranceId }: { insuranceId: string }) {
  return <RecordById query={insuranceQuery} id={insuranceId} label="Loading insurance…">{(data) => <InsuranceDetail insurance={data} />}</RecordById>;
}

function chips(values: string[], label: string, mono = false) {
  if (values.length === 0) return <Empty />;
  return (
    <ChipList label={label}>
      {values.map((value) => (
        <li key={value}>
          <Chip className={mono ? 'font-mono' : undefined}>{value}</Chip>
        </li>
      ))}
    </ChipList>
  );
}

function InsuranceDetail({ insurance }: { insurance: Insurance }) {
  const edit = useEditMode();
  const account = useAccountKey();
  const remove = useDeleteRecord(insuranceDeleteTarget(account, { id: insurance.id, name: insurance.insurancePlanName }), {
    own: `/practice/insurances/${insurance.id}`,
    list: '/practice/insurances',
  });
  return (
    <RecordPage
      record={insurance}
      kind="Insurance"
      idPrefix="insurance"
      title={insurance.insurancePlanName}
      description={insurance.isInNetwork ? 'In network' : 'Out of network'}
      back={{ to: '/practice/insurances', label: 'Insurances' }}
      resource="/insurances/{id}"
      edit={edit}
      remove={remove}
      editForm={<InsuranceEdit initial={insurance} onDone={edit.leaveEdit} />}
      items={[
        { label: 'Plan name', value: insurance.insurancePlanName },
        { label: 'Insurance types', value: chips(insurance.insuranceType, 'Insurance types') },
        { label: 'Plan prefixes', value: chips(insurance.planPrefix, 'Plan prefixes', true) },
        ...insuranceFlags.map(([flag, label]) => ({ label, value: <YesNo value={insurance[flag]} /> })),
      ]}
    />
  );
}

function InsuranceEdit({ initial, onDone }: { initial: Insurance; onDone(): void }) {
  const { base, notice, submit, defaultValues } = useRecordEdit({
    initial,
    update: useUpdateInsurance(initial.id),
    current: insuranceQuery(useAccountKey(), initial.id),
    toBody: toInsuranceBody,
    toValues: toInsuranceValues,
    conflictFields: insuranceConflictFields,
    savedMessage: messages.insuranceSaved,
    onDone,
  });
  return <InsuranceForm key={base.version} label="Edit insurance" defaultValues={defaultValues} onSubmit={submit} onCancel={onDone} notice={notice} focusFirstField />;
}
