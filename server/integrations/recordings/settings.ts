import * as v from 'valibot';
import type { IntegrationSettings } from '../settings.ts';

/** The recordings store's settings at start-up (docs/integrations.md "Recordings store"). */
export type RecordingsSettings =
  | {
      kind: 'files';
      /** RECORDINGS_DIR; null: `<DATA_DIR>/recordings`. */
      directory: string | null;
    }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible store's URL (MinIO, Ceph, R2…); null: AWS's own endpoint for the region. */
      endpoint: string | null;
      /** `https://host/bucket/key` instead of `https://bucket.host/key` (most S3-compatible stores need it). */
      forcePathStyle: boolean;
      /** Put before every key ('' or ending in '/'), so the recordings can share a bucket. */
      prefix: string;
    };

const flag = v.pipe(
  v.string(),
  v.regex(/^(true|false|1|0)$/i, 'must be true or false'),
  v.transform((value) => ['true', '1'].includes(value.toLowerCase())),
);

/** A prefix in the port's key layout: folders of letters, digits, '-', '_', '.' (none '.' or '..' alone), '/' after each. */
const isPrefix = (prefix: string) =>
  prefix === '' || prefix.replace(/\/$/, '').split('/').every((segment) => /^[A-Za-z0-9._-]+$/.test(segment) && segment !== '.' && segment !== '..');

export const recordingsSettings: IntegrationSettings<RecordingsSettings> = {
  variable: 'RECORDINGS_STORE',
  fallback: 'files',
  adapters: {
    files: v.pipe(
      v.object({ RECORDINGS_DIR: v.optional(v.string()) }),
      v.transform((env) => ({ kind: 'files' as const, directory: env.RECORDINGS_DIR ?? null })),
    ),
    s3: v.pipe(
      v.object({
        // S3's bucket naming rules: 3 to 63 lower-case letters, digits, dots and hyphens.
        RECORDINGS_S3_BUCKET: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3 to 63 lower-case letters, digits, dots or hyphens)')),
        RECORDINGS_S3_REGION: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as eu-west-1'))),
        // The SDK's own default chain reads it too; here it stands in for a missing RECORDINGS_S3_REGION.
        AWS_REGION: v.optional(v.string()),
        RECORDINGS_S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url('must be an http:// or https:// URL'), v.regex(/^https?:\/\//i, 'must be an http:// or https:// URL'))),
        RECORDINGS_S3_FORCE_PATH_STYLE: v.optional(flag, 'false'),
        RECORDINGS_S3_PREFIX: v.optional(v.pipe(v.string(), v.check(isPrefix, "must be folder names of letters, digits, '-', '_' or '.' separated by '/'")), ''),
      }),
      // A region is needed to sign requests: the store's own variable, or the SDK's AWS_REGION.
      v.forward(
        v.check((env) => (env.RECORDINGS_S3_REGION ?? env.AWS_REGION) !== undefined, 'is required'),
        ['RECORDINGS_S3_REGION'],
      ),
      v.transform((env) => ({
        kind: 's3' as const,
        bucket: env.RECORDINGS_S3_BUCKET,
        region: (env.RECORDINGS_S3_REGION ?? env.AWS_REGION)!,
        endpoint: env.RECORDINGS_S3_ENDPOINT?.replace(/\/+$/, '') ?? null,
        forcePathStyle: env.RECORDINGS_S3_FORCE_PATH_STYLE,
        prefix: env.RECORDINGS_S3_PREFIX === '' || env.RECORDINGS_S3_PREFIX.endsWith('/') ? env.RECORDINGS_S3_PREFIX : `${env.RECORDINGS_S3_PREFIX}/`,
      })),
    ),
  },
};
