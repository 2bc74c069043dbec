/** The recordings store on the local disk: one file per recording under `<DATA_DIR>/recordings`. */
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { checkedKey, RecordingStoreError, type ByteRange, type RecordingInfo, type RecordingStore } from './port.ts';

/** The content type is kept beside the file (`<file>.type`), as an object store keeps it as metadata. */
const typeFile = (file: string) => `${file}.type`;

export function createFileRecordingStore(root: string): RecordingStore {
  const fileOf = (key: string) => {
    const file = path.resolve(root, ...checkedKey(key).split('/'));
    // checkedKey already refuses '..'; this is the belt to its braces.
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new RecordingStoreError('invalid_key');
    return file;
  };
  const missing = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'ENOENT';
  return {
    kind: 'files',
    async put(key, body, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      await writeFile(typeFile(file), contentType);
    },
    async stat(key): Promise<RecordingInfo | null> {
      const file = fileOf(key);
      try {
        const [info, contentType] = await Promise.all([stat(file), readFile(typeFile(file), 'utf8')]);
        return info.isFile() ? { size: info.size, contentType } : null;
      } catch (error) {
        if (missing(error)) return null;
        throw new RecordingStoreError('unavailable', { cause: error });
      }
    },
    async read(key, range?: ByteRange) {
      const file = fileOf(key);
      try {
        await stat(file);
      } catch (error) {
        throw new RecordingStoreError(missing(error) ? 'not_found' : 'unavailable', { cause: error });
      }
      const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(typeFile(file), { force: true });
    },
  };
}
