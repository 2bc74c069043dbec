import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { workflowTransitions, type Workflow, type WorkflowStatus } from '../../../domain/workflows.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/description-list.tsx';
import { BackLink, PageHeader } from '../../components/ui/page-header.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { RecordById } from '../../components/ui/record-page.tsx';
import { Token } from '../../components/ui/token.tsx';
import { ApiRequestError } from '../../lib/api.ts';
import { useMeets } from '../../lib/policy.ts';
import { RecordSections } from '../../lib/record-sections.tsx';
import { useToast } from '../../lib/toast.ts';
import { CsvImport } from './import/csv-import.tsx';
import { useUpdateWorkflow, workflowQuery } from './queries.ts';
import { itemSearchDefaults, type ItemListSearch } from './search.ts';
import { AddItemDialog, ItemsTable, When } from './workflow-items.tsx';
import { WholeWords } from '../../components/ui/whole-words.tsx';
import { delayText, itemCountsText, StatusBadge, statusLabels, taskLabels, transitionLabel } from './workflow-parts.tsx';

type WorkflowScreenProps = {
  workflowId: string;
  /** The items table's URL state (the route's); in the side panel the table keeps its own. */
  search?: ItemListSearch;
  onSearchChange?(change: Partial<ItemListSearch>): void;
  /** Add Workflow Item is open, and how it was opened (the new item's source): by its button, or by the palette's "Start workflow". */
  adding?: 'manual' | 'palette' | null;
  onAddingChange?(adding: 'manual' | 'palette' | null): void;
};

/** Spec §2 "Workflows": a workflow's page: its status and actions, its tasks, and its Task Workflow Items. */
export function WorkflowScreen(props: WorkflowScreenProps) {
  return (
    <RecordById query={workflowQuery} id={props.workflowId} label="Loading workflow…">
      {(workflow) => <WorkflowDetail workflow={workflow} {...props} />}
    </RecordById>
  );
}

const patch = { resource: '/workflows/{id}', method: 'PATCH' } as const;
const addItems = { resource: '/workflows/{id}', method: 'POST' } as const;

