import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Issue } from '../../../domain/issues.ts';
import { messages } from '../../../domain/messages.ts';
import { NotFound } from '../../components/shell/not-found.tsx';
import { Button } from '../../components/ui/button.tsx';
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
import { IssueForm, issueConflictFields, toIssueBody, toIssueValues, type IssueValues } from './issue-form.tsx';
import { issueDeleteTarget, issueQuery, useUpdateIssue } from './queries.ts';

/** An issue's page (also shown in the side panel): view mode, Edit turns it into the form, Save returns to view. */
export function IssueScreen({ issueId }: { issueId: string }) {
  const issue = useQuery(issueQuery(useAccountKey(), issueId));
  if (issue.isPending) return <DetailSkeleton label="Loading issue…" />;
  if (issue.isError) {
    if (isNotFound(issue.error)) return <NotFound />;
    return <LoadError message={messages.tryAgain} onRetry={() => void issue.refetch()} />;
  }
  return <IssueDetail issue={issue.data} />;
}

function IssueDetail({ issue }: { issue: Issue }) {
  const { editing, editButton, startEditing, leaveEdit } = useEditMode();
  const stamps = useRecordStamps(issue);
  const account = useAccountKey();
  const { deleting, deleteRecord } = useDeleteRecord(issueDeleteTarget(account, { id: issue.id, name: issue.name }), {
    own: `/practice/issues/${issue.id}`,
    list: '/practice/issues',
  });
  const titleId = `issue-${issue.id}-title`;

  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={issue.name}
        description={issue.urgent ? 'Urgent: agents triage these calls first.' : undefined}
        back={
          <Link to="/practice/issues" className="text-brand-700 hover:underline dark:text-brand-100">
            <span aria-hidden="true">← </span>Issues
          </Link>
        }
        actions={
          editing ? null : (
            <>
              <Permitted requires={{ resource: '/issues/{id}', method: 'DELETE' }}>
                <Button variant="secondary" onClick={() => void deleteRecord()} disabled={deleting}>
                  Delete
                </Button>
              </Permitted>
              <Permitted requires={{ resource: '/issues/{id}', method: 'PATCH' }}>
                <Button ref={editButton} onClick={startEditing}>
                  Edit
                </Button>
              </Permitted>
            </>
          )
        }
      />
      {editing ? (
        <IssueEdit initial={issue} onDone={leaveEdit} />
      ) : (
        <Card title="Issue" titleId={`${titleId}-details`}>
          <DescriptionList
            items={[
              { label: 'Id', value: <span className="font-mono text-xs break-all">{issue.id}</span> },
              { label: 'Name', value: issue.name },
              { label: 'Category', value: issue.category ?? <Empty /> },
              { label: 'Urgent', value: <YesNo value={issue.urgent} /> },
              { label: 'Active', value: <YesNo value={issue.active} /> },
              { label: 'Description', value: issue.description ? <span className="whitespace-pre-wrap">{issue.description}</span> : <Empty /> },
              ...stamps,
            ]}
          />
        </Card>
      )}
      <RecordSections resourceType="Issue" resourceId={issue.id} editable />
    </article>
  );
}

/** Edit mode: a save names the version it edited; a 409 shows the conflict notice instead of overwriting. */
function IssueEdit({ initial, onDone }: { initial: Issue; onDone(): void }) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  const toast = useToast();
  const update = useUpdateIssue(initial.id);
  const { base, notice, submit } = useVersionedSave({
    initial,
    save: (values: IssueValues, version) => update.mutateAsync({ version, ...toIssueBody(values) }),
    fetchCurrent: () => queryClient.fetchQuery({ ...issueQuery(account, initial.id), staleTime: 0 }),
    onSaved: async () => {
      toast('success', 'Issue saved.');
      onDone();
    },
    conflictRows: (mine, current) => conflictRows(issueConflictFields, mine, toIssueValues(current)),
    saving: update.isPending,
  });
  return <IssueForm key={base.version} label="Edit issue" defaultValues={toIssueValues(base)} onSubmit={submit} onCancel={onDone} notice={notice} focusFirstField />;
}
