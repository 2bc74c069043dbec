/**
 * CSV import on a workflow's page (spec §2 "Workflows": Detail … CSV upload; issue 43): choose a
 * file, match its columns to the item fields, see what would be created, skipped and refused,
 * then send it in batches and see what was written, with the refused rows to mend and upload again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { messages } from '../../../../domain/messages.ts';
import type { Workflow, WorkflowItemBatchResult } from '../../../../domain/workflows.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useAccountKey } from '../../../lib/account.ts';
import { ApiRequestError, request } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { paletteOpenAtom } from '../../../state/palette.ts';
import { workflowKeys } from '../queries.ts';
import { ImportWorker } from './import-worker.ts';
import { fieldLabels, importFields, matchHeaders, rememberedMapping, rememberMapping, requiredFields, type ImportField, type Mapping } from './mapping.ts';
import type { Checked, FileRead } from './protocol.ts';
import { duplicateKey, fieldLabel, type RowError } from './rows.ts';
import { ImportFailed, noTotals, refusedRows, runImport, type ImportTotals } from './upload.ts';

/** The largest file taken: 100,000 rows of a practice's export are about 15 MB. */
const maxFileBytes = 50 * 1024 * 1024;

type FileInfo = FileRead & { name: string };
type Step =
  | { name: 'choose'; error?: string }
  | { name: 'reading'; fileName: string; bytes: number; total: number }
  | { name: 'mapping'; file: FileInfo; mapping: Mapping; checking: boolean; error?: { field?: ImportField; message: string } }
  | { name: 'preview'; file: FileInfo; checked: Checked }
  | { name: 'importing'; file: FileInfo; checked: Checked; totals: ImportTotals; stopping: boolean }
  | { name: 'failed'; file: FileInfo; checked: Checked; totals: ImportTotals; message: string }
  | { name: 'done'; file: FileInfo; checked: Checked; totals: ImportTotals; stopped: boolean };

const count = (n: number) => n.toLocaleString('en-US');
const rowsText = (n: number) => `${count(n)} ${n === 1 ? 'row' : 'rows'}`;
const percent = (part: number, whole: number) => (whole === 0 ? 100 : Math.min(100, Math.round((part / whole) * 100)));

/** The workflow's item keys (MRN and date of birth) a file's rows are compared with: asked afresh for each file. */
function useItemKeys(workflowId: string) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return () =>
    queryClient.fetchQuery({
      queryKey: [...workflowKeys.items(account, workflowId), 'keys'],
      queryFn: () => request<{ items: { mrn: string; dob: string }[] }>(`/task-workflows/workflows/${encodeURIComponent(workflowId)}/items/keys`),
      staleTime: 0,
      retry: false,
    });
}

