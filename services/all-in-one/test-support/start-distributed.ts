// The one way a test or the bench starts the distributed shape (docs/service.md, "Running the distributed shape on
// one machine"): every pid recorded in run/pids so the stop ends exactly those; each run has its own prefixes.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { dedicatedBroker, type DedicatedBroker } from '@fe/platform-kafka/testing';
import { startVersitygw, type VersitygwServer } from '@fe/platform-s3/testing';

export const run = promisify(execFile);
export const root = resolve(import.meta.dirname, '../../..');
const node = join(root, 'node_modules/node/bin/node');

/**
 * What the start script starts besides the signers: simulator, projection, relay, renderer, submitter, notifier, 2
 * ingress, the admin portal.
 */
const PROCESSES_BESIDES_SIGNERS = 9;
/** What the start script records with its default two signers (FE_SIGNER_INSTANCES). */
export const PROCESSES = PROCESSES_BESIDES_SIGNERS + 2;

/** The servers' variables the processes read; FE_INFRA=external when every one is known before the start. */
export type ServerVariables = Record<
  | 'FE_POSTGRES_URL'
  | 'FE_KAFKA_BROKERS'
  | 'FE_SCHEMA_REGISTRY_URL'
  | 'FE_S3_ENDPOINT'
  | 'FE_S3_ACCESS_KEY'
  | 'FE_S3_SECRET_KEY',
  string
>;

export type DistributedRunOptions = {
  /**
   * Names the run's namespace (schema `fe_<name>_<tag>`, topic and group prefix `<name>.<tag>.`, relay, bucket) and its
   * data folder; default `e2e`.
   */
  namespace?: string;
  /**
   * Servers of the caller's own (a broker or PostgreSQL it restarts, the bench's durable PostgreSQL); the rest are the
   * shared ones (FE_TEST_*), brought up when unset.
   */
  servers?: Partial<ServerVariables>;
  /** Signer processes (FE_SIGNER_INSTANCES); default the script's 2. */
  signers?: number;
  /** Where every process exports its traces and metrics over OTLP/HTTP; default none. */
  otlpEndpoint?: string;
  /**
   * /readyz ports kept free after the script's for processes the caller starts itself (startExtraProcess); default 0.
   */
  spareHealthPorts?: number;
  /** Variables for every process (FE_LOG_LEVEL, rate limits, the SDK's OTEL_* …), over the harness's. */
  env?: NodeJS.ProcessEnv;
};

export type DistributedRun = {
  dataDir: string;
  tag: string;
  /** How many processes the start script records. */
  processCount: number;
  /** The environment of the start, the stop and every process. */
  env: NodeJS.ProcessEnv;
  /**
   * The first ingress (the second is api + 1), the admin portal (api + 2, as the start script puts
   * it), the simulator, the first /readyz port (one per process from it, then the spare ones).
   */
  ports: { api: number; portal: number; simulator: number; health: number };
  /** Where the run's names start: the schema, the topic and group prefix, the bucket. */
  names: { schema: string; prefix: string; bucket: string };
  /** The servers it runs on. */
  servers: ServerVariables;
  /** The first ingress, `http://127.0.0.1:<api>`. */
  url: string;
};

export type RecordedProcess = { name: string; pid: number; healthPort: number };

/**
 * A run's data folder, ports, servers and environment, nothing started yet; servers it brings up are recorded so the
 * stop takes down exactly those.
 */
export async function prepareDistributedRun(options: DistributedRunOptions = {}): Promise<DistributedRun> {
  const namespace = options.namespace ?? 'e2e';
  const dataDir = mkdtempSync(join(tmpdir(), `fe-${namespace}-distributed-`));
  mkdirSync(join(dataDir, 'run'), { recursive: true, mode: 0o700 });
  const tag = randomBytes(5).toString('hex');
  const signers = options.signers ?? 2;
  const processCount = PROCESSES_BESIDES_SIGNERS + signers;
  const base = await freeRun(4 + processCount + (options.spareHealthPorts ?? 0));
  const ports = { api: base, portal: base + 2, simulator: base + 3, health: base + 4 };
  const { servers, external } = await resolveServers(dataDir, options.servers ?? {});
  const names = { schema: `fe_${namespace}_${tag}`, prefix: `${namespace}.${tag}.`, bucket: `fe-${namespace}-${tag}` };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    FE_DATA_DIR: dataDir,
    FE_PORT: String(ports.api),
    FE_HEALTH_PORT_BASE: String(ports.health),
    DIAN_SIMULATOR_PORT: String(ports.simulator),
    FE_SIGNER_INSTANCES: String(signers),
    FE_POSTGRES_SCHEMA: names.schema,
    FE_KAFKA_GROUP_PREFIX: names.prefix,
    FE_KAFKA_TOPIC_PREFIX: names.prefix,
    RELAY_NAME: `relay.${namespace}-${tag}`,
    FE_S3_BUCKET: names.bucket,
    // Servers this harness just brought up are left to the script too, so that a start after a stop (which takes them
    // down) brings them up again.
    ...servers,
    ...(external ? { FE_INFRA: 'external' } : {}),
    FE_LOG_LEVEL: 'info',
    // Under a CPU hog a process may need a second try at its start (a broker still electing leaders).
    FE_START_TIMEOUT_SECONDS: '360',
    ...(options.otlpEndpoint ? { OTEL_EXPORTER_OTLP_ENDPOINT: options.otlpEndpoint } : {}),
    ...options.env,
  };
  return { dataDir, tag, processCount, env, ports, names, servers, url: `http://127.0.0.1:${ports.api}` };
}

