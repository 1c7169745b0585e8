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
  endpoint: z.string().default(dianEndpoints.simulator)
    .describe('DIAN_ENDPOINT: WcfDianCustomerServices URL (habilitación, production, or the simulator). https anywhere; http only on loopback.'),
  timeoutMs: z.coerce.number().int().positive().default(30_000)
    .describe('DIAN_TIMEOUT_MS: whole call, connect to last byte, in ms.'),
  connectTimeoutMs: z.coerce.number().int().positive().default(10_000)
    .describe('DIAN_CONNECT_TIMEOUT_MS: TCP and TLS connection, in ms.'),
  timestampTtlSeconds: z.coerce.number().int().min(30).max(3600).default(300)
    .describe('DIAN_TIMESTAMP_TTL_S: lifetime of the WS-Security timestamp, in seconds (DIAN uses 300).'),
  keepAliveMs: z.coerce.number().int().min(0).max(60_000).default(4_000)
    .describe('DIAN_KEEP_ALIVE_MS: how long an idle connection to DIAN is kept for the next call, in ms (0: a new connection per call). Below the usual server idle timeouts; a call cut on a reused connection is reconciled like any cut call.'),
  caFile: z.string().optional()
    .describe('DIAN_CA_FILE: extra trusted CA (PEM) for an https endpoint, e.g. a simulator with its own certificate. TLS verification is never turned off.'),
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