/** The upload area's steps (mounted by the workflow's page for the roles that may add items). */
export function CsvImport({ workflow }: { workflow: Workflow }) {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  const fetchKeys = useItemKeys(workflow.id);
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  const [downloadUrl, setDownloadUrl] = useState<string | null>(null);
  const worker = useRef<ImportWorker | null>(null);
  const keys = useRef<Promise<Set<string> | Error> | null>(null);
  const importId = useRef('');
  const stop = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstSelect = useRef<HTMLSelectElement>(null);
  /** Focus follows a step the user moved to (never on the page's first drawing). */
  const moved = useRef(false);

  useEffect(() => () => worker.current?.terminate(), []);
  useEffect(() => () => (downloadUrl ? URL.revokeObjectURL(downloadUrl) : undefined), [downloadUrl]);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    if (step.name === 'choose') chooseButton.current?.focus();
    else heading.current?.focus();
  }, [step.name]);

  // "Upload items" (the palette, `#upload`) opens the upload step: once the palette has closed and
  // given the focus back to its opener (Radix does it a task later), the step's first control takes
  // it. Each navigation to `#upload` (its history entry's key) asks once; a palette merely closed does not.
  const uploadVisit = useRouterState({ select: (state) => (state.location.hash === 'upload' ? (state.location.state.__TSR_key ?? state.location.state.key ?? 'upload') : null) });
  const paletteOpen = useAtomValue(paletteOpenAtom);
  const focusAsked = useRef<string | null>(null);
  const stepName = step.name;
  useEffect(() => {
    if (uploadVisit !== null) focusAsked.current = uploadVisit;
  }, [uploadVisit]);
  useEffect(() => {
    if (focusAsked.current === null || paletteOpen) return;
    const timer = setTimeout(() => {
      focusAsked.current = null;
      (stepName === 'choose' ? chooseButton.current : heading.current)?.focus();
    }, 50);
    return () => clearTimeout(timer);
    // Only when a visit asks or the palette closes, not at every step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uploadVisit, paletteOpen]);

  const go = (next: Step) => {
    moved.current = true;
    setStep(next);
  };

  const loadKeys = () => {
    keys.current = fetchKeys().then(
      ({ items }) => new Set(items.map(({ mrn, dob }) => duplicateKey(mrn, dob)).filter((key): key is string => key !== null)),
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
  };

  const reset = (said: string) => {
    worker.current?.terminate();
    worker.current = null;
    keys.current = null;
    setDownloadUrl(null);
    setAnnouncement(said);
    go({ name: 'choose' });
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!/\.(csv|txt)$/i.test(file.name) && !/^text\/(csv|plain)$|excel/.test(file.type)) return go({ name: 'choose', error: 'Choose a CSV file (.csv): a spreadsheet saved as “CSV (comma delimited)”.' });
    if (file.size > maxFileBytes) return go({ name: 'choose', error: 'This file is larger than 50 MB: split it into smaller files and upload each.' });
    worker.current?.terminate();
    setDownloadUrl(null);
    const reader = new ImportWorker();
    worker.current = reader;
    importId.current = newImportId();
    loadKeys();
    go({ name: 'reading', fileName: file.name, bytes: 0, total: file.size });
    try {
      const read = await reader.read(file, (bytes, total) => setStep((now) => (now.name === 'reading' ? { ...now, bytes, total } : now)));
      if (worker.current !== reader) return;
      if (read.headers.length === 0 || read.rows === 0) {
        reader.terminate();
        worker.current = null;
        return go({ name: 'choose', error: 'This file has no rows under its header row: nothing to import.' });
      }
      go({ name: 'mapping', file: { ...read, name: file.name }, mapping: matchHeaders(read.headers, rememberedMapping(workflow.accountId)), checking: false });
    } catch (error) {
      if (worker.current !== reader) return; // cancelled
      worker.current = null;
      go({ name: 'choose', error: `The file could not be read (${error instanceof Error ? error.message : 'unknown error'}). Check it is a CSV file and try again.` });
    }
  };

  const check = async (file: FileInfo, mapping: Mapping) => {
    const missing = requiredFields.find((field) => mapping[field] === undefined);
    if (missing) {
      setStep({ name: 'mapping', file, mapping, checking: false, error: { field: missing, message: `Choose the file’s column for ${fieldLabels[missing]}: every item needs one.` } });
      return;
    }
    const reader = worker.current;
    if (!reader) return;
    setStep({ name: 'mapping', file, mapping, checking: true });
    if (!keys.current) loadKeys();
    const existing = await keys.current!;
    if (worker.current !== reader) return;
    if (existing instanceof Error) {
      keys.current = null; // Try again asks again
      setStep({ name: 'mapping', file, mapping, checking: false, error: { message: messages.workflowNotLoaded } });
      return;
    }
    rememberMapping(workflow.accountId, file.headers, mapping);
    try {
      const checked = await reader.check(mapping, [...existing]);
      if (worker.current !== reader) return;
      go({ name: 'preview', file, checked });
    } catch {
      if (worker.current === reader) setStep({ name: 'mapping', file, mapping, checking: false, error: { message: messages.tryAgain } });
    }
  };

  const send = async (file: FileInfo, checked: Checked, from: ImportTotals) => {
    const reader = worker.current;
    if (!reader) return;
    stop.current = false;
    go({ name: 'importing', file, checked, totals: from, stopping: false });
    let totals = from;
    let failure: string | null = null;
    try {
      totals = await runImport(
        {
          importId: importId.current,
          batches: checked.batches,
          batch: (index) => reader.batch(index),
          send: (batch, idempotencyKey) =>
            request<WorkflowItemBatchResult>(`/task-workflows/workflows/${encodeURIComponent(workflow.id)}/items/batch`, {
              method: 'POST',
              body: { items: batch.items, source: 'csv', rowOffset: batch.rowOffset },
              headers: { 'Idempotency-Key': idempotencyKey },
            }),
          isTransient: (error) => error instanceof ApiRequestError && (error.status === 0 || error.status >= 500),
          onProgress: (now) => setStep((step) => (step.name === 'importing' ? { ...step, totals: now } : step)),
          stopped: () => stop.current,
        },
        from,
      );
    } catch (error) {
      if (worker.current !== reader) return;
      totals = error instanceof ImportFailed ? error.totals : totals;
      const reason = error instanceof ImportFailed ? error.reason : error;
      failure = reason instanceof ApiRequestError && reason.status >= 400 && reason.status < 500 ? reason.message : 'The server did not answer. What was sent before is kept: Try again goes on from there.';
    }
    if (worker.current !== reader) return;
    void queryClient.invalidateQueries({ queryKey: workflowKeys.items(account, workflow.id) });
    void queryClient.invalidateQueries({ queryKey: workflowKeys.detail(account, workflow.id), exact: true });
    void queryClient.invalidateQueries({ queryKey: workflowKeys.lists(account) });
    if (failure !== null) return go({ name: 'failed', file, checked, totals, message: failure });
    finish(file, checked, totals, totals.batchesDone < checked.batches);
  };

  const finish = (file: FileInfo, checked: Checked, totals: ImportTotals, stopped: boolean) => {
    go({ name: 'done', file, checked, totals, stopped });
    if (totals.refused.length > 0) {
      void worker.current
        ?.refusedCsv(totals.refused)
        .then((csv) => setDownloadUrl(URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))))
        .catch(() => undefined);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (step.name === 'reading' || step.name === 'mapping' || step.name === 'preview') reset('Import cancelled: nothing was sent.');
    else if (step.name === 'importing') {
      stop.current = true;
      setStep({ ...step, stopping: true });
    } else if (step.name === 'failed') finish(step.file, step.checked, step.totals, true);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (step.name === 'choose') void choose(event.dataTransfer.files[0]);
  };

  return (
    <div className="mt-3 flex flex-col gap-4" onKeyDown={onKeyDown}>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {step.name === 'choose' ? (
        <div
          data-testid="csv-drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn('flex flex-col items-start gap-3 rounded-md border-2 border-dashed p-4', dragging ? 'border-brand-600 bg-brand-50 dark:bg-slate-800' : 'border-slate-300 dark:border-slate-600')}
        >
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Add many patients at once from a CSV file with a header row: patient name and phone are needed; MRN, date of birth, email, address, balance, payer class A and maximum discount are
            taken when the file has them. Drop the file here, or choose it.
          </p>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            className="hidden"
            aria-label="CSV file"
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button ref={chooseButton} variant="secondary" onClick={() => input.current?.click()} aria-describedby={step.error ? 'csv-import-choose-error' : undefined}>
            Choose CSV file
          </Button>
          {step.error ? (
            <p id="csv-import-choose-error" role="alert" className="text-sm text-red-700 dark:text-red-300">
              {step.error}
            </p>
          ) : null}
        </div>
      ) : null}

      {step.name === 'reading' ? (
        <StepBox heading={heading} title="Reading the file">
          <p className="text-sm break-words">{step.fileName}</p>
          <Progress label="Reading the file" value={step.bytes} max={step.total} text={`${percent(step.bytes, step.total)}% (${formatBytes(step.bytes)} of ${formatBytes(step.total)})`} />
          <div>
            <Button variant="secondary" onClick={() => reset('Reading cancelled: nothing was sent.')}>
              Cancel
            </Button>
          </div>
        </StepBox>
      ) : null}

      {step.name === 'mapping' ? <MappingStep step={step} heading={heading} firstSelect={firstSelect} onChange={(mapping) => setStep({ ...step, mapping, error: undefined })} onCheck={() => void check(step.file, step.mapping)} onCancel={() => reset('Import cancelled: nothing was sent.')} /> : null}

      {step.name === 'preview' ? (
        <StepBox heading={heading} title="Preview">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {rowsText(step.checked.preview.rows)} in <span className="break-words">{step.file.name}</span>, checked here before anything is sent:
          </p>
          <Counts
            items={[
              ['Would be created', step.checked.preview.created],
              ['Skipped as duplicates', step.checked.preview.duplicatesInFile + step.checked.preview.duplicatesInWorkflow, duplicatesNote(step.checked.preview.duplicatesInWorkflow, step.checked.preview.duplicatesInFile)],
              ['Refused', step.checked.preview.refused],
            ]}
          />
          {step.checked.preview.refused > 0 ? <ErrorTable caption={`First refused rows${step.checked.preview.refused > 20 ? ' (the first 20)' : ''}`} errors={step.checked.preview.firstErrors} /> : null}
          <RowNumbering />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void send(step.file, step.checked, noTotals())}>Import {rowsText(step.checked.preview.rows)}</Button>
            <Button variant="secondary" onClick={() => go({ name: 'mapping', file: step.file, mapping: matchHeaders(step.file.headers, rememberedMapping(workflow.accountId)), checking: false })}>
              Back to columns
            </Button>
            <Button variant="ghost" onClick={() => reset('Import cancelled: nothing was sent.')}>
              Cancel
            </Button>
          </div>
        </StepBox>
      ) : null}

      {step.name === 'importing' ? (
        <StepBox heading={heading} title="Importing">
          <Progress label="Rows sent" value={step.totals.rowsSent} max={step.checked.preview.rows} text={`${count(step.totals.rowsSent)} of ${rowsText(step.checked.preview.rows)} sent: ${count(step.totals.created)} created so far`} />
          <div>
            <Button
              variant="secondary"
              pending={step.stopping}
              onClick={() => {
                stop.current = true;
                setStep({ ...step, stopping: true });
              }}
            >
              {step.stopping ? 'Stopping after this batch…' : 'Stop'}
            </Button>
          </div>
        </StepBox>
      ) : null}

      {step.name === 'failed' ? (
        <StepBox heading={heading} title="Import interrupted">
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {step.message}
          </p>
          <Summary totals={step.totals} />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void send(step.file, step.checked, step.totals)}>Try again</Button>
            <Button variant="secondary" onClick={() => finish(step.file, step.checked, step.totals, true)}>
              Stop here
            </Button>
          </div>
        </StepBox>
      ) : null}

      {step.name === 'done' ? (
        <StepBox heading={heading} title={step.stopped ? 'Import stopped' : 'Import finished'}>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {step.stopped ? `Stopped after ${rowsText(step.totals.rowsSent)} of ${count(step.checked.preview.rows)}; the rest were not sent. ` : `All ${rowsText(step.checked.preview.rows)} sent. `}
            The counts are what the server wrote.
          </p>
          <Summary totals={step.totals} />
          {step.totals.refused.length > 0 ? (
            <>
              <ErrorTable caption="Refused rows" errors={step.totals.refused} />
              <RowNumbering />
              {downloadUrl ? (
                <a className="text-sm font-medium" href={downloadUrl} download={`${fileStem(step.file.name)}-refused-rows.csv`}>
                  Download refused rows (CSV)
                </a>
              ) : null}
            </>
          ) : null}
          <div>
            <Button variant="secondary" onClick={() => reset('')}>
              Upload another file
            </Button>
          </div>
        </StepBox>
      ) : null}
    </div>
  );
}

