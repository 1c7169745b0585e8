import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The DIAN client's configuration (docs/architecture.md convention 6): one schema, each key with its
 * environment variable and a default safe for development (the local simulator on loopback).
 * Parsed once by a composition root (`main.ts`, the CLI) and passed to createDianSoapClient.
 */
export const dianEndpoints = {
  habilitacion: 'https://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc',
  production: 'https://vpfe.dian.gov.co/WcfDianCustomerServices.svc',
  simulator: 'http://127.0.0.1:8081/WcfDianCustomerServices.svc',
} as const;

export const dianClientConfigSchema = z.object({
  endpoint: z
    .string()
    .default(dianEndpoints.simulator)
    .describe(
      'DIAN_ENDPOINT: WcfDianCustomerServices URL (habilitación, production, or the simulator). https anywhere; http only on loopback.',
    ),
  timeoutMs: z.coerce
    .number()
    .int()
    .positive()
    .default(30_000)
    .describe('DIAN_TIMEOUT_MS: whole call, connect to last byte, in ms.'),
  connectTimeoutMs: z.coerce
    .number()
    .int()
    .positive()
    .default(10_000)
    .describe('DIAN_CONNECT_TIMEOUT_MS: TCP and TLS connection, in ms.'),
  timestampTtlSeconds: z.coerce
    .number()
    .int()
    .min(30)
    .max(3600)
    .default(300)
    .describe('DIAN_TIMESTAMP_TTL_S: lifetime of the WS-Security timestamp, in seconds (DIAN uses 300).'),
  keepAliveMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(4_000)
    .describe(
      'DIAN_KEEP_ALIVE_MS: how long an idle connection to DIAN is kept for the next call, in ms (0: a new connection per call). Below the usual server idle timeouts; a call cut on a reused connection is reconciled like any cut call.',
    ),
  caFile: z
    .string()
    .optional()
    .describe(
      'DIAN_CA_FILE: extra trusted CA (PEM) for an https endpoint, e.g. a simulator with its own certificate. TLS verification is never turned off.',
    ),
});
export type DianClientConfig = z.infer<typeof dianClientConfigSchema>;

/** Reads the schema's keys from environment variables (names as in the descriptions). */
export function dianClientConfigFromEnv(env: Record<string, string | undefined>): DianClientConfig {
  return dianClientConfigSchema.parse({
    endpoint: env.DIAN_ENDPOINT,
    timeoutMs: env.DIAN_TIMEOUT_MS,
    connectTimeoutMs: env.DIAN_CONNECT_TIMEOUT_MS,
    timestampTtlSeconds: env.DIAN_TIMESTAMP_TTL_S,
    keepAliveMs: env.DIAN_KEEP_ALIVE_MS,
    caFile: env.DIAN_CA_FILE,
  });
}

/**
 * Where each DIAN environment is and how the client calls it: the keys every process that talks to
 * DIAN reads (the submitter, and GetAcquirer or GetNumberingRange elsewhere). Defaults point both
 * environments at the local simulator, so nothing reaches DIAN by accident.
 */
export const dianEndpointsConfigSchema = z.object({
  endpoints: z
    .object({
      habilitacion: z
        .string()
        .default(dianEndpoints.simulator)
        .describe(
          "DIAN_ENDPOINT_HABILITACION: WcfDianCustomerServices URL for tenants in habilitación (environment 2); DIAN's is dianEndpoints.habilitacion. Falls back to DIAN_ENDPOINT.",
        ),
      production: z
        .string()
        .default(dianEndpoints.simulator)
        .describe(
          "DIAN_ENDPOINT_PRODUCTION: WcfDianCustomerServices URL for tenants in production (environment 1); DIAN's is dianEndpoints.production. Falls back to DIAN_ENDPOINT.",
        ),
    })
    .prefault({}),
  client: dianClientConfigSchema
    .omit({ endpoint: true })
    .prefault({})
    .describe(
      'Timeouts, WS-Security timestamp, keep-alive and extra CA of the SOAP client (DIAN_TIMEOUT_MS, DIAN_CONNECT_TIMEOUT_MS, DIAN_TIMESTAMP_TTL_S, DIAN_KEEP_ALIVE_MS, DIAN_CA_FILE).',
    ),
});
export type DianEndpointsConfig = z.infer<typeof dianEndpointsConfigSchema>;

/** The schema's keys raw from environment variables, for a schema that extends it to parse in one go. */
export function dianEndpointsConfigInput(env: Record<string, string | undefined>) {
  // The client keys raw, parsed by the extending schema: a bad one is then named by its variable (DIAN_TIMEOUT_MS), not
  // by a path of another schema.
  const client = {
    timeoutMs: env.DIAN_TIMEOUT_MS,
    connectTimeoutMs: env.DIAN_CONNECT_TIMEOUT_MS,
    timestampTtlSeconds: env.DIAN_TIMESTAMP_TTL_S,
    keepAliveMs: env.DIAN_KEEP_ALIVE_MS,
    caFile: env.DIAN_CA_FILE,
  };
  // DIAN_ENDPOINT (the CLI's single endpoint) stands for both when the specific ones are unset.
  return {
    endpoints: {
      habilitacion: env.DIAN_ENDPOINT_HABILITACION ?? env.DIAN_ENDPOINT,
      production: env.DIAN_ENDPOINT_PRODUCTION ?? env.DIAN_ENDPOINT,
    },
    client,
  };
}

/** Reads the endpoint and client keys from environment variables (names as in the descriptions). */
export function dianEndpointsConfigFromEnv(env: Record<string, string | undefined>): DianEndpointsConfig {
  return dianEndpointsConfigSchema.parse(dianEndpointsConfigInput(env));
}

/** DIAN_CA_FILE's PEM (the extra CA the SOAP client trusts for an https endpoint), or undefined when none is set. */
export function readDianCa(client: { caFile?: string | undefined }): string | undefined {
  return client.caFile === undefined ? undefined : readFileSync(client.caFile, 'utf8');
}
