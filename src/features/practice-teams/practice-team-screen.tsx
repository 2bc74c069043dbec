import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { messages } from '../../../domain/messages.ts';
import { practiceTeamLimits, practiceTeamMessages, type PracticeTeam, type PracticeTeamMember } from '../../../domain/practice-teams.ts';
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
import { candidatesQuery, practiceTeamDeleteTarget, practiceTeamMembersQuery, practiceTeamQuery, useTeamMembership, useUpdatePracticeTeam } from './queries.ts';

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

/**
 * The page a member's chip opens: the practitioner's, else the user's, whichever the role may read
 * (a team's members are staff), else the person's.
 */
function useMemberPage() {
  const practitioners = useCan('/person/practitioners/{id}', 'GET');
  const users = useCan('/person/users/{id}', 'GET');
  return (member: Pick<PracticeTeamMember, 'isUser' | 'isPractitioner'> | undefined) => {
    if (member?.isPractitioner && practitioners) return '/practice/practitioners/$personId' as const;
    if (member?.isUser && users) return '/practice/users/$personId' as const;
    return '/practice/persons/$personId' as const;
  };
}

const failure = (error: unknown) => (error instanceof ApiRequestError ? error.message : messages.serverError);

/**
 * The team's members (spec §3 Team member): the practice's users and practitioners as chips, each
 * linking to the member's record page (issue 40), and for roles that may change the team an **Add
 * Member** picker searched by name, by keyboard. Removing a chip (×, or Backspace/Delete on it)
 * removes the member at once, with Undo in the toast. Members the role may not read are counted,
 * never named.
 */
function MembersSection({ team }: { team: PracticeTeam }) {
  const account = useAccountKey();
  const members = useQuery(practiceTeamMembersQuery(account, team.id));
  const editable = useCan('/teams/teams/{id}', 'PATCH');
  const memberPage = useMemberPage();
  const byId = new Map((members.data?.items ?? []).map((m) => [m.personId, m]));
  const hidden = members.data?.hidden ?? 0;
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
    <Card title={`Members (${members.data ? members.data.items.length + hidden : team.memberCount})`} titleId={titleId}>
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
          linked
          renderLink={(p) => (
            <Link to={memberPage(byId.get(p.id))} params={{ personId: p.id }} className="underline-offset-2 hover:underline">
              {p.name}
            </Link>
          )}
          addLabel="Add Member"
          noun={{ a: 'a person', one: 'person', many: 'persons' }}
          listLabel="Users and practitioners to add"
          search={(q) => candidatesQuery(account, team.id, q)}
          already="a member"
          max={practiceTeamLimits.members}
          limitMessage={practiceTeamMessages.full}
        />
      )}
      {hidden > 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {hidden === 1 ? '1 more member' : `${hidden} more members`} whose records your role may not read.
        </p>
      ) : null}
    </Card>
  );
}
