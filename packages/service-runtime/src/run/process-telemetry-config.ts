import type { Env } from '@fe/platform';
import { telemetryConfigSchema, type TelemetryConfig } from '@fe/telemetry';
import { readConfig } from '../config/read-config.ts';

/**
 * The telemetry configuration of a service process (docs/observability.md, "Configuration"),
 * read like the rest of its environment: a malformed OTEL_* variable is a CONFIG_INVALID naming
 * it. A process that sets no OTEL_SERVICE_NAME is `defaultServiceName` (`fe-signer`, …), so each
 * process of a trace says which it is.
 *
 *   processTelemetryConfig(process.env, 'fe-signer'); // { serviceName: 'fe-signer', metricExportIntervalMs: 60000 }
 */
export function processTelemetryConfig(env: Env, defaultServiceName: string): TelemetryConfig {
  const config = readConfig(telemetryConfigSchema, env);
  return env.OTEL_SERVICE_NAME ? config : { ...config, serviceName: defaultServiceName };
}
