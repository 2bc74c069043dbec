/**
 * The CSV import's worker (issue 43): the file read, parsed, checked row by row and cut into
 * batches off the page's thread, so a file of 100,000 rows never freezes the page. It keeps the
 * file's rows; the page asks for what it shows and sends.
 */
import type { Mapping } from './mapping.ts';
import type { WorkerAnswer, WorkerRequest } from './protocol.ts';
import { readCsv } from './read-csv.ts';
import { batchRanges, previewRows, refusedRowsCsv, rowInfo, type BatchRange, type RowInfo } from './rows.ts';

/** The worker's own scope (the project's types are the page's: DOM, not WebWorker). */
const scope = self as unknown as { postMessage(message: WorkerAnswer): void; onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null };

let headers: string[] = [];
let rows: string[][] = [];
let infos: RowInfo[] = [];
let ranges: BatchRange[] = [];

const answer = (message: WorkerAnswer) => scope.postMessage(message);

/** Progress is told at most every 100 ms: a message per chunk would keep the page busy for nothing. */
const progressEveryMs = 100;

async function read(id: number, file: File) {
  headers = [];
  rows = [];
  let told = 0;
  await readCsv(
    file,
    (chunk) => {
      for (const cells of chunk) {
        if (headers.length === 0 && rows.length === 0) headers = cells.map((cell) => cell.trim());
        else rows.push(cells);
      }
    },
    ({ bytes, total }) => {
      const now = Date.now();
      if (now - told < progressEveryMs && bytes < total) return;
      told = now;
      answer({ id, type: 'progress', bytes, total });
    },
    () => {
      headers = [];
      rows = [];
    },
  );
  answer({ id, type: 'read', result: { headers, rows: rows.length, samples: rows.slice(0, 3) } });
}

function check(id: number, mapping: Mapping, existing: string[]) {
  infos = rows.map((cells) => rowInfo(cells, mapping));
  ranges = batchRanges(infos);
  const preview = previewRows(rows, mapping, new Set(existing));
  answer({ id, type: 'checked', result: { preview, batches: ranges.length } });
}

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  const run = async () => {
    switch (request.type) {
      case 'read':
        return read(request.id, request.file);
      case 'check':
        return check(request.id, request.mapping, request.existing);
      case 'batch': {
        const range = ranges[request.index];
        if (!range) throw new Error('No such batch');
        return answer({ id: request.id, type: 'batch', result: { rowOffset: range.start, items: infos.slice(range.start, range.end).map((generalInfo) => ({ generalInfo })) } });
      }
      case 'refusedCsv':
        return answer({ id: request.id, type: 'refusedCsv', result: refusedRowsCsv(headers, rows, request.errors) });
    }
  };
  run().catch((error: unknown) => answer({ id: request.id, type: 'failed', message: error instanceof Error ? error.message : String(error) }));
};
