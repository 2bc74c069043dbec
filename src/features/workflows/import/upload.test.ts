import { describe, expect, it } from 'vitest';
import type { WorkflowItemBatchResult } from '../../../../domain/workflows.ts';
import type { Batch } from './protocol.ts';
import { batchKey, ImportFailed, runImport, type ImportTotals } from './upload.ts';

const batchOf = (index: number): Batch => ({ rowOffset: index * 1000, items: Array.from({ length: index === 2 ? 5 : 1000 }, () => ({ generalInfo: { patientName: 'A', phone: '5035550142' } })) });
const network = new Error('no answer');

function server(script: ((key: string, batch: Batch) => WorkflowItemBatchResult | Error)[]) {
  const sent: { key: string; rowOffset: number }[] = [];
  return {
    sent,
    send: (batch: Batch, key: string) => {
      sent.push({ key, rowOffset: batch.rowOffset });
      const answer = script.shift()!(key, batch);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
}

const run = (send: (batch: Batch, key: string) => Promise<WorkflowItemBatchResult>, progress: ImportTotals[] = [], stopAfter = Infinity) => ({
  importId: 'f1',
  batches: 3,
  batch: (index: number) => Promise.resolve(batchOf(index)),
  send,
  isTransient: (error: unknown) => error === network,
  onProgress: (totals: ImportTotals) => progress.push(totals),
  stopped: () => progress.length >= stopAfter,
  wait: () => Promise.resolve(),
});

describe('sending a file in batches', () => {
  it('sends every batch with its row offset and its own key, and sums what the server answered', async () => {
    const s = server([
      () => ({ created: 990, skipped: 8, refused: [{ row: 17, field: 'phone', message: 'bad' }, { row: 17, field: 'dob', message: 'bad' }, { row: 400, field: 'phone', message: 'bad' }] }),
      () => ({ created: 1000, skipped: 0, refused: [] }),
      () => ({ created: 3, skipped: 1, refused: [{ row: 2004, field: 'patientName', message: 'required' }] }),
    ]);
    const progress: ImportTotals[] = [];
    const totals = await runImport(run(s.send, progress));
    expect(s.sent).toEqual([
      { key: batchKey('f1', 0), rowOffset: 0 },
      { key: batchKey('f1', 1), rowOffset: 1000 },
      { key: batchKey('f1', 2), rowOffset: 2000 },
    ]);
    expect(totals).toMatchObject({ created: 1993, skipped: 9, rowsSent: 2005, batchesDone: 3 });
    expect(totals.refused.map((r) => r.row)).toEqual([17, 17, 400, 2004]);
    expect(progress.map((p) => p.rowsSent)).toEqual([1000, 2000, 2005]);
  });

  it('sends a batch that got no answer again with the same key, and counts it once', async () => {
    const s = server([() => network, () => ({ created: 1000, skipped: 0, refused: [] }), () => network, () => network, () => ({ created: 1000, skipped: 0, refused: [] }), () => ({ created: 5, skipped: 0, refused: [] })]);
    const totals = await runImport(run(s.send));
    expect(s.sent.map((x) => x.key)).toEqual([batchKey('f1', 0), batchKey('f1', 0), batchKey('f1', 1), batchKey('f1', 1), batchKey('f1', 1), batchKey('f1', 2)]);
    expect(totals.created).toBe(2005);
  });

  it('stops on a refusal or after three tries, with what the batches before wrote; Try again goes on from the failed batch', async () => {
    const s = server([() => ({ created: 1000, skipped: 0, refused: [] }), () => network, () => network, () => network]);
    const failure = await runImport(run(s.send)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ImportFailed);
    const { totals } = failure as ImportFailed;
    expect(totals).toMatchObject({ created: 1000, batchesDone: 1 });

    const again = server([() => ({ created: 1000, skipped: 0, refused: [] }), () => ({ created: 5, skipped: 0, refused: [] })]);
    const done = await runImport(run(again.send), totals);
    expect(again.sent.map((x) => x.key)).toEqual([batchKey('f1', 1), batchKey('f1', 2)]);
    expect(done.created).toBe(2005);

    const refused = server([() => new Error('This workflow is disabled')]);
    await expect(runImport(run(refused.send))).rejects.toThrow('This workflow is disabled');
    expect(refused.sent.length).toBe(1);
  });

  it('Stop ends it before the next batch, with what was written', async () => {
    const s = server([() => ({ created: 1000, skipped: 0, refused: [] }), () => ({ created: 1000, skipped: 0, refused: [] })]);
    const totals = await runImport(run(s.send, [], 1));
    expect(s.sent.length).toBe(1);
    expect(totals).toMatchObject({ created: 1000, batchesDone: 1 });
  });
});
