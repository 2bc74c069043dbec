import { practiceTeamMessages } from '../../../domain/practice-teams.ts';
import { CreateScreen, useCreateRecord } from '../../components/ui/create-screen.tsx';
import { emptyPracticeTeam, PracticeTeamForm, toPracticeTeamBody } from './practice-team-form.tsx';
import { useCreatePracticeTeam } from './queries.ts';

/** Create practice team: on success the new team's page, where members are added. */
export function PracticeTeamCreateScreen() {
  const { handleSubmit, cancel } = useCreateRecord({
    create: useCreatePracticeTeam(),
    toBody: toPracticeTeamBody,
    savedMessage: practiceTeamMessages.added,
    list: '/practice/teams',
    then: { record: '/practice/teams/$teamId' },
  });
  return (
    <CreateScreen title="Create practice team" back={{ to: '/practice/teams', label: 'Practice Teams' }}>
      <PracticeTeamForm label="Create practice team" defaultValues={emptyPracticeTeam} onSubmit={handleSubmit} onCancel={cancel} />
    </CreateScreen>
  );
}
