import { dianAvailabilityConfigSchema, dianEndpointsConfigFromEnv, dianEndpointsConfigSchema } from '@fe/dian-client';
import { configFromEnv, type Env } from '@fe/platform';
import { s3BlobStoreConfigSchema } from '@fe/platform-s3';
import { readConfig, readNestedConfig, runtimeConfigSchema } from '@fe/service-runtime';
import { platformConfigSchema, tenantsConfigSchema } from '@fe/service-runtime/distributed';
import { z } from 'zod';
import { ingressConfigFromEnv, ingressConfigSchema } from './config.ts';
import { inboxConfigFromEnv, inboxConfigSchema } from './inbox/inbox-config.ts';

/** What the ingress's own process reads besides the ingress's keys (ingressConfigSchema). */
export const ingressProcessConfigSchema = runtimeConfigSchema
  .extend(platformConfigSchema.shape)
  .extend(s3BlobStoreConfigSchema.shape)
  .extend(tenantsConfigSchema.shape)
  .extend({
    host: z
      .string()
      .min(1)
      .default('127.0.0.1')
      .describe('FE_HOST: the address the API listens on (loopback by default).'),
    port: z.coerce
      .number()
      .int()
      .min(0)
      .max(65_535)
      .default(8080)
      .describe('FE_PORT: the API port (0 = any free port, logged at start).'),
  });

export type IngressProcessConfig = ReturnType<typeof ingressProcessConfigFromEnv>;

/**
 * Everything the ingress process reads (docs/service.md, "ingress"); every bad variable named in one CONFIG_INVALID.
 */
export function ingressProcessConfigFromEnv(env: Env) {
  const process = readConfig(ingressProcessConfigSchema, env);
  return {
    ...process,
    ingress: readNestedConfig(ingressConfigSchema, () => ingressConfigFromEnv(env)),
    // The buyer's side: the reception mailbox and DIAN's anchor for received invoices (docs/radian.md).
    inbox: readNestedConfig(inboxConfigSchema, () => inboxConfigFromEnv(env)),
    // DIAN's outage, probed for the tenants in `automatic` contingency (docs/contingency.md).
    dian: readNestedConfig(dianEndpointsConfigSchema, () => dianEndpointsConfigFromEnv(env)),
    dianAvailability: readNestedConfig(dianAvailabilityConfigSchema, () =>
      configFromEnv(dianAvailabilityConfigSchema, env),
    ),
  };
}
