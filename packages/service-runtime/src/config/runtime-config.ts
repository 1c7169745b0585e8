import { z } from 'zod';

/**
 * What every service process reads besides its own settings. The health port defaults to 0 (logged), so two
 * processes on one machine never collide.
 */
export const runtimeConfigSchema = z.object({
  healthHost: z
    .string()
    .min(1)
    .default('127.0.0.1')
    .describe('FE_HEALTH_HOST: the address /healthz and /readyz listen on (0.0.0.0 in a container).'),
  healthPort: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535)
    .default(0)
    .describe('FE_HEALTH_PORT: the port of /healthz and /readyz; 0 takes a free one (logged at start).'),
  shutdownTimeoutMs: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(25_000)
    .describe(
      'FE_SHUTDOWN_TIMEOUT_MS: how long a graceful stop (finish in-flight work, commit offsets, close stores) may take before the process exits anyway with code 1.',
    ),
  readinessTimeoutMs: z.coerce
    .number()
    .int()
    .min(50)
    .max(60_000)
    .default(2_000)
    .describe(
      'FE_READINESS_TIMEOUT_MS: how long each /readyz check (a store, the bus) may take before it counts as not answering.',
    ),
  logLevel: z
    .enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal'])
    .default('info')
    .describe('FE_LOG_LEVEL: the least severe log level written.'),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
