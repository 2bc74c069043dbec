import { useStore } from '@tanstack/react-form';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  createStatuses,
  defaultJotformQueue,
  delayUnits,
  jotformQueues,
  taskNames,
  templateVariables,
  workflowCreateSchema,
  workflowMessages,
  workflowPatchSchema,
  type DelayUnit,
  type TaskName,
  type Workflow,
  type WorkflowCreate,
  type WorkflowPatch,
  type WorkflowTask,
} from '../../../domain/workflows.ts';
import { Button } from '../../components/ui/button.tsx';
import { EditForm } from '../../components/ui/edit-form.tsx';
import { FieldError, TextField } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/form-fields.tsx';
import { numberOrText } from '../../lib/form.ts';
import { useRecordForm, type RecordFormProps } from '../../lib/record-form.ts';
import { statusLabels, taskLabels } from './workflow-parts.tsx';

/** One task as the form keeps it: every variable's box, whatever the task (switching the task keeps what was typed). */
export type TaskValues = {
  /** Stable across moves, for React and for the focus (never sent). */
  key: string;
  name: TaskName;
  delayAmount: string;
  delayUnit: DelayUnit;
  text: string;
  sourceNumber: string;
  destinationNumber: string;
  jotformQueueId: string;
};

export type WorkflowValues = {
  title: string;
  description: string;
  /** Only on create (a status change of a saved workflow is its page's action). */
  status: (typeof createStatuses)[number];
  tasks: TaskValues[];
};

let keys = 0;
const newKey = () => `task-${++keys}`;

/** A new task: an outbound call at once (spec §9: 0 days by default). */
export const newTask = (name: TaskName = 'outboundCall'): TaskValues => ({
  key: newKey(),
  name,
  delayAmount: '0',
  delayUnit: 'days',
  text: '',
  sourceNumber: '',
  destinationNumber: '',
  jotformQueueId: defaultJotformQueue,
});

export const emptyWorkflow = (): WorkflowValues => ({ title: '', description: '', status: 'ACTIVE', tasks: [newTask()] });

function taskValues(task: WorkflowTask): TaskValues {
  const values = { ...newTask(task.name), delayAmount: String(task.delay.amount), delayUnit: task.delay.unit };
  switch (task.name) {
    case 'jotformCall':
      return { ...values, jotformQueueId: task.jotformQueueId };
    case 'sendSMS':
      return { ...values, text: task.variables.text, sourceNumber: task.variables.sourceNumber ?? '', destinationNumber: task.variables.destinationNumber ?? '' };
    case 'outboundCall':
      return { ...values, sourceNumber: task.variables.sourceNumber ?? '', destinationNumber: task.variables.destinationNumber ?? '' };
  }
}

export const toWorkflowValues = (workflow: Workflow): WorkflowValues => ({
  title: workflow.title,
  description: workflow.description,
  status: 'ACTIVE',
  tasks: workflow.tasks.map(taskValues),
});

const optional = (value: string) => (value.trim() === '' ? {} : null);

function taskBody(task: TaskValues) {
  // A delay typed as a number is sent as one; anything else as typed, for the schema to name ('Delay must be a whole number…').
  const delay = { amount: numberOrText(task.delayAmount), unit: task.delayUnit };
  const numbers = { ...(optional(task.sourceNumber) ?? { sourceNumber: task.sourceNumber }), ...(optional(task.destinationNumber) ?? { destinationNumber: task.destinationNumber }) };
  switch (task.name) {
    case 'outboundCall':
      return { name: task.name, delay, variables: numbers };
    case 'sendSMS':
      return { name: task.name, delay, variables: { text: task.text, ...numbers } };
    case 'jotformCall':
      return { name: task.name, delay, variables: {}, jotformQueueId: task.jotformQueueId };
  }
}

/** The form's values as the API takes them on create (with the status); what the schema refuses is sent as typed, for it to name. */
export const toWorkflowBody = (values: WorkflowValues) =>
  ({ title: values.title, description: values.description, tasks: values.tasks.map(taskBody), status: values.status }) as unknown as WorkflowCreate;

/** The form's values as a PATCH takes them (a saved workflow's status changes on its page). */
export const toWorkflowPatch = (values: WorkflowValues) =>
  ({ title: values.title, description: values.description, tasks: values.tasks.map(taskBody) }) as unknown as Omit<WorkflowPatch, 'version'>;

