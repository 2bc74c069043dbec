import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useNavigate } from '@tanstack/react-router';
import { keepPreviousData } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { PageSize } from '../../../domain/lists.ts';
import { messages } from '../../../domain/messages.ts';
import { pageSizes } from '../../../domain/persons.ts';
import { workflowItemCreateSchema, workflowItemStatuses, type Workflow, type WorkflowItem, type WorkflowItemCreate, type WorkflowItemStatus, type WorkflowPerson } from '../../../domain/workflows.ts';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, nameColumn, type DataTableFeatures } from '../../components/ui/data-table.tsx';
import { Empty } from '../../components/ui/description-list.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EditForm } from '../../components/ui/edit-form.tsx';
import { Field, TextField, controlClass } from '../../components/ui/field.tsx';
import { RecordSelect } from '../../components/ui/record-picker.tsx';
import { request } from '../../lib/api.ts';
import { useMeets } from '../../lib/policy.ts';
import { FilterInput, FilterRow } from '../../components/ui/filter-input.tsx';
import { SelectField } from '../../components/ui/form-fields.tsx';
import { EmptyList } from '../../components/ui/record-list.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { useDateTimeFormat } from '../../lib/format.ts';
import { useRecordForm } from '../../lib/record-form.ts';
import { useToast } from '../../lib/toast.ts';
import { itemListQuery, useBulkItemAction, useCreateItem } from './queries.ts';
import type { ItemListSearch, ItemSort } from './search.ts';
import { WholeWords } from '../../components/ui/whole-words.tsx';
import { itemStatusLabels, StatusBadge, taskLabels } from './workflow-parts.tsx';

/** A moment in the user's format, on one line; none is empty. */
export function When({ at }: { at: string | null }) {
  const format = useDateTimeFormat();
  if (!at) return <Empty />;
  return (
    <time dateTime={at} className="whitespace-nowrap">
      {format(at)}
    </time>
  );
}

export const sourceLabels: Record<WorkflowItem['source'], string> = { manual: 'Added by hand', csv: 'CSV upload', api: 'API', palette: 'Palette' };

/** "2. Text message": the task an item is at, by its place in the item's tasks. */
export function currentTaskText(item: Pick<WorkflowItem, 'currentTask' | 'tasks'>): string | null {
  if (item.currentTask === null) return null;
  const task = item.tasks[item.currentTask];
  return task ? `${item.currentTask + 1}. ${taskLabels[task.name]}` : `${item.currentTask + 1}`;
}

const column = createColumnHelper<DataTableFeatures, WorkflowItem>();

/** Issue 43: patient name (a link), MRN, status, current task, next attempt, source, created. */
const columns = column.columns([
  column.accessor((item) => item.generalInfo.patientName, { id: 'patientName', header: 'Patient name', meta: nameColumn, cell: (info) => <WholeWords text={info.getValue()} /> }),
  column.accessor((item) => item.generalInfo.mrn ?? null, { id: 'mrn', header: 'MRN', enableSorting: false, cell: (info) => info.getValue() ?? <Empty /> }),
  column.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
  column.accessor((item) => currentTaskText(item), { id: 'currentTask', header: 'Current task', enableSorting: false, cell: (info) => info.getValue() ?? <Empty /> }),
  column.accessor('nextAttemptAt', { id: 'nextAttempt', header: 'Next attempt', cell: (info) => <When at={info.getValue()} /> }),
  column.accessor('source', { header: 'Source', enableSorting: false, cell: (info) => sourceLabels[info.getValue()] }),
  column.accessor('createdTimestamp', { id: 'created', header: 'Created', cell: (info) => <When at={info.getValue()} /> }),
]);

const statusFilterOptions = workflowItemStatuses.map((status) => ({ value: status, label: itemStatusLabels[status] }));

type ItemsTableProps = {
  workflow: Workflow;
  search: ItemListSearch;
  onSearchChange(change: Partial<ItemListSearch>): void;
  /** The empty table's next step (Add Workflow Item), for the roles that may add. */
  onAdd?(): void;
  /** The role may abort and retry items (the workflow's POST): Abort matching and Retry matching are offered. */
  mayChange?: boolean;
};

