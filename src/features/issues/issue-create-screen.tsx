import { messages } from '../../../domain/messages.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../lib/toast.ts';
import { emptyIssue, IssueForm, toIssueBody, type IssueValues } from './issue-form.tsx';
import { useCreateIssue } from './queries.ts';

/** Create issue: on success the new issue's page. */
export function IssueCreateScreen() {
  const create = useCreateIssue();
  const navigate = useNavigate();
  const toast = useToast();

  const handleSubmit = async (values: IssueValues) => {
    const created = await create.mutateAsync(toIssueBody(values));
    toast('success', messages.issueAdded);
    await navigate({ to: '/practice/issues/$issueId', params: { issueId: created.id }, ignoreBlocker: true });
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Create issue"
        back={
          <Link to="/practice/issues" className="text-brand-700 hover:underline dark:text-brand-100">
            <span aria-hidden="true">← </span>Issues
          </Link>
        }
      />
      <IssueForm label="Create issue" defaultValues={emptyIssue} onSubmit={handleSubmit} onCancel={() => void navigate({ to: '/practice/issues' })} />
    </div>
  );
}
