import { createLogger, systemClock, type Clock, type Env, type Logger } from '@fe/platform';
import { inRootSpan, startTelemetry, traceLogFields, type TelemetryConfig } from '@fe/telemetry';
import type { RuntimeConfig } from '../config/runtime-config.ts';
import { logProcessWarnings } from './process-warnings.ts';
import { processTelemetryConfig } from './process-telemetry-config.ts';
import { runServiceProcess, type ServiceParts, type ServiceProcess } from './run-service-process.ts';

/**
 * The body of a service's `main.ts`: configuration read once (CONFIG_INVALID exits 1 with one line), logger
 * (process warnings included), telemetry, then runServiceProcess, with the telemetry flushed last before the exit.
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
    createLogger({ level: 'info' })
      .child({ service: options.name })
      .error({ err: { code, message } }, `${options.name} could not start: its configuration is invalid`);
    process.exitCode = 1;
    return undefined;
  }
  // Every line written inside a span names it (trace_id, span_id); Node's warnings are lines of it too.
  const logger = createLogger({ level: config.logLevel, mixin: traceLogFields }).child({ service: options.name });
  logProcessWarnings(logger);
  // Before anything is built, so every span and instrument of the process is the SDK's.
  const telemetry = await startTelemetry(telemetryConfig);
  return runServiceProcess({
    name: options.name,
    runtime: config,
    logger,
    build: () =>
      inRootSpan(`fe.${options.name}`, `${options.name} start`, () => options.build(config, logger, systemClock)),
    finally: () => telemetry.shutdown(),
  });
}