/** Runs the start script (every /readyz 200 when it returns); resolves with what it printed (the welcome text). */
export async function startDistributedShape(shape: DistributedRun): Promise<string> {
  return (await run('bash', ['scripts/start-distributed.sh'], { cwd: root, env: shape.env, timeout: 420_000 })).stdout;
}

/** The stop script: every recorded process gets SIGTERM and is waited for. */
export const stopDistributedShape = (shape: DistributedRun) =>
  run('bash', ['scripts/stop-distributed.sh'], { cwd: root, env: shape.env, timeout: 200_000 });

/**
 * For afterAll (also after a failed start or assertion) and the bench's close: nothing the start
 * began may outlive it. FE_E2E_KEEP_LOGS=<folder> keeps every process's log, for reading a failure.
 */
export async function discardDistributedShape(shape: DistributedRun | undefined): Promise<void> {
  if (!shape) return;
  await stopDistributedShape(shape).catch((error: Error) =>
    console.error(`stopping the distributed shape: ${error.message}`),
  );
  for (const { pid } of recordedProcesses(shape.dataDir)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  if (process.env.FE_E2E_KEEP_LOGS)
    cpSync(join(shape.dataDir, 'logs'), join(process.env.FE_E2E_KEEP_LOGS, `shape-${shape.tag}`), { recursive: true });
  rmSync(shape.dataDir, { recursive: true, force: true });
}

/** The demo tenant's API key in the welcome text (printed the first time only). */
export const apiKeyIn = (welcome: string) => /export FE_API_KEY=(fe_test_\S+)/.exec(welcome)?.[1] ?? '';

/**
 * What the start script (and startExtraProcess) recorded under `dataDir` ("name pid health-port" a line); [] when
 * nothing is.
 */
export function recordedProcesses(dataDir: string): RecordedProcess[] {
  let text: string;
  try {
    text = readFileSync(join(dataDir, 'run/pids'), 'utf8');
  } catch {
    return [];
  }
  return text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name, pid, port] = line.split(' ');
      return { name: name!, pid: Number(pid), healthPort: Number(port) };
    });
}

/** The pids the start recorded. */
export const pidsRecorded = (shape: DistributedRun): number[] => recordedProcesses(shape.dataDir).map((p) => p.pid);

/** Running: a zombie (exited, not yet reaped by whoever adopted it after the start script returned) is gone. */
export function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Starts one more process as the start script starts its own, pid recorded so the stop ends it too; resolves once
 * its /readyz answers 200.
 */
export async function startExtraProcess(
  shape: DistributedRun,
  name: string,
  main: string,
  env: NodeJS.ProcessEnv = {},
): Promise<RecordedProcess> {
  const recorded = recordedProcesses(shape.dataDir);
  const healthPort = Math.max(shape.ports.health + shape.processCount - 1, ...recorded.map((p) => p.healthPort)) + 1;
  const pid = spawnLogged(shape, name, main, { ...env, FE_HEALTH_PORT: String(healthPort) });
  appendFileSync(join(shape.dataDir, 'run/pids'), `${name} ${pid} ${healthPort}\n`);
  return untilReady({ name, pid, healthPort });
}

/**
 * Starts a recorded process again, as a supervisor would after it died: the same main, environment and /readyz
 * port, its new pid put in place of the old one in run/pids; resolves once its /readyz answers 200.
 */
export async function restartRecordedProcess(
  shape: DistributedRun,
  name: string,
  main: string,
  env: NodeJS.ProcessEnv = {},
): Promise<RecordedProcess> {
  const old = recordedProcesses(shape.dataDir).find((p) => p.name === name);
  if (!old) throw new Error(`no process named ${name} is recorded`);
  if (alive(old.pid)) throw new Error(`${name} (pid ${old.pid}) still runs`);
  const pid = spawnLogged(shape, name, main, { ...env, FE_HEALTH_PORT: String(old.healthPort) });
  const pids = join(shape.dataDir, 'run/pids');
  const lines = readFileSync(pids, 'utf8').split('\n');
  writeFileSync(
    pids,
    lines
      .map((l) => (l === `${name} ${old.pid} ${old.healthPort}` ? `${name} ${pid} ${old.healthPort}` : l))
      .join('\n'),
  );
  return untilReady({ name, pid, healthPort: old.healthPort });
}

