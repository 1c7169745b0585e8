import type { Env } from '@fe/platform';
import { s3BlobStoreConfigSchema } from '@fe/platform-s3';
import { readConfig, readNestedConfig, runtimeConfigSchema } from '@fe/service-runtime';
import { platformConfigSchema, tenantsConfigSchema } from '@fe/service-runtime/distributed';
import { z } from 'zod';
import { submitterConfigFromEnv, submitterConfigSchema } from './config.ts';

/** What the submitter's own process reads besides the service's keys (submitterConfigSchema). */
export const submitterProcessConfigSchema = runtimeConfigSchema
  .extend(platformConfigSchema.shape)
  .extend(s3BlobStoreConfigSchema.shape)
  .extend(tenantsConfigSchema.shape)
  .extend({
    slotConnections: z.coerce
      .number()
      .int()
      .min(1)
      .max(200)
      .default(16)
      .describe(
        'SUBMIT_SLOT_CONNECTIONS: connections kept for held DIAN call slots (one per call in flight from this process); when all are held, a call waits on the retry schedule.',
      ),
  });

/**
 * Everything the submitter's process reads (docs/service.md, "submitter"); every bad variable named in one
 * CONFIG_INVALID.
 */
export function submitterProcessConfigFromEnv(env: Env) {
  const process = readConfig(submitterProcessConfigSchema, env);
  return { ...process, submitter: readNestedConfig(submitterConfigSchema, () => submitterConfigFromEnv({ ...env })) };
}
