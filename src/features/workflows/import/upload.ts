/**
 * Sends a file's rows to `batchCreate` batch by batch (issue 43, CSV import), and sums what the
 * server answered: the counts are of what was written, never of what was read.
 */
import type { WorkflowItemBatchResult } from '../../../../domain/workflows.ts';
import type { Batch } from './protocol.ts';

export type ImportTotals = { created: number; skipped: number; refused: WorkflowItemBatchResult['refused']; rowsSent: number; batchesDone: number };

export const noTotals = (): ImportTotals => ({ created: 0, skipped: 0, refused: [], rowsSent: 0, batchesDone: 0 });

/** Rows refused: a row refused on two fields is one row. */
export const refusedRows = (refused: WorkflowItemBatchResult['refused']) => new Set(refused.map((error) => error.row)).size;

/**
 * The Idempotency-Key of a batch: the same for the same file and batch however often it is sent
 * (a retry, Try again after a failure), so the server answers a batch it already wrote with what
 * it wrote then, instead of writing it twice.
 */
export const batchKey = (importId: string, index: number) => `csv-import-${importId}-batch-${index}`;

export type SendBatch = (batch: Batch, idempotencyKey: string) => Promise<WorkflowItemBatchResult>;

export type ImportRun = {
  importId: string;
  batches: number;
  batch(index: number): Promise<Batch>;
  send: SendBatch;
  /** Whether a failure may pass with time (no answer, a 5xx): the batch is sent again, with its key. */
  isTransient(error: unknown): boolean;
  onProgress(totals: ImportTotals): void;
  /** Asked before each batch: true stops the import there (Stop, Escape). */
  stopped(): boolean;
  /** Waits before a retry (tests pass one that does not wait). */
  wait?(ms: number): Promise<void>;
  /** Tries of a batch before the import stops on its failure. */
  tries?: number;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends batches from `totals.batchesDone` on (so Try again goes on where a failure stopped) and
 * returns the totals; a batch that fails for good throws, with the totals so far in `totals`.
 */
export async function runImport(run: ImportRun, totals: ImportTotals = noTotals()): Promise<ImportTotals> {
  const { tries = 3, wait = sleep } = run;
  let sum = { ...totals, refused: [...totals.refused] };
  for (let index = sum.batchesDone; index < run.batches; index++) {
    if (run.stopped()) break;
    const batch = await run.batch(index);
    let answer: WorkflowItemBatchResult | undefined;
    for (let attempt = 1; answer === undefined; attempt++) {
      try {
        answer = await run.send(batch, batchKey(run.importId, index));
      } catch (error) {
        if (attempt >= tries || !run.isTransient(error)) throw new ImportFailed(error, sum);
        await wait(1000 * attempt);
      }
    }
    sum = {
      created: sum.created + answer.created,
      skipped: sum.skipped + answer.skipped,
      refused: [...sum.refused, ...answer.refused],
      rowsSent: sum.rowsSent + batch.items.length,
      batchesDone: index + 1,
    };
    run.onProgress(sum);
  }
  return sum;
}

/** A batch failed for good: why, and what the batches before it wrote. */
export class ImportFailed extends Error {
  constructor(
    readonly reason: unknown,
    readonly totals: ImportTotals,
  ) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}