function WorkflowDetail({ workflow, search: routeSearch, onSearchChange: routeSearchChange, adding: routeAdding, onAddingChange }: WorkflowScreenProps & { workflow: Workflow }) {
  const titleId = `workflow-${workflow.id}-title`;
  const [ownSearch, setOwnSearch] = useState(itemSearchDefaults);
  const search = routeSearch ?? ownSearch;
  const onSearchChange = routeSearchChange ?? ((change: Partial<ItemListSearch>) => setOwnSearch((prev) => ({ ...prev, ...change })));
  const [ownAdding, setOwnAdding] = useState<'manual' | 'palette' | null>(null);
  const adding = routeAdding ?? ownAdding;
  const setAdding = onAddingChange ?? setOwnAdding;
  const mayAdd = useMeets(addItems);
  // Opened from the palette ("Start workflow"), the dialog had no opener to give the focus back to: Add Workflow Item takes it.
  const addButton = useRef<HTMLButtonElement>(null);
  const wasAdding = useRef(adding);
  useEffect(() => {
    if (wasAdding.current && adding === null) {
      requestAnimationFrame(() => {
        if (document.activeElement === document.body || document.activeElement === null) addButton.current?.focus();
      });
    }
    wasAdding.current = adding;
  }, [adding]);
  // "Upload items" (the palette) opens the page at its upload area: focus goes there.
  const hash = useRouterState({ select: (state) => state.location.hash });
  const uploadHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (hash !== 'upload' || !uploadHeading.current) return;
    uploadHeading.current.scrollIntoView({ block: 'start' });
    uploadHeading.current.focus();
  }, [hash]);

  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={<WholeWords text={workflow.title} />}
        description={workflow.description}
        back={<BackLink to="/workflows">Task Workflows</BackLink>}
        actions={
          <>
            <Permitted requires={addItems}>
              <Button ref={addButton} onClick={() => setAdding('manual')}>
                Add Workflow Item
              </Button>
            </Permitted>
            <Permitted requires={patch}>
              <Link className={buttonClass('secondary')} to="/workflows/$workflowId/edit" params={{ workflowId: workflow.id }}>
                Edit
              </Link>
            </Permitted>
          </>
        }
      />
      <StatusCard workflow={workflow} titleId={`${titleId}-status`} />
      <Card title={`Tasks (${workflow.tasks.length})`} titleId={`${titleId}-tasks`}>
        <ol aria-label="Tasks in order" className="flex flex-col gap-2">
          {workflow.tasks.map((task, index) => (
            <li key={index} className="rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-700">
              <p className="font-medium">
                {index + 1}. {taskLabels[task.name]} <span className="font-normal text-slate-700 dark:text-slate-300">{delayText(task)}</span>
              </p>
              {task.name === 'sendSMS' ? <p className="mt-1 break-words text-slate-700 dark:text-slate-300">“{task.variables.text}”</p> : null}
              {task.name === 'jotformCall' ? <p className="mt-1 text-slate-700 dark:text-slate-300">Queue {task.jotformQueueId}</p> : null}
              {task.name !== 'jotformCall' && (task.variables.sourceNumber || task.variables.destinationNumber) ? (
                <p className="mt-1 text-slate-700 dark:text-slate-300">
                  {task.variables.sourceNumber ? <span className="mr-3 whitespace-nowrap">From {task.variables.sourceNumber}</span> : null}
                  {task.variables.destinationNumber ? <span className="whitespace-nowrap">To {task.variables.destinationNumber}</span> : null}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </Card>
      <Card title="Task Workflow Items" titleId={`${titleId}-items`}>
        <p className="-mt-2 mb-3 text-sm text-slate-700 dark:text-slate-300">{itemCountsText(workflow.itemCounts)}</p>
        <ItemsTable workflow={workflow} search={search} onSearchChange={onSearchChange} onAdd={mayAdd ? () => setAdding('manual') : undefined} mayChange={mayAdd} />
      </Card>
      {mayAdd ? (
        <section id="upload" aria-labelledby={`${titleId}-upload`} className="rounded-lg border border-dashed border-slate-300 p-5 dark:border-slate-600">
          <h2 ref={uploadHeading} id={`${titleId}-upload`} tabIndex={-1} data-route-focus={hash === 'upload' ? '' : undefined} className="text-lg font-semibold focus:outline-none">
            Upload items
          </h2>
          <CsvImport workflow={workflow} />
        </section>
      ) : null}
      <Card title="Workflow" titleId={`${titleId}-record`}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-slate-600 dark:text-slate-300">Id</dt>
          <dd className="min-w-0">
            <Token value={workflow.id} label="Id" />
          </dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">Created</dt>
          <dd>
            <When at={workflow.createdTimestamp} /> by {workflow.createdBy}
          </dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">Modified</dt>
          <dd>
            <When at={workflow.modifiedTimestamp} /> by {workflow.modifiedBy}
          </dd>
        </dl>
      </Card>
      {/* Its tags (spec §3 Task workflow's tags), as on every tagged record's page. */}
      <RecordSections resourceType="Workflow" resourceId={workflow.id} editable />
      {mayAdd ? <AddItemDialog workflow={workflow} open={adding !== null} source={adding ?? 'manual'} onOpenChange={(open) => setAdding(open ? (adding ?? 'manual') : null)} /> : null}
    </article>
  );
}

const statusHelp: Record<WorkflowStatus, string> = {
  ACTIVE: 'Items run as they are added.',
  PAUSED: 'Nothing runs; what falls due waits, and runs on resume.',
  MANUAL: 'An item runs only when started by hand.',
  INACTIVE: 'Nothing runs until the workflow is activated.',
  DISABLING: 'Disabling: the tasks under way are ending.',
  DISABLED: 'Its running items were aborted; nothing runs.',
};

/** The workflow's status and the changes a coordinator may make from it (`workflowTransitions`), for the roles that may change it. */
function StatusCard({ workflow, titleId }: { workflow: Workflow; titleId: string }) {
  const update = useUpdateWorkflow(workflow.id);
  const toast = useToast();
  const actions = useRef<HTMLDivElement>(null);
  const [changed, setChanged] = useState(0);
  const targets = workflowTransitions[workflow.status];

  // After a change the buttons are those of the new status: the first of them takes the focus.
  useEffect(() => {
    if (changed > 0) actions.current?.querySelector<HTMLElement>('button')?.focus();
  }, [changed]);

  const change = async (to: WorkflowStatus) => {
    try {
      await update.mutateAsync({ version: workflow.version, status: to });
      toast('success', `“${workflow.title}” is now ${statusLabels[to].toLowerCase()}.`);
      setChanged((n) => n + 1);
    } catch (error) {
      toast('error', error instanceof ApiRequestError ? error.message : 'The status could not be changed. Please try again.');
    }
  };

  return (
    <Card title="Status" titleId={titleId}>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="text-base font-medium">
          <StatusBadge status={workflow.status} />
        </span>
        <span className="text-slate-700 dark:text-slate-300">{statusHelp[workflow.status]}</span>
      </p>
      {targets.length > 0 ? (
        <Permitted requires={patch}>
          <div ref={actions} role="group" aria-label="Change status" className="mt-3 flex flex-wrap gap-2">
            {targets.map((to) => (
              <Button key={to} variant={to === 'DISABLED' ? 'dangerOutline' : 'secondary'} pending={update.isPending} onClick={() => void change(to)}>
                {transitionLabel(workflow.status, to)}
              </Button>
            ))}
          </div>
        </Permitted>
      ) : null}
    </Card>
  );
}
