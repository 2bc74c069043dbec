/** The recordings store in any S3-compatible object store (AWS S3, MinIO, Ceph, R2…), through the AWS SDK v3. */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException, type S3ClientConfig } from '@aws-sdk/client-s3';
import { checkedKey, RecordingStoreError, type ByteRange, type RecordingInfo, type RecordingStore } from './port.ts';

/** What the config loader read for S3 (server/integrations/recordings/settings.ts). */
export type S3RecordingOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible store's URL; null: AWS's own endpoint. */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** '' or ending in '/'. */
  prefix: string;
  /** Tests: fixed credentials (the default chain otherwise: environment, profile, SSO, the instance's role…). */
  credentials?: S3ClientConfig['credentials'];
};

/**
 * The SDK's error of a missing object: NoSuchKey from GetObject, a body-less 404 ("NotFound") from
 * HeadObject. A missing bucket (NoSuchBucket) is a store that is not set up: unavailable.
 */
const isMissing = (error: unknown) => error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');

/** The first byte a GetObject answer starts at: its Content-Range's, or 0 for an answer of the whole object. */
const servedStart = (contentRange: string | undefined) => Number(/^bytes (\d+)-\d+\/\d+$/.exec(contentRange ?? '')?.[1] ?? 0);

/**
 * `length` bytes of `stream` after its first `skip`: what was asked of a store that answered more
 * (HTTP lets a server ignore Range and send the whole; some S3-compatible stores answer a wider
 * range than asked). The rest is not read: the source is cancelled once the part is through.
 */
function part(stream: ReadableStream<Uint8Array>, skip: number, length: number): ReadableStream<Uint8Array> {
  let position = 0;
  const end = skip + length;
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const from = Math.max(skip - position, 0);
        const to = Math.min(end - position, chunk.byteLength);
        position += chunk.byteLength;
        if (to > from) controller.enqueue(chunk.subarray(from, to));
        if (position >= end) controller.terminate();
      },
    }),
  );
}

export function createS3RecordingStore(options: S3RecordingOptions): RecordingStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint && {
      endpoint: options.endpoint,
      // S3-compatible stores do not all know the CRC checksums the SDK adds by default since
      // 3.729; they are sent (and checked) only where S3 requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED' as const,
      responseChecksumValidation: 'WHEN_REQUIRED' as const,
    }),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials && { credentials: options.credentials }),
    maxAttempts: 3,
  });
  const Bucket = options.bucket;
  // The port's check comes first, so an invalid key never reaches the store.
  const keyOf = (key: string) => `${options.prefix}${checkedKey(key)}`;
  const unavailable = (error: unknown): never => {
    throw new RecordingStoreError('unavailable', { cause: error });
  };

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const Key = keyOf(key);
      await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType, ContentLength: body.byteLength })).catch(unavailable);
    },
    async stat(key): Promise<RecordingInfo | null> {
      const Key = keyOf(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isMissing(error)) return null;
        return unavailable(error);
      }
    },
    async read(key, range?: ByteRange) {
      const Key = keyOf(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key, ...(range && { Range: `bytes=${range.start}-${range.end}` }) }));
        if (!answer.Body) throw new Error('GetObject answered without a body');
        const stream = answer.Body.transformToWebStream() as ReadableStream<Uint8Array>;
        if (!range) return stream;
        const skip = range.start - servedStart(answer.ContentRange);
        const length = range.end - range.start + 1;
        if (skip < 0) {
          void stream.cancel();
          throw new Error('GetObject answered a range starting after the one asked');
        }
        return skip === 0 && answer.ContentLength === length ? stream : part(stream, skip, length);
      } catch (error) {
        throw new RecordingStoreError(isMissing(error) ? 'not_found' : 'unavailable', { cause: error });
      }
    },
    async delete(key) {
      const Key = keyOf(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key })).catch(unavailable);
    },
  };
}
