import { dianEndpointsConfigFromEnv, dianEndpointsConfigSchema } from '@fe/dian-client';
import { smtpSettingsSchema } from '@fe/mail';
import type { Env } from '@fe/platform';
import { s3BlobStoreConfigSchema } from '@fe/platform-s3';
import { readConfig, readNestedConfig, runtimeConfigSchema } from '@fe/service-runtime';
import { platformConfigSchema, tenantsConfigSchema } from '@fe/service-runtime/distributed';
import { z } from 'zod';
import { portalConfigFromEnv, portalConfigSchema } from './config.ts';

/** What the admin portal's own process reads besides the portal's keys (portalConfigSchema; docs/portal.md). */
export const portalProcessConfigSchema = runtimeConfigSchema
  .extend(platformConfigSchema.shape)
  .extend(s3BlobStoreConfigSchema.shape)
  .extend(tenantsConfigSchema.shape)
  .extend(smtpSettingsSchema.shape)
  .extend({
    host: z
      .string()
      .min(1)
      .default('127.0.0.1')
      .describe('FE_HOST: the address the portal listens on (loopback by default).'),
    port: z.coerce
      .number()
      .int()
      .min(0)
      .max(65_535)
      .default(8082)
      .describe("FE_PORT: the portal's port, serving /admin (0 = any free port, logged at start)."),
    baseUrl: z
      .url()
      .optional()
      .describe(
        'FE_BASE_URL: the public URL the portal is reached at, for the links in its mails; default http://<host>:<port>.',
      ),
    apiUrl: z
      .url()
      .default('http://127.0.0.1:8080')
      .describe(
        "FE_PORTAL_API_URL: an ingress the habilitación run and the paper invoice form (type 03) issue through (the API, with the tenant's key).",
      ),
    maxConnectionsPerAddress: z.coerce
      .number()
      .int()
      .positive()
      .default(256)
      .describe(
        'FE_MAX_CONNECTIONS_PER_ADDRESS: open connections one client address (an IPv6 /64) may hold; more are closed at once, unread.',
      ),
    dianTrustedPemFile: z
      .string()
      .optional()
      .describe(
        "DIAN_TRUSTED_PEM: PEM file of DIAN's certificates (or CAs) an uploaded received invoice's ApplicationResponse must chain to (DIAN_SIGNATURE), as the ingress's; unset: only its own signature is checked.",
      ),
    contingencyAlarmHours: z.coerce
      .number()
      .min(0)
      .max(30 * 24)
      .default(12)
      .describe(
        "CONTINGENCY_ALARM_HOURS: how long before a contingency invoice's window ends the portal mails the tenant, as the ingress's readiness warns (docs/contingency.md).",
      ),
    portalOutboxDir: z
      .string()
      .min(1)
      .default('./data/outbox')
      .describe(
        'FE_PORTAL_OUTBOX_DIR: where the portal writes its mails (.eml, owner-only folder) when FE_SMTP_URL is unset (a deployment sets FE_SMTP_URL, as for the notifier).',
      ),
  });

export type PortalProcessConfig = ReturnType<typeof portalProcessConfigFromEnv>;

/**
 * Everything the portal process reads (docs/service.md, "portal"); its DIAN endpoints are the submitter's keys.
 */
export function portalProcessConfigFromEnv(env: Env) {
  const process = readConfig(portalProcessConfigSchema, env);
  const dian = readNestedConfig(dianEndpointsConfigSchema, () => dianEndpointsConfigFromEnv({ ...env }));
  return {
    ...process,
    portal: readNestedConfig(portalConfigSchema, () => portalConfigFromEnv(env)),
    dian: { endpoints: dian.endpoints, client: dian.client },
  };
}
