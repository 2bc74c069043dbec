import { messages } from '../../../domain/messages.ts';
import type { Issue } from '../../../domain/issues.ts';
import { Empty } from '../../components/ui/description-list.tsx';
import { YesNo } from '../../components/ui/page-header.tsx';
import { RecordById, RecordPage, useRecordEdit } from '../../components/ui/record-page.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useDeleteRecord, useEditMode } from '../../lib/record-detail.ts';
import { IssueForm, issueConflictFields, toIssueBody, toIssueValues } from './issue-form.tsx';
import { issueDeleteTarget, issueQuery, useUpdateIssue } from './queries.ts';

/** An issue's page (also shown in the side panel): view mode, Edit turns it into the form, Save returns to view. */
export function IssueScreen({ issueId }: { issueId: string }) {
  return <RecordById query={issueQuery} id={issueId} label="Loading issue…">{(data) => <IssueDetail issue={data} />}</RecordById>;
}

function IssueDetail({ issue }: { issue: Issue }) {
  const edit = useEditMode();
  const account = useAccountKey();
  const remove = useDeleteRecord(issueDeleteTarget(account, { id: issue.id, name: issue.name }), {
    own: `/practice/issues/${issue.id}`,
    list: '/practice/issues',
  });
  return (
    <RecordPage
      record={issue}
      kind="Issue"
      idPrefix="issue"
      title={issue.name}
      description={issue.urgent ? 'Urgent: agents triage these calls first.' : undefined}
      back={{ to: '/practice/issues', label: 'Issues' }}
      resource="/issues/{id}"
      edit={edit}
      remove={remove}
      editForm={<IssueEdit initial={issue} onDone={edit.leaveEdit} />}
      items={[
        { label: 'Name', value: issue.name },
        { label: 'Category', value: issue.category ?? <Empty /> },
        { label: 'Urgent', value: <YesNo value={issue.urgent} /> },
        { label: 'Active', value: <YesNo value={issue.active} /> },
        { label: 'Description', value: issue.description ? <span className="whitespace-pre-wrap">{issue.description}</span> : <Empty /> },
      ]}
    />
  );
}

function IssueEdit({ initial, onDone }: { initial: Issue; onDone(): void }) {
  const { base, notice, submit, defaultValues } = useRecordEdit({
    initial,
    update: useUpdateIssue(initial.id),
    current: issueQuery(useAccountKey(), initial.id),
    toBody: toIssueBody,
    toValues: toIssueValues,
    conflictFields: issueConflictFields,
    savedMessage: messages.issueSaved,
    onDone,
  });
  return <IssueForm key={base.version} label="Edit issue" defaultValues={defaultValues} onSubmit={submit} onCancel={onDone} notice={notice} focusFirstField />;
}
