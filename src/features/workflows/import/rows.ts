/**
 * A CSV file's rows as workflow items (issue 43, CSV import): each row read through the mapping,
 * checked with the schema the server checks a batch with (generalInfoSchema), duplicates told
 * apart as the server tells them (same MRN, in any case, and date of birth), and the rows cut into
 * the batches `batchCreate` takes. No DOM, no worker: the worker and the tests run it alike.
 */
import Papa from 'papaparse';
import * as v from 'valibot';
import { cleanGeneralInfo, generalInfoSchema, maxBatchItems } from '../../../../domain/workflows.ts';
import { fieldLabels, importFields, type ImportField, type Mapping } from './mapping.ts';

/** One refusal: the row's number in the file (1 = the first row under the header), the field, the message. */
export type RowError = { row: number; field: string; message: string };

/** What a row sends as its generalInfo: the mapped cells as text, a date of birth in the API's YYYY-MM-DD. */
export type RowInfo = Partial<Record<(typeof importFields)[number], string>>;

/** The longest cell sent: longer than any field takes (the server refuses it by name), short enough to keep a batch small. */
const maxCellLength = 1000;

/**
 * A date of birth as the API takes it (YYYY-MM-DD). Spreadsheets of US practices write it
 * M/D/YYYY (or with dashes or dots): that is turned round; anything else is sent as written, for
 * the schema to refuse with its own message.
 */
export function isoDob(cell: string): string {
  const text = cell.trim();
  const us = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (us) return `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
  const iso = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]!.padStart(2, '0')}-${iso[3]!.padStart(2, '0')}`;
  return text;
}

/** A row's generalInfo, from its cells through the mapping; an empty cell is left out. */
export function rowInfo(cells: readonly string[], mapping: Mapping): RowInfo {
  const info: RowInfo = {};
  for (const field of importFields) {
    const column = mapping[field];
    if (column === undefined) continue;
    const cell = (cells[column] ?? '').trim();
    if (cell === '') continue;
    info[field] = field === 'dob' ? isoDob(cell) : cell.slice(0, maxCellLength);
  }
  return info;
}

/** The key under which the server finds a duplicate: MRN in lower case and date of birth; none without both. */
export const duplicateKey = (mrn: string | null | undefined, dob: string | null | undefined): string | null => (mrn && dob ? `${mrn.toLowerCase()}\u0000${dob}` : null);

export type CheckedRow = { status: 'new' } | { status: 'duplicate'; of: 'file' | 'workflow' } | { status: 'refused'; errors: RowError[] };

/** One row checked as the server checks it: refused field by field (first message per field), or its duplicate key. */
export function checkRow(info: RowInfo, row: number): { errors: RowError[]; key: string | null } {
  const parsed = v.safeParse(generalInfoSchema, info);
  if (!parsed.success) {
    const fields = new Map<string, string>();
    for (const issue of parsed.issues) {
      const field = v.getDotPath(issue) ?? 'generalInfo';
      if (!fields.has(field)) fields.set(field, issue.message);
    }
    return { errors: [...fields].map(([field, message]) => ({ row, field, message })), key: null };
  }
  const clean = cleanGeneralInfo(parsed.output);
  return { errors: [], key: duplicateKey(clean.mrn, clean.dob) };
}

export type Preview = {
  rows: number;
  /** Rows that would be created. */
  created: number;
  /** Rows skipped as duplicates: of an earlier row of the file, of an item already in the workflow. */
  duplicatesInFile: number;
  duplicatesInWorkflow: number;
  /** Rows refused, and the first of their errors. */
  refused: number;
  firstErrors: RowError[];
};

/** How many refused rows' errors the preview lists. */
export const previewErrorRows = 20;

/**
 * Every row checked before anything is sent: what the import would create, skip and refuse.
 * `existing`: the duplicate keys of the workflow's items (GET …/items/keys).
 */
export function previewRows(rows: readonly (readonly string[])[], mapping: Mapping, existing: ReadonlySet<string>): Preview {
  const seen = new Set<string>();
  const preview: Preview = { rows: rows.length, created: 0, duplicatesInFile: 0, duplicatesInWorkflow: 0, refused: 0, firstErrors: [] };
  let listed = 0;
  rows.forEach((cells, index) => {
    const { errors, key } = checkRow(rowInfo(cells, mapping), index + 1);
    if (errors.length > 0) {
      preview.refused++;
      if (listed++ < previewErrorRows) preview.firstErrors.push(...errors);
    } else if (key !== null && existing.has(key)) preview.duplicatesInWorkflow++;
    else if (key !== null && seen.has(key)) preview.duplicatesInFile++;
    else {
      if (key !== null) seen.add(key);
      preview.created++;
    }
  });
  return preview;
}

/** The largest body a batch is given (the API takes 2 MB): a file of long cells is sent in smaller batches. */
export const maxBatchBytes = 1_500_000;

/** A batch: rows `start` to `end` (exclusive), 0-based; `rowOffset` = `start`, so the server numbers its refusals as the file does. */
export type BatchRange = { start: number; end: number };

/** The batches of a file: at most 1,000 rows (maxBatchItems) and about `maxBytes` each, in order, every row in one. */
export function batchRanges(infos: readonly RowInfo[], maxItems = maxBatchItems, maxBytes = maxBatchBytes): BatchRange[] {
  const ranges: BatchRange[] = [];
  let start = 0;
  let bytes = 0;
  infos.forEach((info, index) => {
    const size = JSON.stringify(info).length + 20;
    if (index > start && (index - start >= maxItems || bytes + size > maxBytes)) {
      ranges.push({ start, end: index });
      start = index;
      bytes = 0;
    }
    bytes += size;
  });
  if (infos.length > start) ranges.push({ start, end: infos.length });
  return ranges;
}

/** A refusal's field as the coordinator reads it ("Date of birth"); a refusal of the whole row is the row's. */
export const fieldLabel = (field: string) => (field in fieldLabels ? fieldLabels[field as ImportField] : 'Row');

/** The refused rows as a CSV to mend and upload again: the file's own columns and values, and an "error" column. */
export function refusedRowsCsv(headers: readonly string[], rows: readonly (readonly string[])[], errors: readonly RowError[]): string {
  const byRow = new Map<number, string[]>();
  for (const error of errors) {
    const messages = byRow.get(error.row) ?? [];
    messages.push(`${fieldLabel(error.field)}: ${error.message}`);
    byRow.set(error.row, messages);
  }
  const lines = [...byRow.keys()]
    .sort((a, b) => a - b)
    .map((row) => {
      const cells = headers.map((_, column) => rows[row - 1]?.[column] ?? '');
      return [...cells, byRow.get(row)!.join('; ')];
    });
  return Papa.unparse({ fields: [...headers, 'error'], data: lines }, { newline: '\r\n' });
}
