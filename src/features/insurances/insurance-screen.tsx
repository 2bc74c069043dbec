import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { insuranceFlags, type Insurance } from '../../../domain/insurances.ts';
import { messages } from '../../../domain/messages.ts';
import { NotFound } from '../../components/shell/not-found.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Chip, ChipList } from '../../components/ui/chip.tsx';
import { conflictRows } from '../../components/ui/conflict-notice.tsx';
import { Card, DescriptionList, Empty } from '../../components/ui/description-list.tsx';
import { DetailSkeleton, LoadError } from '../../components/ui/load-state.tsx';
import { PageHeader, YesNo } from '../../components/ui/page-header.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { useRecordStamps } from '../../components/ui/record-stamps.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useVersionedSave } from '../../components/ui/versioned-save.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { isNotFound } from '../../lib/form.ts';
import { RecordSections } from '../../lib/record-sections.tsx';
import { useDeleteRecord, useEditMode } from '../../lib/record-detail.ts';
import { InsuranceForm, insuranceConflictFields, toInsuranceBody, toInsuranceValues, type InsuranceValues } from './insurance-form.tsx';
import { insuranceDeleteTarget, insuranceQuery, useUpdateInsurance } from './queries.ts';

/** An insurance plan's page (also shown in the side panel): view mode, Edit turns it into the form, Save returns to view. */
export function InsuranceScreen({ insuranceId }: { insuranceId: string }) {
  const insurance = useQuery(insuranceQuery(useAccountKey(), insuranceId));
  if (insurance.isPending) return <DetailSkeleton label="Loading insurance…" />;
  if (insurance.isError) {
    if (isNotFound(insurance.error)) return <NotFound />;
    return <LoadError message={messages.tryAgain} onRetry={() => void insurance.refetch()} />;
  }
  return <InsuranceDetail insurance={insurance.data} />;
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
  const { editing, editButton, startEditing, leaveEdit } = useEditMode();
  const stamps = useRecordStamps(insurance);
  const account = useAccountKey();
  const { deleting, deleteRecord } = useDeleteRecord(insuranceDeleteTarget(account, { id: insurance.id, name: insurance.insurancePlanName }), {
    own: `/practice/insurances/${insurance.id}`,
    list: '/practice/insurances',
  });
  const titleId = `insurance-${insurance.id}-title`;

  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={insurance.insurancePlanName}
        description={insurance.isInNetwork ? 'In network' : 'Out of network'}
        back={
          <Link to="/practice/insurances" className="text-brand-700 hover:underline dark:text-brand-100">
            <span aria-hidden="true">← </span>Insurances
          </Link>
        }
        actions={
          editing ? null : (
            <>
              <Permitted requires={{ resource: '/insurances/{id}', method: 'DELETE' }}>
                <Button variant="secondary" onClick={() => void deleteRecord()} disabled={deleting}>
                  Delete
                </Button>
              </Permitted>
              <Permitted requires={{ resource: '/insurances/{id}', method: 'PATCH' }}>
                <Button ref={editButton} onClick={startEditing}>
                  Edit
                </Button>
              </Permitted>
            </>
          )
        }
      />
      {editing ? (
        <InsuranceEdit initial={insurance} onDone={leaveEdit} />
      ) : (
        <Card title="Insurance" titleId={`${titleId}-details`}>
          <DescriptionList
            items={[
              { label: 'Id', value: <span className="font-mono text-xs break-all">{insurance.id}</span> },
              { label: 'Plan name', value: insurance.insurancePlanName },
              { label: 'Insurance types', value: chips(insurance.insuranceType, 'Insurance types') },
              { label: 'Plan prefixes', value: chips(insurance.planPrefix, 'Plan prefixes', true) },
              ...insuranceFlags.map(([flag, label]) => ({ label, value: <YesNo value={insurance[flag]} /> })),
              ...stamps,
            ]}
          />
        </Card>
      )}
      <RecordSections resourceType="Insurance" resourceId={insurance.id} editable />
    </article>
  );
}

/** Edit mode: a save names the version it edited; a 409 shows the conflict notice instead of overwriting. */
function InsuranceEdit({ initial, onDone }: { initial: Insurance; onDone(): void }) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  const toast = useToast();
  const update = useUpdateInsurance(initial.id);
  const { base, notice, submit } = useVersionedSave({
    initial,
    save: (values: InsuranceValues, version) => update.mutateAsync({ version, ...toInsuranceBody(values) }),
    fetchCurrent: () => queryClient.fetchQuery({ ...insuranceQuery(account, initial.id), staleTime: 0 }),
    onSaved: async () => {
      toast('success', 'Insurance saved.');
      onDone();
    },
    conflictRows: (mine, current) => conflictRows(insuranceConflictFields, mine, toInsuranceValues(current)),
    saving: update.isPending,
  });
  return <InsuranceForm key={base.version} label="Edit insurance" defaultValues={toInsuranceValues(base)} onSubmit={submit} onCancel={onDone} notice={notice} focusFirstField />;
}
