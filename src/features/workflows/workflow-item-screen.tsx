import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card, DescriptionList, Empty } from '../../components/ui/description-list.tsx';
import { BackLink, PageHeader } from '../../components/ui/page-header.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { RecordLoad } from '../../components/ui/record-page.tsx';
import { Token } from '../../components/ui/token.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { phoneLabel } from '../../lib/format.ts';
import { useMeets } from '../../lib/policy.ts';
import { useToast } from '../../lib/toast.ts';
import type { WorkflowItemDetail } from '../../../domain/workflows.ts';
import { itemQuery, useItemAction, workflowQuery } from './queries.ts';
import { currentTaskText, sourceLabels, When } from './workflow-items.tsx';
import { WholeWords } from '../../components/ui/whole-words.tsx';
import { delayText, eventLabels, StatusBadge, taskLabels } from './workflow-parts.tsx';

/** An item's page (issue 43): the patient, where the item is, its timeline, Abort and Retry. */
export function WorkflowItemScreen({ workflowId, itemId }: { workflowId: string; itemId: string }) {
  const item = useQuery(itemQuery(useAccountKey(), itemId));
  return (
    <RecordLoad query={item} label="Loading item…">
      {(data) => <ItemDetail item={data} workflowId={workflowId} />}
    </RecordLoad>
  );
}

/** A balance in dollars (the practices are in the US: spec §5's numbers). */
const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });

const itemActions = { resource: '/workflows/{id}', method: 'POST' } as const;
/** What can be retried: an item that ended without succeeding. */
const retryable = new Set(['FAILED', 'TIMED_OUT', 'ABORTED']);

