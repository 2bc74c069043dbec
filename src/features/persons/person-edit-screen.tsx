import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { messages } from '../../../domain/messages.ts';
import { genders, languageLabel, type Person } from '../../../domain/persons.ts';
import { conflictRows } from '../../components/ui/conflict-notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../lib/toast.ts';
import { useVersionedSave } from '../../components/ui/versioned-save.tsx';
import { RecordById } from '../../components/ui/record-page.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { fullName } from './name-format.ts';
import { PersonForm, personToValues, toPatchBody, type PersonFormValues } from './person-form.tsx';
import { personQuery, useUpdatePerson } from './queries.ts';

export function PersonEditScreen({ personId }: { personId: string }) {
  return <RecordById query={personQuery} id={personId} fresh label="Loading person…">{(data) => <PersonEdit initial={data} />}</RecordById>;
}

/**
 * Editing a person. The version the form started from goes with the save; a 409 (someone saved
 * in between) is never overwritten silently (see useVersionedSave).
 */
function PersonEdit({ initial }: { initial: Person }) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const update = useUpdatePerson(initial.id);
  const { base, notice, submit } = useVersionedSave({
    initial,
    save: (values: PersonFormValues, version) => update.mutateAsync(toPatchBody(values, version)),
    fetchCurrent: () => queryClient.fetchQuery({ ...personQuery(account, initial.id), staleTime: 0 }),
    onSaved: () => {
      toast('success', messages.personSaved);
      return navigate({ to: '/practice/persons/$personId', params: { personId: initial.id }, ignoreBlocker: true });
    },
    conflictRows: (mine, current) => conflictRows(conflictFields, mine, personToValues(current)),
    overwriteFailure: () => messages.personNotUpdated,
    saving: update.isPending,
  });

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={`Edit ${base.displayName || 'person'}`}
        back={
          <Link to="/practice/persons/$personId" params={{ personId: base.id }} className="text-brand-700 hover:underline dark:text-brand-300">
            <span aria-hidden="true">← </span>
            {base.displayName || 'Person'}
          </Link>
        }
      />
      <PersonForm
        // A reload after a conflict starts the form again from the current record.
        key={base.version}
        mode="edit"
        defaultValues={personToValues(base)}
        submitLabel="Save Changes"
        failureMessage={messages.personNotUpdated}
        onSubmit={submit}
        onCancel={() => void navigate({ to: '/practice/persons/$personId', params: { personId: base.id } })}
        notice={notice}
      />
    </div>
  );
}

const conflictFields: { label: string; show(values: PersonFormValues): string }[] = [
  { label: 'Names', show: (v) => v.name.map((n) => `${fullName(n)} (${n.use})`).join('; ') || '—' },
  { label: 'Gender', show: (v) => genders.find((g) => g.value === v.gender)?.label ?? '—' },
  { label: 'Organizational Role', show: (v) => v.orgRole || '—' },
  {
    label: 'Communication languages',
    show: (v) => v.communication.map((c) => `${languageLabel(c.code)}${c.preferred ? ' (preferred)' : ''}`).join(', ') || '—',
  },
];
