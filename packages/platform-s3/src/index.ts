// The public surface of @fe/platform-s3. Anything not exported here is private.
export { S3BlobStore, type S3BlobStoreOptions } from './s3-blob-store.ts';
export {
  s3BlobStoreConfigSchema,
  s3BlobStoreConfigFromEnv,
  s3BlobStoreEnv,
  MAX_PRESIGN_SECONDS,
  type S3BlobStoreConfig,
} from './config.ts';
export type { Transport } from './deadline-transport.ts';
