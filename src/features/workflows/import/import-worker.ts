/** The page's side of the import's worker: one worker per file, asked by promise, ended by Cancel. */
import type { Mapping } from './mapping.ts';
import type { Batch, Checked, FileRead, WorkerAnswer, WorkerRequest } from './protocol.ts';
import type { RowError } from './rows.ts';

type Pending = { resolve(value: unknown): void; reject(error: Error): void; onProgress?(bytes: number, total: number): void };

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export class ImportWorker {
  readonly #worker = new Worker(new URL('./csv-import.worker.ts', import.meta.url), { type: 'module', name: 'csv-import' });
  readonly #pending = new Map<number, Pending>();
  #next = 1;
  #ended = false;

  constructor() {
    this.#worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      const message = event.data;
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      if (message.type === 'progress') return pending.onProgress?.(message.bytes, message.total);
      this.#pending.delete(message.id);
      if (message.type === 'failed') pending.reject(new Error(message.message));
      else pending.resolve(message.result);
    };
    this.#worker.onerror = (event) => {
      event.preventDefault();
      for (const pending of this.#pending.values()) pending.reject(new Error(event.message || 'The file could not be read'));
      this.#pending.clear();
    };
  }

  #ask<T>(request: Request, onProgress?: Pending['onProgress']): Promise<T> {
    if (this.#ended) return Promise.reject(new Error('Cancelled'));
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, onProgress });
      this.#worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  read(file: File, onProgress: (bytes: number, total: number) => void) {
    return this.#ask<FileRead>({ type: 'read', file }, onProgress);
  }

  check(mapping: Mapping, existing: string[]) {
    return this.#ask<Checked>({ type: 'check', mapping, existing });
  }

  batch(index: number) {
    return this.#ask<Batch>({ type: 'batch', index });
  }

  refusedCsv(errors: RowError[]) {
    return this.#ask<string>({ type: 'refusedCsv', errors });
  }

  /** Stops whatever the worker is doing (Cancel): it is ended, not asked. */
  terminate() {
    this.#ended = true;
    this.#worker.terminate();
    for (const pending of this.#pending.values()) pending.reject(new Error('Cancelled'));
    this.#pending.clear();
  }
}
