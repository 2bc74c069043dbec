import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Workflow } from '../../../domain/workflows.ts';
import { conflictRows } from '../../components/ui/conflict-notice.tsx';
import { BackLink, PageHeader } from '../../components/ui/page-header.tsx';
import { RecordById } from '../../components/ui/record-page.tsx';
import { useVersionedSave } from '../../components/ui/versioned-save.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useToast } from '../../lib/toast.ts';
import { toWorkflowPatch, toWorkflowValues, workflowConflictFields, WorkflowForm, type WorkflowValues } from './workflow-form.tsx';
import { useUpdateWorkflow, workflowQuery } from './queries.ts';

/** Issue 43: a workflow's title, description and tasks, edited; a stale save shows what changed. */
export function WorkflowEditScreen({ workflowId }: { workflowId: string }) {
  return (
    <RecordById query={workflowQuery} id={workflowId} fresh label="Loading workflow…">
      {(workflow) => <WorkflowEdit initial={workflow} />}
    </RecordById>
  );
}

function WorkflowEdit({ initial }: { initial: Workflow }) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const update = useUpdateWorkflow(initial.id);
  const toWorkflow = () => navigate({ to: '/workflows/$workflowId', params: { workflowId: initial.id }, ignoreBlocker: true });
  const { base, notice, submit } = useVersionedSave({
    initial,
    save: (values: WorkflowValues, version) => update.mutateAsync({ version, ...toWorkflowPatch(values) }),
    fetchCurrent: () => queryClient.fetchQuery({ ...workflowQuery(account, initial.id), staleTime: 0 }),
    onSaved: async () => {
      toast('success', `Workflow “${initial.title}” saved.`);
      await toWorkflow();
    },
    conflictRows: (mine, current) => conflictRows(workflowConflictFields, mine, toWorkflowValues(current)),
    saving: update.isPending,
  });
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={`Edit ${base.title}`} back={<BackLink to="/workflows/$workflowId" id={base.id}>{base.title}</BackLink>} />
      <Form key={base.version} base={base} notice={notice} submit={submit} cancel={() => void toWorkflow()} />
    </div>
  );
}

/** The form of one saved version (keyed by it: a reload after a conflict starts again from the saved one). */
function Form({ base, notice, submit, cancel }: { base: Workflow; notice: React.ReactNode; submit(values: WorkflowValues): Promise<void>; cancel(): void }) {
  const [defaults] = useState(() => toWorkflowValues(base));
  return <WorkflowForm mode="edit" label="Edit workflow" submitLabel="Save Changes" defaultValues={defaults} onSubmit={submit} onCancel={cancel} notice={notice} />;
}
