import { createLogger, systemClock, type Clock, type Env, type Logger } from '@fe/platform';
import type { RuntimeConfig } from '../config/runtime-config.ts';
import { runServiceProcess, type ServiceParts, type ServiceProcess } from './run-service-process.ts';

/**
 * The body of a service's `main.ts`: reads the configuration once (a CONFIG_INVALID ends the
 * process with one error line naming the variables, exit 1), builds a logger at its level, then
 * runs the parts `build` opens as a process (runServiceProcess).
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
  try {
    config = options.config(options.env);
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    createLogger({ level: 'info' }).child({ service: options.name }).error({ err: { code, message } }, `${options.name} could not start: its configuration is invalid`);
    process.exitCode = 1;
    return undefined;
  }
  const logger = createLogger({ level: config.logLevel }).child({ service: options.name });
  return runServiceProcess({ name: options.name, runtime: config, logger, build: () => options.build(config, logger, systemClock) });
}
