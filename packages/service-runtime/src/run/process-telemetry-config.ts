import type { Env } from '@fe/platform';
import { telemetryConfigSchema, type TelemetryConfig } from '@fe/telemetry';
import { readConfig } from '../config/read-config.ts';

/**
 * A process's telemetry configuration (docs/observability.md, "Configuration"): a malformed OTEL_* is a
 * CONFIG_INVALID, and each process names itself in a trace by default.
 */
export function processTelemetryConfig(env: Env, defaultServiceName: string): TelemetryConfig {
  const config = readConfig(telemetryConfigSchema, env);
  return env.OTEL_SERVICE_NAME ? config : { ...config, serviceName: defaultServiceName };
}
