/**
 * The recordings store (issue 26): where the audio of calls is kept. This file is the port: the
 * interface, its types and its one error type. The adapters (files.ts: under DATA_DIR; s3.ts: any
 * S3-compatible store) import this file alone; index.ts only chooses between them.
 *
 * Keys are relative, '/'-separated paths made by the portal (`<accountId>/<interactionId>/<eventId>/<name>`);
 * a key with an empty, '.' or '..' segment, a backslash or a NUL is refused (`invalid_key`) before
 * any adapter touches storage, so no key leaves the store.
 */

export type RecordingInfo = { size: number; contentType: string };

/** Inclusive byte range, as HTTP's Range header names it. */
export type ByteRange = { start: number; end: number };

export type RecordingStore = {
  /** 'files' or 's3': which adapter answers (for logs and tests). */
  readonly kind: string;
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Size and type, or null when there is no such recording. */
  stat(key: string): Promise<RecordingInfo | null>;
  /** The bytes of `range` (the whole object when absent), as a web stream. */
  read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>>;
  delete(key: string): Promise<void>;
};

export type RecordingStoreFailure = 'invalid_key' | 'not_found' | 'unavailable';

const texts: Record<RecordingStoreFailure, string> = {
  invalid_key: 'The recording path is not valid.',
  not_found: 'The recording does not exist.',
  unavailable: 'The recordings store did not answer.',
};

/** The store's one error type; the vendor's (or file system's) own error stays in `cause`, never sent to a client. */
export class RecordingStoreError extends Error {
  constructor(
    readonly reason: RecordingStoreFailure,
    options?: { cause?: unknown },
  ) {
    super(texts[reason], options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RecordingStoreError';
  }
}

/** A key the store accepts: 1–512 characters, segments of letters, digits, '-', '_', '.' (not '.' or '..' alone). */
export function checkedKey(key: string): string {
  const segments = key.split('/');
  const valid =
    key.length > 0 &&
    key.length <= 512 &&
    segments.every((segment) => /^[A-Za-z0-9._-]+$/.test(segment) && segment !== '.' && segment !== '..');
  if (!valid) throw new RecordingStoreError('invalid_key');
  return key;
}
