import { CreateScreen, useCreateRecord } from '../../components/ui/create-screen.tsx';
import { emptyWorkflow, toWorkflowBody, WorkflowForm } from './workflow-form.tsx';
import { useCreateWorkflow } from './queries.ts';
import { useState } from 'react';

const title = 'Create New Workflow';

/** Issue 43: a new workflow; after the save, its page. */
export function WorkflowCreateScreen() {
  const { handleSubmit, cancel } = useCreateRecord({
    create: useCreateWorkflow(),
    toBody: toWorkflowBody,
    savedMessage: (values) => `Workflow “${values.title.trim()}” created.`,
    list: '/workflows',
    then: { record: '/workflows/$workflowId' },
  });
  // One blank workflow per visit (its first task's key is made once).
  const [defaults] = useState(emptyWorkflow);
  return (
    <CreateScreen title={title} back={{ to: '/workflows', label: 'Task Workflows' }}>
      <WorkflowForm mode="create" label={title} submitLabel="Create Workflow" defaultValues={defaults} onSubmit={handleSubmit} onCancel={cancel} />
    </CreateScreen>
  );
}