function MappingStep({
  step,
  heading,
  firstSelect,
  onChange,
  onCheck,
  onCancel,
}: {
  step: Extract<Step, { name: 'mapping' }>;
  heading: RefObject<HTMLHeadingElement | null>;
  firstSelect: RefObject<HTMLSelectElement | null>;
  onChange(mapping: Mapping): void;
  onCheck(): void;
  onCancel(): void;
}) {
  const { file, mapping, error } = step;
  const options = file.headers.map((header, column) => ({ value: String(column), label: header ? `${header} (column ${column + 1})` : `Column ${column + 1}` }));
  const sample = (column: number | undefined) => (column === undefined ? '' : (file.samples.find((row) => (row[column] ?? '').trim() !== '')?.[column] ?? '').trim());
  const errorFor = error?.field;
  useEffect(() => {
    if (errorFor) document.getElementById(`csv-map-${errorFor}`)?.focus();
  }, [errorFor, error]);
  return (
    <StepBox heading={heading} title="Match columns">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {rowsText(file.rows)} in <span className="break-words">{file.name}</span>. Each item field is read from the column chosen here; the choices are remembered for this practice’s next file.
      </p>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {importFields.map((field, index) => {
          const id = `csv-map-${field}`;
          const required = requiredFields.includes(field);
          const example = sample(mapping[field]);
          return (
            <li key={field} className="flex min-w-0 flex-col gap-1">
              <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
                {fieldLabels[field]}
                {required ? <span className="text-slate-600 dark:text-slate-400"> (required)</span> : null}
              </label>
              <Select
                id={id}
                ref={index === 0 ? firstSelect : undefined}
                value={mapping[field] === undefined ? '' : String(mapping[field])}
                onValueChange={(value) => {
                  const next = { ...mapping };
                  if (value === '') delete next[field];
                  else next[field] = Number(value);
                  onChange(next);
                }}
                options={options}
                placeholder="Not in the file"
                aria-invalid={errorFor === field || undefined}
                aria-describedby={errorFor === field ? 'csv-map-error' : example ? `${id}-example` : undefined}
              />
              {example ? (
                <p id={`${id}-example`} className="truncate text-xs text-slate-600 dark:text-slate-400">
                  For example: {example}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {error ? (
        <div className="flex flex-wrap items-center gap-3">
          <p id="csv-map-error" role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error.message}
          </p>
          {error.field ? null : (
            <Button variant="secondary" onClick={onCheck}>
              Try again
            </Button>
          )}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button pending={step.checking} onClick={onCheck}>
          {step.checking ? 'Checking rows…' : 'Check rows'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </StepBox>
  );
}

function StepBox({ heading, title, children }: { heading: RefObject<HTMLHeadingElement | null>; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      <h3 ref={heading} tabIndex={-1} className="text-base font-semibold focus:outline-none">
        {title}
      </h3>
      {children}
    </div>
  );
}

function Progress({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  return (
    <div className="flex flex-col gap-1">
      <progress aria-label={label} value={value} max={Math.max(max, 1)} className="h-2 w-full accent-brand-700" />
      <p className="text-sm text-slate-700 dark:text-slate-300">{text}</p>
    </div>
  );
}

function Counts({ items }: { items: [label: string, value: number, note?: string][] }) {
  return (
    <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
      {items.map(([label, value, note]) => (
        <div key={label} className="rounded-md border border-slate-200 px-3 py-2 dark:border-slate-700">
          <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
          <dd className="text-xl font-semibold" data-count={label}>
            {count(value)}
          </dd>
          {note ? <dd className="text-xs text-slate-600 dark:text-slate-400">{note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

function Summary({ totals }: { totals: ImportTotals }) {
  return (
    <Counts
      items={[
        ['Created', totals.created],
        ['Skipped as duplicates', totals.skipped],
        ['Refused', refusedRows(totals.refused)],
      ]}
    />
  );
}

const duplicatesNote = (inWorkflow: number, inFile: number) => (inWorkflow + inFile === 0 ? undefined : `${count(inWorkflow)} already in the workflow, ${count(inFile)} repeated in the file (same MRN and date of birth)`);

/** How many refusals the page lists; the download holds them all. */
const shownErrors = 500;

function ErrorTable({ caption, errors }: { caption: string; errors: RowError[] }) {
  const shown = [...errors].sort((a, b) => a.row - b.row).slice(0, shownErrors);
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="max-h-80 overflow-auto rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-700">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50 dark:bg-slate-800">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
              Row
            </th>
            <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
              Field
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Message
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((error, index) => (
            <tr key={`${error.row}-${error.field}-${index}`} className="border-t border-slate-200 dark:border-slate-700">
              <td className="px-3 py-1.5 tabular-nums whitespace-nowrap">{error.row}</td>
              <td className="px-3 py-1.5 whitespace-nowrap">{fieldLabel(error.field)}</td>
              <td className="px-3 py-1.5 whitespace-nowrap">{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {errors.length > shown.length ? <p className="px-3 py-2 text-sm">The first {count(shownErrors)} are listed; the download has every one.</p> : null}
    </div>
  );
}

function RowNumbering() {
  return <p className="text-xs text-slate-600 dark:text-slate-400">Row 1 is the first row under the header row (the header is not counted; blank lines are not counted either).</p>;
}

/** One id per chosen file, the stem of its batches' keys (getRandomValues: randomUUID exists only on https and localhost). */
const newImportId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);
const fileStem = (name: string) => name.replace(/\.[^.]*$/, '') || 'import';
