import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RecordingStoreError, type RecordingStore } from './port.ts';

/** What a contract run needs from an adapter's test: the store, empty or not (each test uses keys of its own). */
export type RecordingStoreWorld = {
  store: RecordingStore;
  /** How many requests reached the storage behind the adapter so far (files: none is counted), to prove that refused keys reach none. */
  touches?: () => number;
};

/** Bytes 0..n-1 of a recognisable pattern (each byte differs from its neighbours), standing in for audio. */
export const sampleBytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + (i >> 8)) % 256);

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Keys that try to leave the store or are no key: every adapter refuses them before touching storage. */
export const invalidKeys = [
  '',
  '../x',
  'a/../../b',
  'a/./b',
  '..',
  '.',
  '/abs/path',
  'a//b',
  'a/',
  '%2e%2e/x',
  'a/%2e%2e/b',
  'a\u0000b',
  'a\\..\\b',
  'a\\b',
  'a b',
  'a/b?c',
  'a/b#c',
  'é/x',
  'x'.repeat(513),
];

/**
 * The recordings store's contract: the same expectations for the file adapter and for every real
 * one (architecture "Integrations"). `world` is called before each test.
 */
export function describeRecordingStoreContract(name: string, world: () => Promise<RecordingStoreWorld> | RecordingStoreWorld) {
  describe(`recordings store contract: ${name}`, () => {
    const keyOf = (file = 'leg-1.wav') => `${randomUUID()}/${randomUUID()}/event-1/${file}`;

    it('keeps what is put: stat gives its size and content type, read gives every byte', async () => {
      const { store } = await world();
      const key = keyOf();
      const body = sampleBytes(70_000);
      await store.put(key, body, 'audio/wav');
      expect(await store.stat(key)).toEqual({ size: 70_000, contentType: 'audio/wav' });
      expect(await bytesOf(await store.read(key))).toEqual(body);
    });

    it('reads inclusive byte ranges exactly: the first byte, a middle part, the last byte, the whole', async () => {
      const { store } = await world();
      const key = keyOf('leg-2.ogg');
      const body = sampleBytes(10_000);
      await store.put(key, body, 'audio/ogg');
      for (const [start, end] of [
        [0, 0],
        [0, 1023],
        [1234, 5677],
        [9999, 9999],
        [0, 9999],
        [4096, 9999],
      ] as const) {
        expect(await bytesOf(await store.read(key, { start, end })), `bytes ${start}-${end}`).toEqual(body.slice(start, end + 1));
      }
    });

    it('replaces a recording put again under the same key (bytes and type)', async () => {
      const { store } = await world();
      const key = keyOf();
      await store.put(key, sampleBytes(500), 'audio/wav');
      await store.put(key, sampleBytes(300).reverse(), 'audio/mpeg');
      expect(await store.stat(key)).toEqual({ size: 300, contentType: 'audio/mpeg' });
      expect(await bytesOf(await store.read(key))).toEqual(sampleBytes(300).reverse());
    });

    it('knows no missing key: stat answers null, read refuses with not_found, delete does nothing', async () => {
      const { store } = await world();
      const key = keyOf('never-put.wav');
      expect(await store.stat(key)).toBeNull();
      const error = await store.read(key).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RecordingStoreError);
      expect((error as RecordingStoreError).reason).toBe('not_found');
      await expect(store.delete(key)).resolves.toBeUndefined();
    });

    it('forgets a deleted recording', async () => {
      const { store } = await world();
      const key = keyOf();
      await store.put(key, sampleBytes(100), 'audio/wav');
      await store.delete(key);
      expect(await store.stat(key)).toBeNull();
      expect(((await store.read(key).catch((e: unknown) => e)) as RecordingStoreError).reason).toBe('not_found');
    });

    it('keeps keys apart: a key that is a prefix of another, or differs in case, is another recording', async () => {
      const { store } = await world();
      const base = `${randomUUID()}/${randomUUID()}/event-1`;
      await store.put(`${base}/a.wav`, sampleBytes(10), 'audio/wav');
      await store.put(`${base}/a.wav.1`, sampleBytes(20), 'audio/wav');
      expect((await store.stat(`${base}/a.wav`))?.size).toBe(10);
      expect((await store.stat(`${base}/a.wav.1`))?.size).toBe(20);
      expect(await store.stat(`${base}/A.wav`)).toBeNull();
      expect(await store.stat(`${base}/a.wa`)).toBeNull();
    });

    it.each(invalidKeys.map((key) => [JSON.stringify(key).slice(0, 40), key]))('refuses the key %s with invalid_key in every method, reaching no storage', async (_label, key) => {
      const { store, touches } = await world();
      const before = touches?.();
      const attempts = [store.put(key, sampleBytes(10), 'audio/wav'), store.stat(key), store.read(key), store.read(key, { start: 0, end: 1 }), store.delete(key)];
      for (const attempt of attempts) {
        const error = await attempt.then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(RecordingStoreError);
        expect((error as RecordingStoreError).reason).toBe('invalid_key');
      }
      if (touches) expect(touches()).toBe(before);
    });
  });
}
