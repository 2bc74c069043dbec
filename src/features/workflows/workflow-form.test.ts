// @vitest-environment happy-dom
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { workflowCreateSchema, workflowMessages } from '../../../domain/workflows.ts';
import { schemaFieldErrors } from '../../lib/form.ts';
import { emptyWorkflow, fieldOfPath, newTask, toWorkflowBody, toWorkflowPatch, toWorkflowValues, type WorkflowValues } from './workflow-form.tsx';

const values = (tasks: WorkflowValues['tasks']): WorkflowValues => ({ title: 'Reminder', description: 'Calls patients', status: 'ACTIVE', tasks });

describe('the workflow form', () => {
  it('puts an error of a task under that task’s field, whatever the API calls it', () => {
    expect(fieldOfPath('title')).toBe('title');
    expect(fieldOfPath('tasks')).toBe('tasks');
    expect(fieldOfPath('tasks.1.variables.text')).toBe('tasks[1].text');
    expect(fieldOfPath('tasks.0.variables')).toBe('tasks[0].text');
    expect(fieldOfPath('tasks.2.delay.amount')).toBe('tasks[2].delayAmount');
    expect(fieldOfPath('tasks.0.variables.destinationNumber')).toBe('tasks[0].destinationNumber');
    expect(fieldOfPath('tasks.3')).toBe('tasks[3].name');
    expect(fieldOfPath('version')).toBeNull();
  });

  it('checks what it would send with the API’s schema: a short text and a bad delay are the second task’s', () => {
    const sms = { ...newTask('sendSMS'), text: 'Hi there' };
    const call = { ...newTask(), delayAmount: 'soon' };
    const errors = schemaFieldErrors(workflowCreateSchema, toWorkflowBody(values([call, sms])), fieldOfPath);
    expect(errors).toEqual({ 'tasks[0].delayAmount': workflowMessages.delayAmount, 'tasks[1].text': workflowMessages.smsText });
    expect(schemaFieldErrors(workflowCreateSchema, toWorkflowBody({ ...emptyWorkflow(), tasks: [] }), fieldOfPath)).toEqual({
      title: workflowMessages.titleRequired,
      description: workflowMessages.descriptionRequired,
      tasks: workflowMessages.atLeastOneTask,
    });
  });

  it('sends each task with what its kind takes (an empty number is not sent), and reads a saved one back', () => {
    const sms = { ...newTask('sendSMS'), delayAmount: '2', delayUnit: 'hours' as const, text: 'Your balance is {{balance}}.', destinationNumber: '(217) 555-0142', sourceNumber: '' };
    const form = { ...newTask('jotformCall'), text: 'kept while switching, never sent' };
    const body = toWorkflowBody(values([sms, form]));
    expect(body.tasks).toEqual([
      { name: 'sendSMS', delay: { amount: 2, unit: 'hours' }, variables: { text: 'Your balance is {{balance}}.', destinationNumber: '(217) 555-0142' } },
      { name: 'jotformCall', delay: { amount: 0, unit: 'days' }, variables: {}, jotformQueueId: 'JotForms.fifo' },
    ]);
    expect(toWorkflowPatch(values([sms]))).not.toHaveProperty('status');
    const saved = v.parse(workflowCreateSchema, body);
    const read = toWorkflowValues({ ...saved, tags: [], resourceType: 'Workflow', id: 'w', accountId: 'a', itemCounts: {} as never, createdTimestamp: '', modifiedTimestamp: '', createdBy: '', modifiedBy: '', version: 1 });
    expect(read.tasks.map(({ key: _key, ...task }) => task)).toEqual([
      { name: 'sendSMS', delayAmount: '2', delayUnit: 'hours', text: 'Your balance is {{balance}}.', sourceNumber: '', destinationNumber: '(217) 555-0142', jotformQueueId: 'JotForms.fifo' },
      { name: 'jotformCall', delayAmount: '0', delayUnit: 'days', text: '', sourceNumber: '', destinationNumber: '', jotformQueueId: 'JotForms.fifo' },
    ]);
  });
});
