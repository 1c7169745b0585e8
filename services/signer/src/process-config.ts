import type { Env } from '@fe/platform';
import { s3BlobStoreConfigSchema } from '@fe/platform-s3';
import { readConfig, runtimeConfigSchema } from '@fe/service-runtime';
import { platformConfigSchema, tenantsConfigSchema } from '@fe/service-runtime/distributed';
import { signerConfigSchema } from './config.ts';

/**
 * Everything the signer's own process reads (docs/service.md, "signer"): runtime, platform, S3, tenants, the signer's
 * keys.
 */
export const signerProcessConfigSchema = runtimeConfigSchema
  .extend(platformConfigSchema.shape)
  .extend(s3BlobStoreConfigSchema.shape)
  .extend(tenantsConfigSchema.shape)
  .extend(signerConfigSchema.shape);

export type SignerProcessConfig = ReturnType<typeof signerProcessConfigFromEnv>;

export function signerProcessConfigFromEnv(env: Env) {
  return readConfig(signerProcessConfigSchema, env);
}