const taskFields: Record<string, keyof TaskValues> = {
  name: 'name',
  delay: 'delayAmount',
  'delay.amount': 'delayAmount',
  'delay.unit': 'delayUnit',
  variables: 'text',
  'variables.text': 'text',
  'variables.sourceNumber': 'sourceNumber',
  'variables.destinationNumber': 'destinationNumber',
  jotformQueueId: 'jotformQueueId',
};

/**
 * The form field of an error's dotted path, the server's or the schema's: 'tasks.1.variables.text'
 * is the second task's text box ('tasks[1].text'); 'tasks' (none left) is the tasks editor's.
 */
export function fieldOfPath(path: string): string | null {
  const task = /^tasks\.(\d+)(?:\.(.+))?$/.exec(path);
  if (task) return `tasks[${task[1]}].${taskFields[task[2] ?? 'name'] ?? 'name'}`;
  const top = path.split('.')[0] ?? '';
  return ['title', 'description', 'status', 'tasks'].includes(top) ? top : null;
}

/** How each field reads in the conflict notice. */
export const workflowConflictFields: { label: string; show(v: WorkflowValues): string }[] = [
  { label: 'Title', show: (v) => v.title },
  { label: 'Description', show: (v) => v.description },
  { label: 'Tasks', show: (v) => v.tasks.map((t) => `${taskLabels[t.name]} after ${t.delayAmount} ${t.delayUnit}${t.name === 'sendSMS' ? `: ${t.text}` : ''}`).join('; ') },
];

const taskOptions = taskNames.map((name) => ({ value: name, label: taskLabels[name] }));
const unitOptions = delayUnits.map((unit) => ({ value: unit, label: unit === 'hours' ? 'Hours' : 'Days' }));
const queueOptions = jotformQueues.map((queue) => ({ value: queue, label: queue }));
const statusOptions = createStatuses.map((status) => ({ value: status, label: statusLabels[status] }));
const placeholderHint = `At least 10 characters. Item fields it may use: ${templateVariables.map((name) => `{{${name}}}`).join(', ')}.`;
const phoneHint = 'Optional. A US number of 10 digits.';

type WorkflowFormProps = RecordFormProps<WorkflowValues> & {
  mode: 'create' | 'edit';
  submitLabel: string;
};

/** Where the focus goes once the tasks have moved: a task's control, by the task's key. */
type PendingFocus = { key: string; control: 'up' | 'down' | 'name' | 'remove' } | { key: null; control: 'add' };

/**
 * A workflow's form (issue 43): title, description, the status of a new workflow, and its tasks in
 * order (added, removed, moved up and down by button, or by Alt+↑ and Alt+↓ inside a task), each
 * with what its kind needs. Checked with the API's own schemas; the first field to mend takes the
 * focus after a refused save, a task's field included.
 */
