import type { Env } from '@fe/platform';
import { s3BlobStoreConfigSchema } from '@fe/platform-s3';
import { readConfig, runtimeConfigSchema } from '@fe/service-runtime';
import { platformConfigSchema } from '@fe/service-runtime/distributed';
import { z } from 'zod';
import { rendererConfigSchema } from './config.ts';

/** Everything the renderer's own process reads (docs/service.md, "renderer"). */
export const rendererProcessConfigSchema = runtimeConfigSchema
  .extend(platformConfigSchema.shape)
  .extend(s3BlobStoreConfigSchema.shape)
  .extend(rendererConfigSchema.shape)
  .extend({
    poolSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(1)
      .describe('RENDERER_POOL_SIZE: PDF worker threads of this process (scale with more processes first).'),
  });

export function rendererProcessConfigFromEnv(env: Env) {
  return readConfig(rendererProcessConfigSchema, env);
}
