import type { Logger, LogFields, ServiceModule } from '@fe/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { runServiceProcess, type ProcessHooks, type ServiceParts, type ServiceProcess } from './run-service-process.ts';

type Signal = 'SIGTERM' | 'SIGINT';
type LogRecord = { level: string; msg: string; fields: LogFields };

function createRecordingLogger(records: LogRecord[] = []): Logger & { records: LogRecord[] } {
  const at = (level: string) => (fields: LogFields, msg: string) => void records.push({ level, msg, fields });
  return {
    records,
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
    child: () => createRecordingLogger(records),
  };
}

/** A stand-in for `process`: signals are sent by the test, exits are recorded. */
function fakeProcess() {
  const listeners = new Map<Signal, (() => void)[]>();
  const exits: number[] = [];
  const hooks: ProcessHooks = {
    on: (signal, listener) => listeners.set(signal, [...(listeners.get(signal) ?? []), listener]),
    once: (signal, listener) => listeners.set(signal, [...(listeners.get(signal) ?? []), listener]),
    exit: (code) => void exits.push(code),
  };
  return { hooks, exits, send: (signal: Signal) => listeners.get(signal)?.forEach((l) => l()) };
}

/** A module that records its start and stop, and whose stop waits for `finishInFlight`. */
function recordingModule(name: string, journal: string[]) {
  let finish: () => void = () => {};
  const inFlight = new Promise<void>((resolve) => (finish = resolve));
  const module: ServiceModule = {
    name,
    start: async () => void journal.push(`start ${name}`),
    stop: async () => {
      journal.push(`stopping ${name}`);
      await inFlight;
      journal.push(`stopped ${name}`);
    },
  };
  return { module, finishInFlight: finish };
}

const runtime = { healthHost: '127.0.0.1', healthPort: 0, shutdownTimeoutMs: 60_000, readinessTimeoutMs: 500 };
const running: ServiceProcess[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) await p.stop('test over').catch(() => undefined);
});

