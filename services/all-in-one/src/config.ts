import { ingressConfigFromEnv, type IngressConfig } from '@fe/ingress';
import { smtpSettingsSchema, type SmtpSettingsInput } from '@fe/mail';
import { configFromEnv, type Env } from '@fe/platform';
import { portalConfigFromEnv, type PortalConfig } from '@fe/portal';
import { z } from 'zod';

/**
 * The embedded default's own keys (docs/architecture.md convention 6); each service's keys come from
 * its own schema. Parsed once in main.ts.
 */
export const embeddedConfigSchema = z.object({
  dataDir: z.string().min(1).default('./data').describe('FE_DATA_DIR: SQLite files, stored documents and keys.'),
  host: z.string().default('127.0.0.1').describe('FE_HOST: address to listen on (loopback by default).'),
  port: z.coerce.number().int().min(0).max(65535).default(8080).describe('FE_PORT: HTTP port (0 = any free port).'),
  healthHost: z
    .string()
    .min(1)
    .default('127.0.0.1')
    .describe(
      'FE_HEALTH_HOST: the address /healthz and /readyz listen on, apart from the API (0.0.0.0 in a container).',
    ),
  healthPort: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(0)
    .describe(
      'FE_HEALTH_PORT: the port of /healthz and /readyz, a listener of their own so they answer while the API port is full; 0 takes a free one (printed at start).',
    ),
  baseUrl: z
    .url()
    .optional()
    .describe('FE_BASE_URL: public URL of the service, for links; default http://<host>:<port>.'),
  logLevel: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('FE_LOG_LEVEL: pino level.'),
  signerThreads: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(1)
    .describe('FE_SIGNER_THREADS: worker threads signing invoices.'),
  dianEndpoint: z
    .url()
    .optional()
    .describe('FE_DIAN_ENDPOINT: a DIAN (or simulator) endpoint; absent = the built-in simulator.'),
  dianSimulatorPort: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(0)
    .describe('FE_DIAN_SIMULATOR_PORT: port of the built-in simulator (0 = any free port).'),
  auditCheckpointIntervalMs: z.coerce
    .number()
    .int()
    .min(1000)
    .default(60_000)
    .describe(
      "FE_AUDIT_CHECKPOINT_INTERVAL_MS: how often the event store's head is signed (audit.key in the data folder), when it moved.",
    ),
  dianSimulatorFault: z
    .string()
    .optional()
    .describe(
      'FE_DIAN_SIMULATOR_FAULT: a fault the built-in simulator applies to every request (see docs/dian-web-service.md).',
    ),
  dianSimulatorSchemaValidation: z
    .enum(['on', 'off', 'auto', 'xmllint'])
    .default('on')
    .describe(
      "FE_DIAN_SIMULATOR_SCHEMA_VALIDATION: the built-in simulator checks each invoice against DIAN's UBL XSD (ZB01) with libxml2 (WebAssembly) on its own thread, the schema loaded once: on or off (auto and xmllint, former values, mean on).",
    ),
});

export type EmbeddedConfig = z.infer<typeof embeddedConfigSchema> & {
  ingress: IngressConfig;
  smtp: SmtpSettingsInput;
  portal: PortalConfig;
};

export function embeddedConfigFromEnv(env: Env): EmbeddedConfig {
  return {
    ...configFromEnv(embeddedConfigSchema, env),
    ingress: ingressConfigFromEnv(env),
    smtp: configFromEnv(smtpSettingsSchema, env),
    portal: portalConfigFromEnv(env),
  };
}
