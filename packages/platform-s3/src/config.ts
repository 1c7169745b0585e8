import { configFromEnv, envNamesOf, type Env } from '@fe/platform';
import { z } from 'zod';

/** S3 caps a SigV4 presigned link at 7 days (X-Amz-Expires ≤ 604800). */
export const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

/**
 * Where the distributed shape keeps blobs. The keys have no default: a default secret is never safe, so a service
 * using S3 refuses to start without them.
 */
const origin = () =>
  z
    .url({ protocol: /^https?$/ })
    .refine((url) => new URL(url).pathname === '/', 'scheme, host and port only: S3 paths start with the bucket');

export const s3BlobStoreConfigSchema = z.object({
  endpoint: origin()
    .default('http://127.0.0.1:9000')
    .describe(
      'FE_S3_ENDPOINT: the S3 server the services write to and read from (http or https, any S3: MinIO, versitygw, AWS).',
    ),
  publicEndpoint: origin()
    .optional()
    .describe(
      'FE_S3_PUBLIC_ENDPOINT: the address clients fetch xml_url and pdf_url from, when it is not FE_S3_ENDPOINT (SigV4 signs the host); default FE_S3_ENDPOINT.',
    ),
  bucket: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name: 3–63 lowercase letters, digits, dots and hyphens')
    .default('fe-documents')
    .describe('FE_S3_BUCKET: the bucket of signed XML, PDFs and DIAN answers; created at start if missing.'),
  accessKey: z.string().min(1).describe('FE_S3_ACCESS_KEY: the access key id (required).'),
  secretKey: z.string().min(1).describe('FE_S3_SECRET_KEY: the secret access key (required; never logged).'),
  region: z
    .string()
    .min(1)
    .default('us-east-1')
    .describe('FE_S3_REGION: the region requests are signed for (MinIO and versitygw accept us-east-1).'),
  requestTimeoutMs: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(10_000)
    .describe(
      'FE_S3_REQUEST_TIMEOUT_MS: longest a single S3 request may take, connect to last byte, before it fails with a retriable STORE_UNAVAILABLE.',
    ),
});

export type S3BlobStoreConfig = z.infer<typeof s3BlobStoreConfigSchema>;

/** Environment variable of each key, as written in its description. */
export const s3BlobStoreEnv = envNamesOf(s3BlobStoreConfigSchema);

export function s3BlobStoreConfigFromEnv(env: Env): S3BlobStoreConfig {
  return configFromEnv(s3BlobStoreConfigSchema, env);
}