function ItemDetail({ item, workflowId }: { item: WorkflowItemDetail; workflowId: string }) {
  const titleId = `item-${item.id}-title`;
  // The workflow names the back link and says whether it runs by hand (the page shows without it).
  const workflow = useQuery(workflowQuery(useAccountKey(), workflowId));
  // A manual workflow's item waits, with no attempt planned, until someone starts it (without a plan otherwise, a send is under way).
  const waitsForStart = workflow.data?.status === 'MANUAL' && item.status === 'RUNNING' && item.nextAttemptAt === null && item.currentTask !== null;
  const info = item.generalInfo;
  const action = useItemAction(item.id);
  const mayReadPersons = useMeets({ resource: '/person/persons/{id}', method: 'GET' });
  const toast = useToast();
  const actions = useRef<HTMLDivElement>(null);
  const [acted, setActed] = useState(0);
  // The button pressed is gone (Abort becomes Retry): the status card's first control takes the focus.
  useEffect(() => {
    if (acted > 0) (actions.current?.querySelector<HTMLElement>('button') ?? document.getElementById(titleId))?.focus();
  }, [acted, titleId]);

  const run = async (kind: 'abort' | 'retry' | 'start') => {
    try {
      await action.mutateAsync(kind);
      toast('success', kind === 'abort' ? `The item of ${info.patientName} was aborted.` : kind === 'start' ? `The item of ${info.patientName} started.` : `The item of ${info.patientName} runs again.`);
      setActed((n) => n + 1);
    } catch (error) {
      toast('error', error instanceof ApiRequestError ? error.message : 'That did not work. Please try again.');
    }
  };

  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <PageHeader titleId={titleId} title={<WholeWords text={info.patientName} />} description="A patient in a workflow: where they are, and everything done so far." back={
          <BackLink to="/workflows/$workflowId" id={workflowId}>
            {workflow.data?.title ?? 'Workflow'}
          </BackLink>
        } />
      <Card title="Status" titleId={`${titleId}-status`}>
        <DescriptionList
          items={[
            { label: 'Status', value: <StatusBadge status={item.status} /> },
            { label: 'Current task', value: currentTaskText(item) ?? <Empty /> },
            { label: 'Next attempt', value: <When at={item.nextAttemptAt} /> },
            ...(item.heldReason ? [{ label: 'Held back', value: item.heldReason }] : []),
            { label: 'Source', value: sourceLabels[item.source] },
          ]}
        />
        <Permitted requires={itemActions}>
          <div ref={actions} className="mt-4 flex flex-wrap gap-2 empty:hidden">
            {waitsForStart ? (
              <Button pending={action.isPending} onClick={() => void run('start')}>
                Start now
              </Button>
            ) : null}
            {item.status === 'RUNNING' ? (
              <Button variant="dangerOutline" pending={action.isPending} onClick={() => void run('abort')}>
                Abort
              </Button>
            ) : null}
            {retryable.has(item.status) && item.currentTask !== null ? (
              <Button variant="secondary" pending={action.isPending} onClick={() => void run('retry')}>
                Retry
              </Button>
            ) : null}
          </div>
        </Permitted>
      </Card>
      <Card title="Patient" titleId={`${titleId}-patient`}>
        <DescriptionList
          items={[
            { label: 'Patient name', value: info.patientName },
            // Added from a person ("Start workflow"): their page, for a role that may read persons.
            ...(item.personId
              ? [
                  {
                    label: 'Person',
                    value: mayReadPersons ? (
                      <Link to="/practice/persons/$personId" params={{ personId: item.personId }} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                        {info.patientName}
                      </Link>
                    ) : (
                      'A person of the practice'
                    ),
                  },
                ]
              : []),
            { label: 'Phone', value: <span className="whitespace-nowrap">{phoneLabel(info.phone)}</span> },
            { label: 'MRN', value: info.mrn || null },
            { label: 'Date of birth', value: info.dob || null },
            { label: 'Email', value: info.email || null },
            { label: 'Address', value: info.address || null },
            { label: 'Balance', value: info.balance === null ? null : <span className="whitespace-nowrap">{money.format(info.balance)}</span> },
            { label: 'Payer class A', value: info.payerClassA || null },
            { label: 'Maximum discount', value: info.maximumDiscount === null ? null : `${info.maximumDiscount}%` },
          ]}
        />
      </Card>
      <Card title="Tasks" titleId={`${titleId}-tasks`}>
        <ol aria-label="Tasks in order" className="flex flex-col gap-1 text-sm">
          {item.tasks.map((task, index) => (
            <li key={index} aria-current={index === item.currentTask ? 'step' : undefined} className={index === item.currentTask ? 'font-semibold' : undefined}>
              {index + 1}. {taskLabels[task.name]} <span className="font-normal text-slate-700 dark:text-slate-300">{delayText(task)}</span>
              {index === item.currentTask ? <span className="ml-2 text-xs font-normal text-brand-700 dark:text-brand-300">(current)</span> : null}
            </li>
          ))}
        </ol>
      </Card>
      <Card title="Timeline" titleId={`${titleId}-timeline`}>
        {item.events.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">Nothing has happened yet.</p>
        ) : (
          <ol aria-label="Timeline" className="flex flex-col gap-3 text-sm">
            {item.events.map((event, index) => (
              <li key={index} className="border-l-2 border-slate-200 pl-3 dark:border-slate-700">
                <p className="flex flex-wrap gap-x-3">
                  <When at={event.at} />
                  {event.taskIndex !== null && item.tasks[event.taskIndex] ? (
                    <span className="text-slate-700 dark:text-slate-300">
                      Task {event.taskIndex + 1}: {taskLabels[item.tasks[event.taskIndex]!.name]}
                    </span>
                  ) : null}
                </p>
                <p className="font-medium">{eventLabels[event.kind] ?? event.kind}</p>
                {event.detail ? <p className="break-words text-slate-700 dark:text-slate-300">{event.detail}</p> : null}
                {event.interactionId ? (
                  <Link to="/interactions/$interactionId" params={{ interactionId: event.interactionId }} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                    The interaction it made
                  </Link>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card title="Item" titleId={`${titleId}-record`}>
        <DescriptionList
          items={[
            { label: 'Id', value: <Token value={item.id} label="Id" /> },
            { label: 'Created', value: <When at={item.createdTimestamp} /> },
            { label: 'Created by', value: item.createdBy },
            { label: 'Modified', value: <When at={item.modifiedTimestamp} /> },
          ]}
        />
      </Card>
    </article>
  );
}
