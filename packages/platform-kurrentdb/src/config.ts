import { configFromEnv, envNamesOf, type Env } from '@fe/platform';
import { z } from 'zod';

/**
 * Where a service that keeps its events in KurrentDB finds it (docs/architecture.md convention 6): each
 * key names its environment variable; the development default is a local single node without TLS.
 */
export const kurrentEventStoreConfigSchema = z.object({
  url: z
    .string()
    .regex(
      /^(kurrentdb|kurrent|kdb|esdb)(\+discover)?:\/\/\S+$/,
      'a KurrentDB connection string: kurrentdb://host:port?tls=false, or kurrentdb+discover:// for a cluster',
    )
    .default('kurrentdb://127.0.0.1:2113?tls=false')
    .describe('FE_KURRENTDB_URL: the KurrentDB connection string (may carry a user and password: never logged).'),
  deadlineMs: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(10_000)
    .describe(
      'FE_KURRENTDB_DEADLINE_MS: longest one event-store call may take before it fails with a retriable STORE_UNAVAILABLE.',
    ),
});

export type KurrentEventStoreConfig = z.infer<typeof kurrentEventStoreConfigSchema>;

/** Environment variable of each key, as written in its description. */
export const kurrentEventStoreEnv = envNamesOf(kurrentEventStoreConfigSchema);

export function kurrentEventStoreConfigFromEnv(env: Env): KurrentEventStoreConfig {
  return configFromEnv(kurrentEventStoreConfigSchema, env);
}