export function WorkflowForm({ mode, label, defaultValues, submitLabel, onSubmit, onCancel, notice = null, focusFirstField }: WorkflowFormProps) {
  const { form, failure, dirty, submitting, errorOf, firstField } = useRecordForm({
    defaultValues,
    schema: mode === 'create' ? workflowCreateSchema : workflowPatchSchema,
    toBody: mode === 'create' ? toWorkflowBody : toWorkflowPatch,
    onSubmit,
    focusFirstField,
    fieldOf: fieldOfPath,
  });
  const tasksId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const tasksList = useRef<HTMLOListElement>(null);
  const [pendingFocus, setPendingFocus] = useState<PendingFocus | null>(null);
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0);

  useEffect(() => {
    if (!pendingFocus) return;
    setPendingFocus(null);
    if (pendingFocus.key === null) {
      addButton.current?.focus();
      return;
    }
    const task = tasksList.current?.querySelector<HTMLElement>(`[data-task-key="${pendingFocus.key}"]`);
    const control = task?.querySelector<HTMLElement>(`[data-task-control="${pendingFocus.control}"]`);
    control?.focus();
  }, [pendingFocus]);

  return (
    <EditForm label={label} onSubmit={form.handleSubmit} dirty={dirty} submitting={submitting} notice={notice} failure={failure} onCancel={onCancel} submitLabel={submitLabel}>
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
        <form.Field name="title">
          {(field) => <TextField field={field} label="Title" required error={errorOf('title', field.state.meta.errors)} className="sm:col-span-2" inputRef={firstField} maxLength={200} autoComplete="off" />}
        </form.Field>
        <form.Field name="description">
          {(field) => (
            <TextField field={field} label="Description" required multiline hint="What the workflow is for, for the coordinators who read it." error={errorOf('description', field.state.meta.errors)} className="sm:col-span-2" maxLength={2000} />
          )}
        </form.Field>
        {mode === 'create' ? (
          <form.Field name="status">
            {(field) => (
              <SelectField
                label="Status"
                hint="Active runs each item as it is added; Manual only when started by hand."
                error={errorOf('status', field.state.meta.errors)}
                options={statusOptions}
                value={field.state.value}
                onValueChange={(value) => field.handleChange(value as WorkflowValues['status'])}
              />
            )}
          </form.Field>
        ) : null}
      </div>

      <form.Field name="tasks" mode="array">
        {(tasksField) => {
          const tasks = tasksField.state.value;
          const tasksError = errorOf('tasks', tasksField.state.meta.errors);
          const move = (from: number, to: number, control: 'up' | 'down') => {
            if (to < 0 || to >= tasks.length) return;
            const key = tasks[from]!.key;
            tasksField.moveValue(from, to);
            // At the top (or the bottom) its button in that direction does nothing: the other one takes the focus.
            const edge = (control === 'up' && to === 0) || (control === 'down' && to === tasks.length - 1);
            setPendingFocus({ key, control: edge ? (control === 'up' ? 'down' : 'up') : control });
          };
          const remove = (index: number) => {
            tasksField.removeValue(index);
            const next = tasks[index + 1] ?? tasks[index - 1];
            setPendingFocus(next ? { key: next.key, control: 'remove' } : { key: null, control: 'add' });
          };
          const handleTaskKeys = (index: number) => (event: KeyboardEvent<HTMLFieldSetElement>) => {
            if (!event.altKey || event.ctrlKey || event.metaKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
            event.preventDefault();
            move(index, event.key === 'ArrowUp' ? index - 1 : index + 1, event.key === 'ArrowUp' ? 'up' : 'down');
          };
          return (
            <section aria-labelledby={tasksId} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
              <div>
                <h2 id={tasksId} className="text-base font-semibold">
                  Tasks
                </h2>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  In the order they run, each after its delay from the one before (the first from when the item is added). Alt+↑ and Alt+↓ move the task you are in.
                </p>
              </div>
              {tasks.length > 0 ? (
                <ol ref={tasksList} className="flex flex-col gap-3">
                  {tasks.map((task, index) => (
                    <li key={task.key} data-task-key={task.key}>
                      <fieldset onKeyDown={handleTaskKeys(index)} className="grid min-w-0 gap-3 rounded-md border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700">
                        <legend className="float-left flex w-full flex-wrap items-center justify-between gap-2 sm:col-span-2">
                          <span className="font-semibold">
                            Task {index + 1}
                            <form.Subscribe selector={(state) => state.values.tasks[index]?.name ?? task.name}>{(name) => <span className="sr-only">: {taskLabels[name]}</span>}</form.Subscribe>
                          </span>
                        </legend>
                        <div className="flex flex-wrap gap-2 sm:col-span-2">
                          <Button type="button" variant="secondary" data-task-control="up" aria-label={`Move task ${index + 1} up`} aria-keyshortcuts="Alt+ArrowUp" aria-disabled={index === 0 || undefined} onClick={() => move(index, index - 1, 'up')}>
                            <span aria-hidden="true">↑</span> Up
                          </Button>
                          <Button
                            type="button"
                            variant="secondary"
                            data-task-control="down"
                            aria-label={`Move task ${index + 1} down`}
                            aria-keyshortcuts="Alt+ArrowDown"
                            aria-disabled={index === tasks.length - 1 || undefined}
                            onClick={() => move(index, index + 1, 'down')}
                          >
                            <span aria-hidden="true">↓</span> Down
                          </Button>
                          <Button type="button" variant="dangerOutline" data-task-control="remove" aria-label={`Remove task ${index + 1}`} onClick={() => remove(index)}>
                            Remove
                          </Button>
                        </div>
                        <form.Field name={`tasks[${index}].name`}>
                          {(field) => (
                            <SelectField
                              label="Task"
                              required
                              data-task-control="name"
                              error={errorOf(`tasks[${index}].name`, field.state.meta.errors)}
                              options={taskOptions}
                              value={field.state.value}
                              onValueChange={(value) => field.handleChange(value as TaskName)}
                              className="sm:col-span-2"
                            />
                          )}
                        </form.Field>
                        <div className="flex gap-2">
                          <form.Field name={`tasks[${index}].delayAmount`}>
                            {(field) => <TextField field={field} label="Delay" inputMode="numeric" autoComplete="off" error={errorOf(`tasks[${index}].delayAmount`, field.state.meta.errors)} className="min-w-0 flex-1" />}
                          </form.Field>
                          <form.Field name={`tasks[${index}].delayUnit`}>
                            {(field) => (
                              <SelectField
                                label="Unit"
                                error={errorOf(`tasks[${index}].delayUnit`, field.state.meta.errors)}
                                options={unitOptions}
                                value={field.state.value}
                                onValueChange={(value) => field.handleChange(value as DelayUnit)}
                                className="min-w-0 flex-1"
                              />
                            )}
                          </form.Field>
                        </div>
                        {/* An array field draws again only when tasks are added or removed: what a task's kind shows follows its own value. */}
                        <form.Subscribe selector={(state) => state.values.tasks[index]?.name ?? task.name}>
                          {(name) => (
                            <>
                              {name === 'jotformCall' ? (
                                <form.Field name={`tasks[${index}].jotformQueueId`}>
                                  {(field) => (
                                    <SelectField label="Queue" required error={errorOf(`tasks[${index}].jotformQueueId`, field.state.meta.errors)} options={queueOptions} value={field.state.value} onValueChange={field.handleChange} />
                                  )}
                                </form.Field>
                              ) : null}
                              {name === 'sendSMS' ? (
                                <form.Field name={`tasks[${index}].text`}>
                                  {(field) => (
                                    <TextField field={field} label="Text message" required multiline hint={placeholderHint} error={errorOf(`tasks[${index}].text`, field.state.meta.errors)} className="sm:col-span-2" maxLength={1600} />
                                  )}
                                </form.Field>
                              ) : null}
                              {name !== 'jotformCall' ? (
                                <>
                                  <form.Field name={`tasks[${index}].sourceNumber`}>
                                    {(field) => (
                                      <TextField field={field} label="Source number" type="tel" autoComplete="off" hint={`${phoneHint} Without one, the practice's calling number.`} error={errorOf(`tasks[${index}].sourceNumber`, field.state.meta.errors)} />
                                    )}
                                  </form.Field>
                                  <form.Field name={`tasks[${index}].destinationNumber`}>
                                    {(field) => (
                                      <TextField field={field} label="Destination number" type="tel" autoComplete="off" hint={`${phoneHint} Without one, the patient's phone.`} error={errorOf(`tasks[${index}].destinationNumber`, field.state.meta.errors)} />
                                    )}
                                  </form.Field>
                                </>
                              ) : null}
                            </>
                          )}
                        </form.Subscribe>
                      </fieldset>
                    </li>
                  ))}
                </ol>
              ) : (
                <p id={`${tasksId}-none`} className={submitted ? 'text-sm font-medium text-red-700 dark:text-red-400' : 'text-sm text-slate-600 dark:text-slate-400'}>
                  {workflowMessages.atLeastOneTask}
                </p>
              )}
              {tasksError && tasks.length > 0 ? <FieldError error={tasksError} /> : null}
              <div>
                <Button
                  ref={addButton}
                  type="button"
                  variant="secondary"
                  // With no task left, a refused save brings the focus here, the field to mend.
                  aria-invalid={tasks.length === 0 && submitted ? true : undefined}
                  aria-describedby={tasks.length === 0 ? `${tasksId}-none` : undefined}
                  onClick={() => {
                    const task = newTask();
                    tasksField.pushValue(task);
                    setPendingFocus({ key: task.key, control: 'name' });
                  }}
                >
                  Add task
                </Button>
              </div>
            </section>
          );
        }}
      </form.Field>
    </EditForm>
  );
}
