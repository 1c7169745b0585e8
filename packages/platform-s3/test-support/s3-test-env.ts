import { randomBytes } from 'node:crypto';
import { Client } from 'minio';
import { s3BlobStoreConfigSchema, type S3BlobStoreConfig } from '../src/config.ts';

const VARIABLES = ['FE_TEST_S3_ENDPOINT', 'FE_TEST_S3_ACCESS_KEY', 'FE_TEST_S3_SECRET_KEY'] as const;

/**
 * The integration run's S3 server with a bucket for the calling file. Missing variables fail the run: a test that
 * quietly skips would report the adapter as tested.
 */
export function s3TestConfig(file: string, env = process.env): S3BlobStoreConfig {
  const missing = VARIABLES.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(', ')} not set: start the S3 server (infra scripts, or docs/platform.md "S3 by hand") and export them`,
    );
  }
  return s3BlobStoreConfigSchema.parse({
    endpoint: env.FE_TEST_S3_ENDPOINT,
    accessKey: env.FE_TEST_S3_ACCESS_KEY,
    secretKey: env.FE_TEST_S3_SECRET_KEY,
    bucket: uniqueBucket(file),
  });
}

/** `fe-test-<file>-<random>`: test files run in parallel against one server. */
export function uniqueBucket(file: string): string {
  const stem = file
    .replace(/^.*\//, '')
    .replace(/\..*$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 30);
  return `fe-test-${stem}-${randomBytes(4).toString('hex')}`;
}

/** Empties and removes a test bucket, so repeated runs leave the server as they found it. */
export async function removeBucket(config: S3BlobStoreConfig): Promise<void> {
  const endpoint = new URL(config.endpoint);
  const client = new Client({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port),
    useSSL: endpoint.protocol === 'https:',
    accessKey: config.accessKey,
    secretKey: config.secretKey,
    region: config.region,
    pathStyle: true,
  });
  if (!(await client.bucketExists(config.bucket))) return;
  const names: string[] = [];
  for await (const item of client.listObjectsV2(config.bucket, '', true)) if (item.name) names.push(item.name);
  if (names.length > 0) await client.removeObjects(config.bucket, names);
  await client.removeBucket(config.bucket);
}