/** A workflow's Task Workflow Items: found by patient, filtered by status, sorted, paged; a row opens the item's page. */
export function ItemsTable({ workflow, search, onSearchChange, onAdd, mayChange = false }: ItemsTableProps) {
  const list = useQuery(itemListQuery(useAccountKey(), workflow.id, search));
  const total = list.data?.total ?? 0;
  const navigate = useNavigate();
  const q = search.q.trim();
  const filters = [...(q ? [`“${q}”`] : []), ...(search.status ? [`status ${itemStatusLabels[search.status]}`] : [])];
  const itemPage = (row: WorkflowItem) => ({ to: '/workflows/$workflowId/items/$itemId' as const, params: { workflowId: workflow.id, itemId: row.id } });
  return (
    <>
      <FilterRow className="mb-3 flex flex-wrap items-end gap-3">
        <FilterInput label="Find items" placeholder="Patient name, MRN or phone" value={search.q} onValueChange={(value) => onSearchChange({ q: value, page: 1 })} />
        <SelectField
          label="Status"
          placeholder="Every status"
          options={statusFilterOptions}
          value={search.status}
          onValueChange={(value) => onSearchChange({ status: value as WorkflowItemStatus | '', page: 1 })}
          className="w-44"
        />
        {mayChange && total > 0 ? <BulkActions workflow={workflow} search={search} /> : null}
      </FilterRow>
      <DataTable
        label="Task Workflow Items"
        columns={columns}
        data={list.data?.items}
        rowCount={list.data?.total ?? 0}
        getRowId={(row) => row.id}
        getRowLabel={(row) => `${row.generalInfo.patientName}, ${itemStatusLabels[row.status]}`}
        page={search.page}
        pageSize={search.size}
        pageSizes={pageSizes}
        sort={{ id: search.sort, desc: search.order === 'desc' }}
        onPageChange={(page) => onSearchChange({ page })}
        onPageSizeChange={(size) => onSearchChange({ size: size as PageSize, page: 1 })}
        onSortChange={(next) => onSearchChange({ sort: (next?.id ?? 'created') as ItemSort, order: next?.desc ? 'desc' : 'asc', page: 1 })}
        rowLink={itemPage}
        onOpen={(row) => void navigate(itemPage(row))}
        status={list.status}
        fetching={list.isPlaceholderData}
        empty={
          filters.length > 0 ? (
            <EmptyList text={`No items match ${filters.join(' and ')}.`}>
              <Button variant="secondary" onClick={() => onSearchChange({ q: '', status: '', page: 1 })}>
                Clear filter
              </Button>
            </EmptyList>
          ) : (
            <EmptyList text="No items yet: add a patient to start the workflow for them.">
              {onAdd ? <Button onClick={onAdd}>Add Workflow Item</Button> : null}
            </EmptyList>
          )
        }
        error={messages.tryAgain}
        onRetry={() => void list.refetch()}
      />
    </>
  );
}

/** "Every item matching": the filter as the bulk actions take it, and how it reads. */
const filterOf = (search: ItemListSearch) => ({ ...(search.status ? { status: search.status } : {}), ...(search.q.trim() ? { q: search.q.trim() } : {}) });

/**
 * Abort matching and Retry matching (issue 43: abort and retry of every item matching a filter):
 * what the table's filter shows, however many pages. Abort asks first; only running items are
 * aborted and only ended ones retried, whatever the filter.
 */
