import type { Logger, ServiceModule } from '@fe/platform';
import type { RuntimeConfig } from '../config/runtime-config.ts';
import { startHealthServer, type HealthServer, type ReadinessCheck } from '../health/health-server.ts';
import { isTransientStartError } from './transient-start-error.ts';

/** What a main's `build` opens: the modules to start (in order), what /readyz asks, and how to close the rest. */
export type ServiceParts = {
  modules: readonly ServiceModule[];
  checks: readonly ReadinessCheck[];
  /** Closes stores, the bus, pools: after every module has stopped. */
  close(): Promise<void>;
};

/** The part of `process` the runtime uses (tests hand in a fake). */
export type ProcessHooks = {
  once(signal: 'SIGTERM' | 'SIGINT', listener: () => void): unknown;
  on(signal: 'SIGTERM' | 'SIGINT', listener: () => void): unknown;
  exit(code: number): void;
};

export type ServiceProcessOptions = {
  name: string;
  runtime: Pick<RuntimeConfig, 'healthHost' | 'healthPort' | 'shutdownTimeoutMs' | 'readinessTimeoutMs'>;
  logger: Logger;
  /** Opens adapters and builds the modules; whatever it opened it closes itself when it throws. */
  build(): Promise<ServiceParts>;
  /**
   * Runs last, after the parts closed (the telemetry's flush). Best effort: a collector that is down must not turn a
   * clean stop into a failed one. It counts against `shutdownTimeoutMs`.
   */
  finally?(): Promise<void>;
  /**
   * How long a start that fails because a server is not ready yet is tried again, unready meanwhile, before the
   * process gives up and exits 1. Default 300 000 ms.
   */
  startRetryMs?: number;
  process?: ProcessHooks;
};

export type ServiceProcess = {
  readonly healthPort: number;
  /** Resolves with the exit code once the process has stopped (the code is also passed to `exit`). */
  readonly exited: Promise<number>;
  stop(reason: string): Promise<number>;
};

/**
 * Runs one service as a process (docs/service.md, "One process per service"): health first, then build and
 * start; SIGTERM stops modules in reverse order, a second signal or a slow stop exits 1.
 */
export async function runServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const hooks = options.process ?? process;
  const { logger, runtime } = options;
  let settle: (code: number) => void = () => {};
  const exited = new Promise<number>((resolve) => (settle = resolve));
  let exitCode: number | undefined;
  const finish = (code: number) => {
    if (exitCode !== undefined) return exitCode; // a forced exit came first
    exitCode = code;
    settle(code);
    hooks.exit(code);
    return code;
  };

  let parts: ServiceParts | undefined;
  let health: HealthServer | undefined;
  let stopping: Promise<number> | undefined;
  /** Settles when the start has finished or failed: a stop waits for it, so what a start opens is always closed. */
  let startup: Promise<unknown> = Promise.resolve();
  const started: ServiceModule[] = [];

  const stop = (reason: string): Promise<number> => {
    if (stopping) {
      logger.warn({ reason }, 'a second stop request: exiting now without finishing the work in flight');
      return Promise.resolve(finish(1));
    }
    health?.setState('stopping');
    logger.info({ reason }, `${options.name} stopping`);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<number>((resolve) => {
      timer = setTimeout(() => {
        logger.error(
          { timeout_ms: runtime.shutdownTimeoutMs },
          'the graceful stop took too long: exiting with work unfinished',
        );
        resolve(1);
      }, runtime.shutdownTimeoutMs);
      timer.unref();
    });
    const graceful = startup
      .then(() => release(started, parts, health, logger))
      .then(async (code) => {
        await last();
        return code;
      });
    stopping = Promise.race([graceful, late]).then((code) => {
      clearTimeout(timer);
      if (code === 0) logger.info({}, `${options.name} stopped`);
      return finish(code);
    });
    return stopping;
  };
  /** The `finally` step, best effort. */
  const last = async (): Promise<void> => {
    try {
      await options.finally?.();
    } catch (error) {
      logger.warn(
        { err: startFailure(error) },
        'the last step before the exit failed (the telemetry could not export what it held); exiting all the same',
      );
    }
  };
  hooks.on('SIGTERM', () => void stop('SIGTERM'));
  hooks.on('SIGINT', () => void stop('SIGINT'));

  const start = async () => {
    health = await startHealthServer({
      host: runtime.healthHost,
      port: runtime.healthPort,
      timeoutMs: runtime.readinessTimeoutMs,
      checks: () => parts?.checks ?? [],
    });
    logger.info({ health: `http://${runtime.healthHost}:${health.port}` }, `${options.name} starting`);
    const giveUpAt = Date.now() + (options.startRetryMs ?? 300_000);
    for (let attempt = 1; ; attempt++) {
      try {
        parts = await options.build();
        for (const module of parts.modules) {
          if (stopping) return; // a signal during the start: the stop closes what opened
          await module.start();
          started.push(module);
        }
        break;
      } catch (error) {
        if (stopping || !isTransientStartError(error) || Date.now() >= giveUpAt) throw error;
        const waitMs = Math.min(10_000, 250 * 2 ** attempt);
        logger.warn(
          { err: startFailure(error), attempt, retry_in_ms: waitMs },
          `${options.name} could not start yet (a server it needs is not ready); trying again`,
        );
        await releaseParts(started, parts, logger);
        parts = undefined;
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    }
    if (!stopping) {
      health.setState('ready');
      logger.info({ modules: parts.modules.map((m) => m.name) }, `${options.name} ready`);
    }
  };
  const starting = start();
  startup = starting.catch(() => undefined);
  try {
    await starting;
  } catch (error) {
    logger.error({ err: startFailure(error) }, `${options.name} could not start`);
    if (!stopping) {
      await release(started, parts, health, logger);
      await last();
      finish(1);
    }
  }
  return { healthPort: health?.port ?? 0, exited, stop };
}

/** Stops the started modules (newest first), then closes the parts and the health port; 0 when all went well. */
async function release(
  started: ServiceModule[],
  parts: ServiceParts | undefined,
  health: HealthServer | undefined,
  logger: Logger,
): Promise<number> {
  const code = await releaseParts(started, parts, logger);
  await health?.close();
  return code;
}

/** Stops the started modules (newest first), then closes the parts; 0 when all went well. */
async function releaseParts(
  started: ServiceModule[],
  parts: ServiceParts | undefined,
  logger: Logger,
): Promise<number> {
  let code = 0;
  for (const module of started.splice(0).reverse()) {
    try {
      await module.stop();
    } catch (error) {
      code = 1;
      logger.error({ err: startFailure(error), module: module.name }, 'a module failed to stop cleanly');
    }
  }
  try {
    await parts?.close();
  } catch (error) {
    code = 1;
    logger.error({ err: startFailure(error) }, 'closing the stores or the bus failed');
  }
  return code;
}

/**
 * The code and message of an error (and its cause's), for a log line that must not carry a stack of configuration
 * values.
 */
function startFailure(error: unknown): { code?: string; message: string; cause?: string } {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return { ...(typeof code === 'string' ? { code } : {}), message: error.message, ...(cause ? { cause } : {}) };
}
