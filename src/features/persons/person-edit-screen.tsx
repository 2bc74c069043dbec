import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { messages } from '../../../domain/messages.ts';
import { genders, languageLabel, type Person } from '../../../domain/persons.ts';
import { NotFound } from '../../components/shell/not-found.tsx';
import { ConflictNotice, conflictRows } from '../../components/ui/conflict-notice.tsx';
import { DetailSkeleton, LoadError } from '../../components/ui/load-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { isConflict, isNotFound } from '../../lib/form.ts';
import { fullName } from './name-format.ts';
import { PersonForm, personToValues, toPatchBody, type PersonFormValues } from './person-form.tsx';
import { personQuery, useUpdatePerson } from './queries.ts';

export function PersonEditScreen({ personId }: { personId: string }) {
  const person = useQuery({ ...personQuery(useAccountKey(), personId), refetchOnMount: 'always' });
  if (person.isPending) return <DetailSkeleton label="Loading person…" />;
  if (person.isError) {
    if (isNotFound(person.error)) return <NotFound />;
    return <LoadError message={messages.tryAgain} onRetry={() => void person.refetch()} />;
  }
  return <PersonEdit initial={person.data} />;
}

type Conflict = { mine: PersonFormValues; current: Person };

/**
 * Editing a person. The version the form started from goes with the save; a 409 (someone saved
 * in between) is never overwritten silently: the current values are shown next to the user's,
 * who then reloads theirs or overwrites them knowingly.
 */
function PersonEdit({ initial }: { initial: Person }) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const update = useUpdatePerson(initial.id);
  // The record the form is based on: replaced when the user reloads after a conflict.
  const [base, setBase] = useState(initial);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const done = () => navigate({ to: '/practice/persons/$personId', params: { personId: initial.id }, ignoreBlocker: true });

  const save = async (values: PersonFormValues, version: number) => {
    try {
      await update.mutateAsync(toPatchBody(values, version));
    } catch (error) {
      if (!isConflict(error)) throw error;
      const current = await queryClient.fetchQuery({ ...personQuery(account, initial.id), staleTime: 0 });
      setConflict({ mine: values, current });
      return;
    }
    setConflict(null);
    toast('success', 'Person saved.');
    await done();
  };

  const notice = conflict ? (
    <ConflictNotice
      message={messages.conflict}
      modifiedBy={conflict.current.modifiedBy}
      rows={conflictRows(conflictFields, conflict.mine, personToValues(conflict.current))}
      onReload={() => {
        setBase(conflict.current);
        setConflict(null);
      }}
      onOverwrite={() => void save(conflict.mine, conflict.current.version).catch(() => toast('error', messages.personNotUpdated))}
      overwriting={update.isPending}
    />
  ) : null;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={`Edit ${base.displayName || 'person'}`}
        back={
          <Link to="/practice/persons/$personId" params={{ personId: base.id }} className="text-brand-700 hover:underline dark:text-brand-100">
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
        onSubmit={(values) => save(values, base.version)}
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