/** Spawns `main` detached as the start script does, its output appended to logs/<name>.log; its pid. */
function spawnLogged(shape: DistributedRun, name: string, main: string, env: NodeJS.ProcessEnv): number {
  const log = openSync(join(shape.dataDir, 'logs', `${name}.log`), 'a', 0o600);
  const child = spawn(node, ['--max-semi-space-size=4', '--max-old-space-size=512', main], {
    cwd: root,
    env: { ...shape.env, ...env },
    stdio: ['ignore', log, log],
    detached: true,
  });
  closeSync(log);
  child.unref();
  return child.pid!;
}

/** Waits (bounded, generous for a loaded machine) until the process answers /readyz with 200. */
async function untilReady(started: RecordedProcess): Promise<RecordedProcess> {
  const { name, pid, healthPort } = started;
  const deadline = Date.now() + 240_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${healthPort}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return started;
    if (!alive(pid) || Date.now() > deadline) throw new Error(`${name} did not become ready; see ${name}.log`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A Kafka broker of the caller's own, which it may kill and start again (the shared one is never restarted). */
export async function startOwnBroker(): Promise<DedicatedBroker> {
  // The e2e project has no globalSetup to say where infra/up.sh put the Kafka jars.
  process.env.FE_TEST_KAFKA_LIB ??= join(root, '.infra/kafka/lib');
  return dedicatedBroker();
}

/** An S3 server (versitygw) of the caller's own, on `dataDir`, which it may stop and start again. */
export async function startOwnS3(dataDir: string): Promise<VersitygwServer> {
  // As for the broker: the binary infra/up.sh installed, found without the int project's globalSetup.
  process.env.FE_TEST_VERSITYGW_BIN ??= join(root, '.infra/bin/versitygw-v1.7.0');
  return startVersitygw(dataDir);
}

/**
 * `count` consecutive ports free now, from a random start in `range`: above Linux's ephemeral ports by default,
 * so a process's outgoing connection cannot take one before it listens.
 */
export async function freeRun(count: number, range = process.env.FE_E2E_PORTS ?? '61000-64999'): Promise<number> {
  const [from, to] = range.split('-').map(Number) as [number, number];
  if (!(from > 0 && to - from + 1 >= count))
    throw new RangeError(`FE_E2E_PORTS ${range}: not a range of ${count} ports`);
  const free = (port: number) =>
    new Promise<boolean>((done) => {
      const server = createServer()
        .once('error', () => done(false))
        .listen(port, '127.0.0.1', () => server.close(() => done(true)));
    });
  for (;;) {
    const base = from + Math.floor(Math.random() * (to - from + 2 - count));
    let ok = true;
    for (let port = base; port < base + count && ok; port++) ok = await free(port);
    if (ok) return base;
  }
}

/**
 * The servers' variables: the caller's own, else the shared FE_TEST_*, else brought up by infra/up.sh. `external`:
 * every server was known before.
 */
async function resolveServers(
  dataDir: string,
  given: Partial<ServerVariables>,
): Promise<{ servers: ServerVariables; external: boolean }> {
  const shared = {
    FE_POSTGRES_URL: 'FE_TEST_POSTGRES_URL',
    FE_KAFKA_BROKERS: 'FE_TEST_KAFKA_BROKERS',
    FE_SCHEMA_REGISTRY_URL: 'FE_TEST_SCHEMA_REGISTRY_URL',
    FE_S3_ENDPOINT: 'FE_TEST_S3_ENDPOINT',
    FE_S3_ACCESS_KEY: 'FE_TEST_S3_ACCESS_KEY',
    FE_S3_SECRET_KEY: 'FE_TEST_S3_SECRET_KEY',
  } as const;
  const server = {
    FE_POSTGRES_URL: 'postgres',
    FE_KAFKA_BROKERS: 'kafka',
    FE_SCHEMA_REGISTRY_URL: 'registry',
    FE_S3_ENDPOINT: 's3',
  } as const;
  const missing = (Object.keys(server) as (keyof typeof server)[])
    .filter((name) => !given[name] && !process.env[shared[name]])
    .map((name) => server[name]);
  if (missing.length > 0)
    await run('bash', ['infra/up.sh', '--record-started', join(dataDir, 'run/infra-started'), ...missing], {
      cwd: root,
      timeout: 600_000,
    });
  const fixed =
    missing.length === 0
      ? new Map<string, string>()
      : new Map(
          (await run('bash', ['infra/env.sh'], { cwd: root })).stdout
            .split('\n')
            .map((line) => /^export ([A-Z0-9_]+)=(.*)$/.exec(line))
            .filter((m) => m !== null)
            .map((m) => [m[1]!, m[2]!]),
        );
  const entries = (Object.keys(shared) as (keyof typeof shared)[]).map(
    (name) => [name, given[name] ?? process.env[shared[name]] ?? fixed.get(shared[name])!] as const,
  );
  return { servers: Object.fromEntries(entries) as ServerVariables, external: missing.length === 0 };
}
