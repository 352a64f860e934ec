import { Type } from 'typebox';
import type { ConfigProblem } from './read.js';

/** Where archives are stored: a local folder (default) or any S3-compatible bucket. */
export const storageSchema = Type.Object({
  BLOB_STORE: Type.Union([Type.Literal('local'), Type.Literal('s3')], {
    default: 'local',
    description: 'Archive storage backend: `local` (a folder) or `s3` (an S3-compatible bucket).',
  }),
  BLOB_DIR: Type.Optional(Type.String({ description: 'Folder for `local` storage; default `DATA_DIR/blobs`.' })),
  S3_BUCKET: Type.Optional(Type.String({ minLength: 3, description: 'Bucket for `s3` storage (required then).' })),
  S3_REGION: Type.String({ default: 'us-east-1', description: 'Region of the bucket.' }),
  S3_ENDPOINT: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description: 'Endpoint of an S3-compatible service (MinIO, R2, ...); unset for AWS.',
    }),
  ),
  S3_ACCESS_KEY_ID: Type.Optional(
    Type.String({ description: 'Access key; unset to use the default AWS credential chain.' }),
  ),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ description: 'Secret key paired with S3_ACCESS_KEY_ID.' })),
  S3_FORCE_PATH_STYLE: Type.Boolean({
    default: false,
    description: 'Address the bucket as `endpoint/bucket/key` (MinIO and most self-hosted services need this).',
  }),
  S3_PUBLIC_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description:
        'Public or CDN base URL that serves the bucket; downloads point there. Unset: downloads go through the API.',
    }),
  ),
  S3_KEY_PREFIX: Type.String({
    default: '',
    pattern: '^([A-Za-z0-9][A-Za-z0-9._-]*/)*$',
    description: 'Prefix for every object key, ending in `/` (e.g. `registry/`), to share a bucket.',
  }),
});

/** Settings that only make sense together: `s3` needs a bucket, keys come in pairs. */
export function storageProblems(storage: {
  BLOB_STORE: string;
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
}): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (storage.BLOB_STORE === 's3' && !storage.S3_BUCKET) {
    problems.push({ variable: 'S3_BUCKET', message: 'must be set when BLOB_STORE=s3' });
  }
  if (Boolean(storage.S3_ACCESS_KEY_ID) !== Boolean(storage.S3_SECRET_ACCESS_KEY)) {
    problems.push({
      variable: storage.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    });
  }
  return problems;
}
