import { createLogger, systemClock, type Clock, type Env, type Logger } from '@fe/platform';
import { startTelemetry, type TelemetryConfig } from '@fe/telemetry';
import type { RuntimeConfig } from '../config/runtime-config.ts';
import { processTelemetryConfig } from './process-telemetry-config.ts';
import { runServiceProcess, type ServiceParts, type ServiceProcess } from './run-service-process.ts';

/**
 * The body of a service's `main.ts`: reads the configuration once, the telemetry's included (a
 * CONFIG_INVALID ends the process with one error line naming the variables, exit 1), builds a
 * logger at its level, starts the telemetry (off without OTEL_EXPORTER_OTLP_ENDPOINT; service.name
 * `fe-<name>` unless OTEL_SERVICE_NAME says otherwise), then runs the parts `build` opens as a
 * process (runServiceProcess) and flushes the telemetry last, before the exit.
 *
 *   await runMain({ name: 'signer', env: process.env, config: signerProcessConfigFromEnv, build: (config, logger, clock) => … });
 */
export async function runMain<C extends RuntimeConfig>(options: {
  name: string;
  env: Env;
  config(env: Env): C;
  build(config: C, logger: Logger, clock: Clock): Promise<ServiceParts>;
}): Promise<ServiceProcess | undefined> {
  let config: C;
  let telemetryConfig: TelemetryConfig;
  try {
    config = options.config(options.env);
    telemetryConfig = processTelemetryConfig(options.env, `fe-${options.name}`);
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    createLogger({ level: 'info' }).child({ service: options.name }).error({ err: { code, message } }, `${options.name} could not start: its configuration is invalid`);
    process.exitCode = 1;
    return undefined;
  }
  const logger = createLogger({ level: config.logLevel }).child({ service: options.name });
  // Before anything is built, so every span and instrument of the process is the SDK's.
  const telemetry = await startTelemetry(telemetryConfig);
  return runServiceProcess({
    name: options.name, runtime: config, logger, build: () => options.build(config, logger, systemClock), finally: () => telemetry.shutdown(),
  });
}
