import { configFromEnv, type Env } from '@fe/platform';
import { z } from 'zod';

/**
 * Telemetry configuration under OpenTelemetry's own variable names, so a collector's usual setup works. Off unless
 * an endpoint is given.
 */
export const telemetryConfigSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'OTEL_EXPORTER_OTLP_ENDPOINT: OTLP/HTTP base URL (e.g. http://127.0.0.1:4318); spans go to <url>/v1/traces, metrics to <url>/v1/metrics. Unset: telemetry off.',
    ),
  serviceName: z
    .string()
    .min(1)
    .max(100)
    .default('fe-colombia')
    .describe(
      'OTEL_SERVICE_NAME: the service.name every span and metric carries (one per process: fe-all-in-one, fe-signer, …).',
    ),
  metricExportIntervalMs: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(60_000)
    .describe("OTEL_METRIC_EXPORT_INTERVAL: how often metrics are exported, in ms (OpenTelemetry's default, 60 s)."),
});
export type TelemetryConfig = z.infer<typeof telemetryConfigSchema>;

/** Reads the schema's variables; `serviceName` is the default when OTEL_SERVICE_NAME is unset. */
export function telemetryConfigFromEnv(env: Env, serviceName?: string): TelemetryConfig {
  const config = configFromEnv(telemetryConfigSchema, env);
  return env.OTEL_SERVICE_NAME || !serviceName ? config : { ...config, serviceName };
}