async function start(
  parts: () => Promise<ServiceParts>,
  overrides: Partial<typeof runtime> = {},
  startRetryMs?: number,
) {
  const fake = fakeProcess();
  const logger = createRecordingLogger();
  const service = await runServiceProcess({
    name: 'test-service',
    runtime: { ...runtime, ...overrides },
    logger,
    build: parts,
    process: fake.hooks,
    ...(startRetryMs === undefined ? {} : { startRetryMs }),
  });
  running.push(service);
  const get = async (path: string) => {
    const response = await fetch(`http://127.0.0.1:${service.healthPort}${path}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { service, fake, logger, get };
}

describe('runServiceProcess: one service module as a process', () => {
  it('is live and ready once its modules started and every check answers; not ready when a check fails', async () => {
    const journal: string[] = [];
    let postgresUp = true;
    const a = recordingModule('a', journal);
    const { get } = await start(async () => ({
      modules: [a.module],
      close: async () => undefined,
      checks: [
        {
          name: 'postgres',
          check: async () => {
            if (!postgresUp) throw new Error('connect ECONNREFUSED user=secret');
          },
        },
      ],
    }));
    a.finishInFlight();
    expect(journal).toEqual(['start a']);
    expect(await get('/healthz')).toMatchObject({ status: 200 });
    expect(await get('/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
    postgresUp = false;
    const notReady = await get('/readyz');
    expect(notReady).toMatchObject({ status: 503, body: { failing: ['postgres'] } });
    expect(JSON.stringify(notReady.body)).not.toMatch(/secret/);
  });

  it('counts a check that does not answer in time as failing', async () => {
    const { get } = await start(
      async () => ({
        modules: [],
        close: async () => undefined,
        checks: [{ name: 'kafka', check: () => new Promise<void>(() => {}) }],
      }),
      { readinessTimeoutMs: 50 },
    );
    expect(await get('/readyz')).toMatchObject({ status: 503, body: { failing: ['kafka'] } });
  });

  it('on SIGTERM: not ready, modules stopped newest first after their in-flight work, then the stores closed, exit 0', async () => {
    const journal: string[] = [];
    const a = recordingModule('a', journal);
    const b = recordingModule('b', journal);
    const { service, fake, get } = await start(async () => ({
      modules: [a.module, b.module],
      checks: [],
      close: async () => void journal.push('closed stores'),
    }));
    fake.send('SIGTERM');
    expect(await get('/readyz')).toMatchObject({ status: 503, body: { status: 'stopping' } });
    expect(await get('/healthz')).toMatchObject({ status: 200 });
    expect(fake.exits).toEqual([]); // b's in-flight work holds the stop
    b.finishInFlight();
    a.finishInFlight();
    expect(await service.exited).toBe(0);
    expect(journal).toEqual([
      'start a',
      'start b',
      'stopping b',
      'stopped b',
      'stopping a',
      'stopped a',
      'closed stores',
    ]);
    expect(fake.exits).toEqual([0]);
  });

  it("runs `finally` (the telemetry's flush) after the stores closed and before the exit, on a stop and on a failed start", async () => {
    const journal: string[] = [];
    const a = recordingModule('a', journal);
    a.finishInFlight();
    const fake = fakeProcess();
    const flushed = (code: number) => async () =>
      void journal.push(`flushed, exits so far: [${fake.exits.join()}], code ${code}`);
    const service = await runServiceProcess({
      name: 'test-service',
      runtime,
      logger: createRecordingLogger(),
      process: fake.hooks,
      finally: flushed(0),
      build: async () => ({ modules: [a.module], checks: [], close: async () => void journal.push('closed stores') }),
    });
    fake.send('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(journal.slice(-2)).toEqual(['closed stores', 'flushed, exits so far: [], code 0']);
    const failedStart = fakeProcess();
    const failed = await runServiceProcess({
      name: 'test-service',
      runtime,
      logger: createRecordingLogger(),
      process: failedStart.hooks,
      finally: async () => void journal.push(`flushed before exit ${failedStart.exits.length}`),
      build: async () => {
        throw new Error('the stores did not open');
      },
    });
    expect(await failed.exited).toBe(1);
    expect(journal.at(-1)).toBe('flushed before exit 0');
  });

  it('a `finally` that fails (the collector is down) is a warning: the stop still exits 0', async () => {
    const fake = fakeProcess();
    const logger = createRecordingLogger();
    const service = await runServiceProcess({
      name: 'test-service',
      runtime,
      logger,
      process: fake.hooks,
      finally: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:4318');
      },
      build: async () => ({ modules: [], checks: [], close: async () => undefined }),
    });
    fake.send('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(logger.records.filter((r) => r.level === 'warn' || r.level === 'error').map((r) => r.level)).toEqual([
      'warn',
    ]);
    expect(logger.records.some((r) => r.msg === 'test-service stopped')).toBe(true);
  });

  it('a second signal exits 1 at once, without waiting for the work in flight', async () => {
    const journal: string[] = [];
    const a = recordingModule('a', journal);
    const { service, fake } = await start(async () => ({
      modules: [a.module],
      checks: [],
      close: async () => undefined,
    }));
    fake.send('SIGINT');
    fake.send('SIGTERM');
    expect(await service.exited).toBe(1);
    expect(fake.exits).toEqual([1]);
    expect(journal).not.toContain('stopped a');
    a.finishInFlight();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.exits).toEqual([1]); // the graceful stop finishing later exits no second time
  });

  it('a stop that takes longer than the shutdown timeout exits 1', async () => {
    const journal: string[] = [];
    const a = recordingModule('a', journal);
    const { service, fake, logger } = await start(
      async () => ({ modules: [a.module], checks: [], close: async () => undefined }),
      { shutdownTimeoutMs: 100 },
    );
    fake.send('SIGTERM');
    expect(await service.exited).toBe(1);
    expect(logger.records.some((r) => r.level === 'error' && /took too long/.test(r.msg))).toBe(true);
    a.finishInFlight();
  });

  it('a signal during the start: nothing more starts, what the start opened is closed, exit 0', async () => {
    const journal: string[] = [];
    const a = recordingModule('a', journal);
    a.finishInFlight();
    let built: () => void = () => {};
    const building = new Promise<void>((resolve) => (built = resolve));
    const fake = fakeProcess();
    const pending = runServiceProcess({
      name: 'test-service',
      runtime,
      logger: createRecordingLogger(),
      process: fake.hooks,
      build: async () => {
        fake.send('SIGTERM'); // arrives while the stores are still opening
        await building;
        return { modules: [a.module], checks: [], close: async () => void journal.push('closed stores') };
      },
    });
    built();
    const service = await pending;
    expect(await service.exited).toBe(0);
    expect(journal).toEqual(['closed stores']);
    expect(fake.exits).toEqual([0]);
  });

  it('a start that fails logs the code and message, closes what opened, and exits 1', async () => {
    const journal: string[] = [];
    const a = recordingModule('a', journal);
    a.finishInFlight();
    const failing: ServiceModule = {
      name: 'b',
      start: async () => {
        throw Object.assign(new Error('the broker did not answer'), { code: 'BROKER_UNAVAILABLE' });
      },
      stop: async () => undefined,
    };
    const { service, fake, logger } = await start(async () => ({
      modules: [a.module, failing],
      checks: [],
      close: async () => void journal.push('closed stores'),
    }));
    expect(await service.exited).toBe(1);
    expect(fake.exits).toEqual([1]);
    expect(journal).toEqual(['start a', 'stopping a', 'stopped a', 'closed stores']);
    const line = logger.records.find((r) => r.level === 'error');
    expect(line?.fields).toMatchObject({ err: { code: 'BROKER_UNAVAILABLE' } });
  });

  it('a start that fails because a server is not ready yet is tried again, unready meanwhile, and then runs', async () => {
    const journal: string[] = [];
    const notReady = [
      Object.assign(new Error('This is not the correct coordinator for this group'), { retriable: true }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:59092'), { code: 'ECONNREFUSED' }),
    ];
    let builds = 0;
    const { fake, logger, get } = await start(async () => {
      builds++;
      const failure = notReady.shift();
      return {
        modules: [
          {
            name: 'consumer',
            start: async () => {
              if (failure) throw failure;
              journal.push('started');
            },
            stop: async () => undefined,
          },
        ],
        checks: [],
        close: async () => void journal.push(`closed build ${builds}`),
      };
    });
    expect(builds).toBe(3);
    expect(journal).toEqual(['closed build 1', 'closed build 2', 'started']);
    expect(fake.exits).toEqual([]);
    expect((await get('/readyz')).status).toBe(200);
    const retries = logger.records.filter((r) => r.level === 'warn' && /trying again/.test(r.msg));
    expect(retries.map((r) => r.fields.attempt)).toEqual([1, 2]);
  });

  it('a server still not ready when the start retry time is up: exit 1', async () => {
    let builds = 0;
    const { service, fake } = await start(
      async () => {
        builds++;
        throw Object.assign(new Error('Request Metadata(key: 3, version: 6) timed out'), { retriable: true });
      },
      {},
      0,
    );
    expect(await service.exited).toBe(1);
    expect({ builds, exits: fake.exits }).toEqual({ builds: 1, exits: [1] });
  });
});
