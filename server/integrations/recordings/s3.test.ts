import { randomUUID } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, testS3Credentials } from '../../test/s3-server.ts';
import { describeRecordingStoreContract, sampleBytes } from './contract.ts';
import { RecordingStoreError } from './port.ts';
import { createS3RecordingStore, type S3RecordingOptions } from './s3.ts';

/**
 * The S3 adapter against an S3-compatible server started here (s3rver): the real SDK code runs,
 * its requests signed (SigV4) and checked, ranges and HEAD answered as S3 answers them.
 */
let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server(['recordings', 'shared']);
});
afterAll(() => s3?.close());

const options = (more: Partial<S3RecordingOptions> = {}): S3RecordingOptions => ({
  bucket: 'recordings',
  region: 'us-east-1',
  endpoint: s3.endpoint,
  forcePathStyle: true,
  prefix: '',
  credentials: testS3Credentials,
  ...more,
});

describeRecordingStoreContract('s3 (S3-compatible server)', () => ({ store: createS3RecordingStore(options()), touches: () => s3.requests() }));

describe('s3 adapter', () => {
  it('puts every key under the prefix, so the recordings can share a bucket', async () => {
    const store = createS3RecordingStore(options({ bucket: 'shared', prefix: 'calls/audio/' }));
    const key = `${randomUUID()}/${randomUUID()}/e1/leg-1.wav`;
    await store.put(key, sampleBytes(64), 'audio/wav');
    const raw = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: testS3Credentials });
    const object = await raw.send(new GetObjectCommand({ Bucket: 'shared', Key: `calls/audio/${key}` }));
    expect(await object.Body!.transformToByteArray()).toEqual(sampleBytes(64));
    expect(object.ContentType).toBe('audio/wav');
    // Without the prefix the same key is another object.
    expect(await createS3RecordingStore(options({ bucket: 'shared' })).stat(key)).toBeNull();
    raw.destroy();
  });

  it('answers a store that refuses it (a wrong secret: the signature does not match) as unavailable, the SDK error kept as the cause', async () => {
    const store = createS3RecordingStore(options({ credentials: { ...testS3Credentials, secretAccessKey: 'not-the-secret' } }));
    for (const attempt of [store.stat('a/b/c.wav'), store.read('a/b/c.wav'), store.put('a/b/c.wav', sampleBytes(1), 'audio/wav')]) {
      const error = await attempt.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(RecordingStoreError);
      expect((error as RecordingStoreError).reason).toBe('unavailable');
      expect((error as RecordingStoreError).cause).toMatchObject({ $metadata: { httpStatusCode: 403 } });
    }
  });

  it('answers a bucket that does not exist as unavailable, not as a missing recording', async () => {
    const store = createS3RecordingStore(options({ bucket: 'no-such-bucket' }));
    expect(((await store.read('a/b/c.wav').catch((e: unknown) => e)) as RecordingStoreError).reason).toBe('unavailable');
  });
});
