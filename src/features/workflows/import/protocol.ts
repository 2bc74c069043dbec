/** What the page and the import's worker (csv-import.worker.ts) say to each other. */
import type { Mapping } from './mapping.ts';
import type { Preview, RowError, RowInfo } from './rows.ts';

export type WorkerRequest =
  | { id: number; type: 'read'; file: File }
  | { id: number; type: 'check'; mapping: Mapping; existing: string[] }
  | { id: number; type: 'batch'; index: number }
  | { id: number; type: 'refusedCsv'; errors: RowError[] };

export type FileRead = { headers: string[]; rows: number; samples: string[][] };
export type Checked = { preview: Preview; batches: number };
export type Batch = { rowOffset: number; items: { generalInfo: RowInfo }[] };

export type WorkerAnswer =
  | { id: number; type: 'progress'; bytes: number; total: number }
  | { id: number; type: 'read'; result: FileRead }
  | { id: number; type: 'checked'; result: Checked }
  | { id: number; type: 'batch'; result: Batch }
  | { id: number; type: 'refusedCsv'; result: string }
  | { id: number; type: 'failed'; message: string };
