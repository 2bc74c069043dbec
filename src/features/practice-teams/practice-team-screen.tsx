import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { messages } from '../../../domain/messages.ts';
import { practiceTeamLimits, practiceTeamMessages, type PracticeTeam } from '../../../domain/practice-teams.ts';
import { Card, Empty } from '../../components/ui/description-list.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { RecordById, RecordPage, useRecordEdit } from '../../components/ui/record-page.tsx';
import { RecordPicker, type PickedRecord } from '../../components/ui/record-picker.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { useCan } from '../../lib/policy.ts';
import { useDeleteRecord, useEditMode } from '../../lib/record-detail.ts';
import { useToast } from '../../lib/toast.ts';
import { PracticeTeamForm, practiceTeamConflictFields, toPracticeTeamBody, toPracticeTeamValues } from './practice-team-form.tsx';
import { personChoicesQuery, practiceTeamDeleteTarget, practiceTeamMembersQuery, practiceTeamQuery, useTeamMembership, useUpdatePracticeTeam } from './queries.ts';

/** A practice team's page (also shown in the side panel): its details, its members, its tags. */
export function PracticeTeamScreen({ teamId }: { teamId: string }) {
  return <RecordById query={practiceTeamQuery} id={teamId} label="Loading team…">{(data) => <PracticeTeamDetail team={data} />}</RecordById>;
}

function PracticeTeamDetail({ team }: { team: PracticeTeam }) {
  const edit = useEditMode();
  const account = useAccountKey();
  const remove = useDeleteRecord(practiceTeamDeleteTarget(account, { id: team.id, name: team.name }), {
    own: `/practice/teams/${team.id}`,
    list: '/practice/teams',
  });
  return (
    <RecordPage
      record={team}
      kind="Team"
      idPrefix="practice-team"
      title={team.name}
      description={team.type ?? undefined}
      back={{ to: '/practice/teams', label: 'Practice Teams' }}
      resource="/teams/teams/{id}"
      edit={edit}
      remove={remove}
      editForm={<PracticeTeamEdit initial={team} onDone={edit.leaveEdit} />}
      items={[
        { label: 'Name', value: team.name },
        { label: 'Type', value: team.type ?? <Empty /> },
        { label: 'Affiliation', value: team.affiliation ?? <Empty /> },
        { label: 'Viewable', value: <YesNo value={team.isViewable} /> },
        { label: 'Schedulable', value: <YesNo value={team.isSchedulable} /> },
        { label: 'Description', value: team.description ? <span className="whitespace-pre-wrap">{team.description}</span> : <Empty /> },
      ]}
    >
      <MembersSection team={team} />
    </RecordPage>
  );
}

function PracticeTeamEdit({ initial, onDone }: { initial: PracticeTeam; onDone(): void }) {
  const { base, notice, submit, defaultValues } = useRecordEdit({
    initial,
    update: useUpdatePracticeTeam(initial.id),
    current: practiceTeamQuery(useAccountKey(), initial.id),
    toBody: toPracticeTeamBody,
    toValues: toPracticeTeamValues,
    conflictFields: practiceTeamConflictFields,
    savedMessage: practiceTeamMessages.saved,
    onDone,
  });
  return <PracticeTeamForm key={base.version} label="Edit practice team" defaultValues={defaultValues} onSubmit={submit} onCancel={onDone} notice={notice} focusFirstField />;
}

const failure = (error: unknown) => (error instanceof ApiRequestError ? error.message : messages.serverError);

/**
 * The team's members (spec §3 Team member): persons as chips linking to their pages, and for roles
 * that may change the team an **Add Member** picker searched by name, by keyboard. Removing a chip
 * (×, or Backspace/Delete on it) removes the member at once, with Undo in the toast.
 */
function MembersSection({ team }: { team: PracticeTeam }) {
  const account = useAccountKey();
  const members = useQuery(practiceTeamMembersQuery(account, team.id));
  const editable = useCan('/teams/teams/{id}', 'PATCH');
  const { add, remove, shown } = useTeamMembership(team);
  const toast = useToast();
  const titleId = `practice-team-${team.id}-members`;
  const value: PickedRecord[] = (members.data?.items ?? []).map((m) => ({ id: m.personId, name: m.personName }));

  const addMember = async (person: PickedRecord) => {
    shown.added(person);
    try {
      await add.mutateAsync(person);
    } catch (error) {
      toast('error', failure(error));
    }
  };
  const removeMember = async (person: PickedRecord) => {
    shown.removed(person.id);
    try {
      await remove.mutateAsync(person.id);
    } catch (error) {
      toast('error', failure(error));
      return;
    }
    toast('success', `${person.name} removed from “${team.name}”`, { action: { label: 'Undo', undo: true, run: () => void addMember(person) } });
  };
  const handleChange = (next: PickedRecord[]) => {
    for (const person of next) if (!value.some((m) => m.id === person.id)) void addMember(person);
    for (const person of value) if (!next.some((m) => m.id === person.id)) void removeMember(person);
  };

  return (
    <Card title={`Members (${members.data?.items.length ?? team.memberCount})`} titleId={titleId}>
      {members.isError ? (
        <LoadError message={messages.tryAgain} error={members.error} onRetry={() => void members.refetch()} />
      ) : members.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Loading members…</p>
      ) : (
        <RecordPicker
          value={value}
          onChange={handleChange}
          editable={editable}
          label="Members"
          itemName="member"
          renderLink={(p) => (
            <Link to="/practice/persons/$personId" params={{ personId: p.id }} className="underline-offset-2 hover:underline">
              {p.name}
            </Link>
          )}
          addLabel="Add Member"
          noun={{ a: 'a person', one: 'person', many: 'persons' }}
          listLabel="Persons to add"
          search={(q) => personChoicesQuery(account, q)}
          already="a member"
          max={practiceTeamLimits.members}
          limitMessage={practiceTeamMessages.full}
        />
      )}
    </Card>
  );
}
