import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/** The key pair the S3-compatible test server accepts (s3rver's built-in account), signed with SigV4 like any request to S3. */
export const testS3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * An S3-compatible server on a free local port (s3rver, objects in a temporary folder) with the
 * given buckets, so the real AWS SDK code runs against the real protocol: signatures checked,
 * Range and HEAD answered as S3 answers them. `requests` counts the requests it received.
 */
export async function startS3Server(buckets: string[]) {
  const directory = await mkdtemp(path.join(tmpdir(), 'astera-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name, configs: [] })) });
  const { port } = await server.run();
  let requests = 0;
  server.httpServer.on('request', () => void requests++);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests: () => requests,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
