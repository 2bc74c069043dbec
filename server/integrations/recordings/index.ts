import path from 'node:path';
import { createFileRecordingStore } from './files.ts';
import type { RecordingStore } from './port.ts';
import { createS3RecordingStore } from './s3.ts';
import type { RecordingsSettings } from './settings.ts';

/**
 * The recordings store the configuration chose (`config.recordings`, read and checked by the
 * config loader from RECORDINGS_STORE and the adapter's settings): an S3-compatible bucket, or
 * files under RECORDINGS_DIR (by default `<DATA_DIR>/recordings`).
 */
export function createRecordingStore(settings: RecordingsSettings, dataDir: string): RecordingStore {
  if (settings.kind === 's3') return createS3RecordingStore(settings);
  return createFileRecordingStore(path.resolve(settings.directory ?? path.join(dataDir, 'recordings')));
}
