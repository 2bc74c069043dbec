import { messages } from '../../../domain/messages.ts';
import { CreateScreen, useCreateRecord } from '../../components/ui/create-screen.tsx';
import { emptyIssue, IssueForm, toIssueBody } from './issue-form.tsx';
import { useCreateIssue } from './queries.ts';

/** Create issue: on success the new issue's page. */
export function IssueCreateScreen() {
  const { handleSubmit, cancel } = useCreateRecord({
    create: useCreateIssue(),
    toBody: toIssueBody,
    savedMessage: messages.issueAdded,
    list: '/practice/issues',
    then: { record: '/practice/issues/$issueId' },
  });
  return (
    <CreateScreen title="Create issue" back={{ to: '/practice/issues', label: 'Issues' }}>
      <IssueForm label="Create issue" defaultValues={emptyIssue} onSubmit={handleSubmit} onCancel={cancel} />
    </CreateScreen>
  );
}
