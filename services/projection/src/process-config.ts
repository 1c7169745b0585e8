import type { Env } from '@fe/platform';
import { readConfig, runtimeConfigSchema } from '@fe/service-runtime';
import { platformConfigSchema } from '@fe/service-runtime/distributed';

/** Everything the projection's own process reads (docs/service.md, "projection"). */
export const projectionProcessConfigSchema = runtimeConfigSchema.extend(platformConfigSchema.shape);

export function projectionProcessConfigFromEnv(env: Env) {
  return readConfig(projectionProcessConfigSchema, env);
}
