import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeRecordingStoreContract, sampleBytes } from './contract.ts';
import { createFileRecordingStore } from './files.ts';

let root: string;
beforeAll(async () => {
  // The store's folder inside another, so a file written beside it (a key that left it) would be seen.
  root = path.join(await mkdtemp(path.join(tmpdir(), 'astera-files-store-')), 'recordings');
});
afterAll(() => rm(path.dirname(root), { recursive: true, force: true }));

/** Every file under the store's parent folder: a key that left the store would add one. */
const files = async () => (await readdir(path.dirname(root), { recursive: true }).catch(() => [])).length;
describeRecordingStoreContract('files', () => ({ store: createFileRecordingStore(root) }));

it('a refused key leaves no file anywhere near the store', async () => {
  const store = createFileRecordingStore(root);
  await store.put('a/b/c/d.wav', sampleBytes(10), 'audio/wav');
  const before = await files();
  for (const key of ['../x', 'a/../../b', '../../escape.wav', 'a\\..\\..\\b']) await store.put(key, sampleBytes(10), 'audio/wav').catch(() => undefined);
  expect(await files()).toBe(before);
});