function BulkActions({ workflow, search }: { workflow: Workflow; search: ItemListSearch }) {
  const bulk = useBulkItemAction(workflow.id);
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const filtered = search.status !== '' || search.q.trim() !== '';
  const scope = filtered ? 'that matches the filter' : 'of this workflow';
  const run = async (action: 'abort' | 'retry') => {
    setConfirming(false);
    try {
      const { changed } = await bulk.mutateAsync({ action, filter: filterOf(search) });
      toast('success', `${changed} item${changed === 1 ? '' : 's'} ${action === 'abort' ? 'aborted' : 'retried'}.`);
    } catch (error) {
      toast('error', error instanceof Error ? error.message : messages.tryAgain);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" pending={bulk.isPending} onClick={() => void run('retry')} title={`Runs again every item ${scope} that failed, timed out or was aborted`}>
        Retry matching
      </Button>
      <Button variant="dangerOutline" pending={bulk.isPending} onClick={() => setConfirming(true)}>
        Abort matching
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming} title="Abort matching items?" description={`Stops every running item ${scope}. Retry runs them again later.`}>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void run('abort')}>
            Abort items
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

type ItemValues = {
  patientName: string;
  phone: string;
  mrn: string;
  dob: string;
  email: string;
  address: string;
  balance: string;
  payerClassA: string;
  maximumDiscount: string;
};

const emptyItem: ItemValues = { patientName: '', phone: '', mrn: '', dob: '', email: '', address: '', balance: '', payerClassA: '', maximumDiscount: '' };

/** The form's values as the API takes them: what was left empty is not sent; amounts go as typed ('$1,200' is 1200). */
export function toItemBody(values: ItemValues, source: 'manual' | 'palette'): WorkflowItemCreate {
  const generalInfo = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
  return { generalInfo: generalInfo as WorkflowItemCreate['generalInfo'], source };
}

/** 'generalInfo.phone' is the Phone box. */
const itemFieldOf = (path: string) => {
  const key = path.startsWith('generalInfo.') ? path.slice('generalInfo.'.length).split('.')[0] : path.split('.')[0];
  return key && key in emptyItem ? key : null;
};

type AddItemDialogProps = {
  workflow: Workflow;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** 'palette' when "Start workflow" opened it. */
  source?: 'manual' | 'palette';
  /** After the item is saved (the dialog has closed). */
  onAdded?(item: WorkflowItem): void;
};

/** Add Workflow Item: a patient's details (spec §3 generalInfo, and the phone the tasks call and text). */
export function AddItemDialog({ workflow, open, onOpenChange, source = 'manual', onAdded }: AddItemDialogProps) {
  // Patient name takes the focus, or, opened by "Start workflow", the person to start it for.
  const start = useRef<HTMLElement | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Workflow Item"
      description={`The patient goes through “${workflow.title}” from its first task.`}
      className="w-[min(40rem,calc(100vw-2rem))]"
      initialFocus={start}
    >
      {open ? <AddItemForm workflow={workflow} source={source} onClose={() => onOpenChange(false)} onAdded={onAdded} start={start} /> : null}
    </Dialog>
  );
}

const personNoun = { a: 'a person', one: 'person', many: 'persons' };
const readsPersons = { resource: '/person/persons', method: 'GET' } as const;
const readsContactPoints = { resource: '/contactpoints/contact-points', method: 'GET' } as const;

/** The practice's persons who have a number to call and text, matching `q` (the API answers the first 20 by name). */
const peopleQuery = (account: string, q: string) => ({
  queryKey: [account, 'workflows', 'people', q],
  queryFn: () => request<{ items: WorkflowPerson[] }>('/task-workflows/people', { query: q ? { q } : {} }),
  placeholderData: keepPreviousData,
  staleTime: 30_000,
});

type AddItemFormProps = { workflow: Workflow; source: 'manual' | 'palette'; onClose(): void; onAdded?(item: WorkflowItem): void; start: RefObject<HTMLElement | null> };

function AddItemForm({ workflow, source, onClose, onAdded, start }: AddItemFormProps) {
  const create = useCreateItem(workflow.id);
  const toast = useToast();
  const account = useAccountKey();
  const [defaults] = useState(emptyItem);
  // "Start workflow" (issue 43): the item can be a person's, their name and number filled in; the item links to them.
  const mayReadPersons = useMeets(readsPersons);
  const mayReadNumbers = useMeets(readsContactPoints);
  const mayPickPerson = mayReadPersons && mayReadNumbers;
  const [person, setPerson] = useState<WorkflowPerson | null>(null);
  const personButton = useRef<HTMLButtonElement>(null);
  const phoneBox = useRef<HTMLSelectElement>(null);
  const formElement = useRef<HTMLFormElement>(null);
  // A manual workflow runs an item only when started: "Start workflow" starts the one it adds.
  const startsNow = source === 'palette' && workflow.status === 'MANUAL';
  const { form, failure, submitting, errorOf, firstField } = useRecordForm({
    defaultValues: defaults,
    schema: workflowItemCreateSchema,
    toBody: (values: ItemValues) => toItemBody(values, source),
    onSubmit: async (values) => {
      const { item, started } = await create.mutateAsync({ body: { ...toItemBody(values, source), ...(person ? { personId: person.id } : {}) }, start: startsNow });
      toast('success', `${item.generalInfo.patientName} added to “${workflow.title}”${started ? ' and started' : ''}.`);
      onClose();
      onAdded?.(item);
    },
    // The dialog puts the focus in its first field (Patient name), having noted what to give it back to.
    fieldOf: itemFieldOf,
  });
  useLayoutEffect(() => {
    start.current = source === 'palette' && mayPickPerson ? personButton.current : firstField.current;
  });
  const choosePerson = (chosen: WorkflowPerson) => {
    setPerson(chosen);
    form.setFieldValue('patientName', chosen.name);
    form.setFieldValue('phone', chosen.phones[0]?.value ?? '');
  };
  // Next: which of their numbers when they have several; else the button that adds them.
  const afterPerson = (chosen: WorkflowPerson) => (chosen.phones.length > 1 ? phoneBox.current : formElement.current?.querySelector<HTMLButtonElement>('button[type="submit"]')) ?? null;
  const text = (name: keyof ItemValues, label: string, props: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <form.Field name={name}>{(field) => <TextField field={field} label={label} error={errorOf(name, field.state.meta.errors)} autoComplete="off" {...props} />}</form.Field>
  );
  return (
    <EditForm label="Add Workflow Item" onSubmit={form.handleSubmit} dirty={false} submitting={submitting} notice={null} failure={failure} onCancel={onClose} submitLabel={startsNow ? 'Add and Start' : 'Add Item'} formRef={formElement}>
      {mayPickPerson ? (
        <div className="mb-4 grid gap-4 sm:grid-cols-2">
          <Field label="Person" hint="A person of the practice with a phone number: their name and number are filled in. Or type the details below.">
            {(control) => (
              <RecordSelect
                {...control}
                buttonRef={personButton}
                noun={personNoun}
                listLabel="Persons with a phone number"
                value={person}
                search={(q) => peopleQuery(account, q)}
                renderOption={(option) => (
                  <span className="flex min-w-0 flex-col">
                    <span>{option.name}</span>
                    <span className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-300">{option.phones[0]?.value}</span>
                  </span>
                )}
                onChange={(_choice, option) => choosePerson(option)}
                focusAfterChoice={afterPerson}
              />
            )}
          </Field>
          {person && person.phones.length > 1 ? (
            <Field label="Number">
              {(control) => (
                <select {...control} ref={phoneBox} className={controlClass} defaultValue={person.phones[0]!.value} onChange={(event) => form.setFieldValue('phone', event.target.value)}>
                  {person.phones.map((phone) => (
                    <option key={phone.contactPointId} value={phone.value}>
                      {phone.name}: {phone.value}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <form.Field name="patientName">
          {(field) => <TextField field={field} label="Patient name" required error={errorOf('patientName', field.state.meta.errors)} inputRef={firstField} autoComplete="off" maxLength={200} />}
        </form.Field>
        {text('phone', 'Phone', { required: true, type: 'tel', hint: 'A US number of 10 digits: the tasks call and text it.' })}
        {text('mrn', 'MRN', { hint: 'Medical record number.' })}
        {text('dob', 'Date of birth', { type: 'date' })}
        {text('email', 'Email', { type: 'email' })}
        {text('payerClassA', 'Payer class A')}
        {text('address', 'Address', { className: 'sm:col-span-2', hint: "The patient's time zone for calling hours comes from it." })}
        {text('balance', 'Balance', { inputMode: 'decimal' })}
        {text('maximumDiscount', 'Maximum discount', { inputMode: 'decimal' })}
      </div>
    </EditForm>
  );
}
