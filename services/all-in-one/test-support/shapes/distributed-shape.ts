// The distributed shape as a Shape (shape.ts): scripts/start-distributed.sh starts every service as
// its own process (two ingress, two signers, renderer, submitter, notifier, projection, relay, the
// DIAN simulator with its test controls on, the admin portal); the test reaches them over HTTP,
// reads their log files and the PostgreSQL stores, and may kill a process or start one more. Its own schema, consumer groups,
// relay name and bucket, so it meets nothing else on the servers it shares.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, closeSync, cpSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { dedicatedBroker, type DedicatedBroker } from '@fe/platform-kafka/testing';
import { createPostgresPool, PostgresEventStore } from '@fe/platform-postgres';
import { PostgresStatusStore } from '@fe/projection/postgres';
import { loadOrCreateMasterKey } from '@fe/tenancy';
import { PostgresTenantDirectory } from '@fe/tenancy/postgres';
import { registerExtraTenantsIn } from '../extra-tenants.ts';
import { httpClient, pollStatus } from '../http-client.ts';
import { exampleRequest } from '../world.ts';
import { alive, freeRun, recordedProcesses, type RecordedProcess } from './distributed-processes.ts';
import { invoiceEventsOf, settledDiff, type Shape } from './shape.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../../..');
const node = join(root, 'node_modules/node/bin/node');
const PROCESSES = 11; // what the start script records (the spare health ports come after theirs)
const SPARE_PORTS = 6; // health ports for processes a test starts besides the script's

export const mains = {
  signer: 'services/signer/src/main.ts',
  submitter: 'services/submitter/src/main.ts',
} as const;

export type DistributedShape = Shape & {
  dataDir: string;
  /** The answer to the invoice posted as soon as the start script returned (every /readyz 200): its HTTP status and the invoice's. */
  firstAnswer: { status: number; invoiceStatus: string | undefined };
  /** The log lines (JSON text) of the processes whose name starts with `prefix` (signer-1, signer-…). */
  logsOf(prefix: string): string[];
  /** The recorded processes now: the script's and those the test started. */
  processes(): RecordedProcess[];
  /** Sends `signal` to the named process and waits until it is gone. */
  kill(name: string, signal: NodeJS.Signals): Promise<void>;
  /**
   * Starts one more instance of a service, as the script starts its own (recorded, so the stop
   * script stops it too); resolves once its /readyz answers 200.
   */
  startProcess(name: string, service: keyof typeof mains): Promise<void>;
};

/**
 * A Kafka broker of the test's own (killed and restarted at will). Also what keeps the shape's
 * topics its own: the topic names carry no prefix (FE_KAFKA_GROUP_PREFIX separates only the
 * groups), so on a broker another deployment uses, each would consume the other's invoice events.
 */
export async function startOwnBroker(): Promise<DedicatedBroker> {
  // The e2e project has no globalSetup to say where infra/up.sh put the Kafka jars.
  process.env.FE_TEST_KAFKA_LIB ??= join(root, '.infra/kafka/lib');
  return dedicatedBroker();
}

export type DistributedShapeOptions = {
  /** Servers of the test's own, which it may restart; default the shared ones (FE_TEST_*, brought up when unset). */
  postgresUrl?: string;
  kafkaBrokers?: string;
};

export async function startDistributedShape(options: DistributedShapeOptions = {}): Promise<DistributedShape> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fe-shape-'));
  const scratchDir = join(dataDir, 'scratch');
  mkdirSync(join(dataDir, 'run'), { recursive: true, mode: 0o700 });
  mkdirSync(scratchDir, { mode: 0o700 });
  const tag = randomBytes(5).toString('hex');
  // The second ingress is api + 1 and the admin portal api + 2, where the start script puts them.
  const base = await freeRun(PROCESSES + 4 + SPARE_PORTS);
  const ports = { api: base, simulator: base + 3, health: base + 4 };
  const servers = await sharedServers(dataDir, options);
  const schema = `fe_shape_${tag}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    FE_DATA_DIR: dataDir, FE_PORT: String(ports.api), FE_HEALTH_PORT_BASE: String(ports.health), DIAN_SIMULATOR_PORT: String(ports.simulator),
    FE_POSTGRES_SCHEMA: schema, FE_KAFKA_GROUP_PREFIX: `shape.${tag}.`, RELAY_NAME: `relay.shape-${tag}`, FE_S3_BUCKET: `fe-shape-${tag}`,
    FE_INFRA: 'external', ...servers, FE_MASTER_KEY_FILE: join(dataDir, 'master.key'), MALLOC_ARENA_MAX: '2',
    FE_LOG_LEVEL: 'info', DIAN_SIMULATOR_CONTROL: 'true',
    // As the embedded world (world.ts): no rate limit in the way, a long wait, quick retries.
    FE_RATE_LIMIT_PER_SECOND: '10000', FE_RATE_LIMIT_BURST: '10000', FE_WAIT_BUDGET_MS: '20000', SUBMIT_RETRY_BASE_MS: '200', SUBMIT_RETRY_MAX_MS: '1000',
    // The fault tests keep DIAN down for seconds while dozens of invoices retry every second at most.
    SUBMIT_MAX_ATTEMPTS: '40',
  };
  const url = `http://127.0.0.1:${ports.api}`;
  const pool = createPostgresPool({ connectionString: servers.FE_POSTGRES_URL, schema, max: 3, onIdleError: () => undefined });
  const stop = () => run('bash', ['scripts/stop-distributed.sh'], { cwd: root, env, timeout: 200_000 });
  const closeAll = async () => {
    await stop().catch(() => undefined);
    for (const { pid } of recordedProcesses(dataDir)) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await pool.end().catch(() => undefined);
    // For a failure that needs reading afterwards: FE_E2E_KEEP_LOGS=<folder> keeps every process's log.
    if (process.env.FE_E2E_KEEP_LOGS) cpSync(join(dataDir, 'logs'), join(process.env.FE_E2E_KEEP_LOGS, `shape-${tag}`), { recursive: true });
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    // Prepared first (schema, demo tenant), so the extra tenants exist before the simulator reads the CAs to trust.
    const prepared = await run(node, ['services/all-in-one/src/distributed/prepare.ts', dataDir, url], { cwd: root, env, timeout: 120_000 });
    const apiKey = /export FE_API_KEY=(fe_test_\S+)/.exec(prepared.stdout)?.[1];
    if (!apiKey) throw new Error(`prepare.ts printed no demo key: ${prepared.stdout}`);
    const tenants = new PostgresTenantDirectory({ pool, masterKey: loadOrCreateMasterKey(join(dataDir, 'master.key')), now: () => new Date() });
    const extra = await registerExtraTenantsIn(tenants);
    const started = Date.now();
    await run('bash', ['scripts/start-distributed.sh'], { cwd: root, env, timeout: 420_000 });
    const api = httpClient(url, apiKey);
    // No warm-up: the script returned once every /readyz said 200, which includes every consumer
    // group's join (consumer-groups), so the first invoice is answered with its verdict (asserted
    // by the tests: firstAnswer).
    const startedIn = Date.now() - started;
    const first = await api.post(exampleRequest);
    const firstAnswer = { status: first.status, invoiceStatus: first.body?.status as string | undefined };
    console.log(`distributed shape started in ${startedIn} ms; the first invoice: ${firstAnswer.status} ${firstAnswer.invoiceStatus} in ${Date.now() - started - startedIn} ms`); // printed, not asserted
    // Its PDF drawn too, so the tests begin on a quiet shape (as they did after the warm-up this replaced).
    if (first.body?.cufe) await pollStatus(api, first.body.cufe, (body) => body.pdf_url !== undefined, 180_000);

    const eventStore = new PostgresEventStore(pool);
    const statusStore = new PostgresStatusStore(pool);
    const simulator = `http://127.0.0.1:${ports.simulator}/control`;
    const logLines = (prefix: string) => readdirSync(join(dataDir, 'logs')).filter((file) => file.startsWith(prefix))
      .flatMap((file) => readFileSync(join(dataDir, 'logs', file), 'utf8').split('\n').filter((line) => line.startsWith('{')));
    const processes = () => recordedProcesses(dataDir);
    let spare = ports.health + PROCESSES;

    return {
      name: 'distributed', files: 's3', url, apiKey, extra, scratchDir, dataDir, firstAnswer,
      ...api,
      ingressLogs: () => logLines('ingress-'),
      allLogs: () => logLines(''),
      logsOf: logLines,
      trustedCaPems: (tenantId) => tenants.trustedCaPems(tenantId),
      dian: {
        async setFault(spec) {
          const answer = await fetch(`${simulator}/fault`, { method: 'PUT', body: spec ?? '' });
          if (answer.status !== 204) throw new Error(`the simulator refused the fault ${spec}: ${answer.status}`);
        },
        async timesReceived(cufe) {
          return ((await (await fetch(`${simulator}/received/${cufe}`)).json()) as { times: number }).times;
        },
      },
      projectionDiff: (withinMs = 30_000) => settledDiff(eventStore, statusStore, withinMs),
      invoiceEvents: () => invoiceEventsOf(eventStore),
      processes,
      async kill(name, signal) {
        const found = processes().find((p) => p.name === name);
        if (!found) throw new Error(`no process named ${name}`);
        process.kill(found.pid, signal);
        while (alive(found.pid)) await new Promise((r) => setTimeout(r, 50));
      },
      async startProcess(name, service) {
        const healthPort = spare++;
        const own = service === 'signer' ? { SIGNER_POOL_SIZE: '1' } : {
          DIAN_ENDPOINT_HABILITACION: `http://127.0.0.1:${ports.simulator}/WcfDianCustomerServices.svc`,
          DIAN_ENDPOINT_PRODUCTION: `http://127.0.0.1:${ports.simulator}/WcfDianCustomerServices.svc`,
        };
        const log = openSync(join(dataDir, 'logs', `${name}.log`), 'a', 0o600);
        const child = spawn(node, ['--max-semi-space-size=4', '--max-old-space-size=512', mains[service]], {
          cwd: root, env: { ...env, ...own, FE_HEALTH_PORT: String(healthPort) }, stdio: ['ignore', log, log], detached: true,
        });
        closeSync(log);
        child.unref();
        appendFileSync(join(dataDir, 'run/pids'), `${name} ${child.pid} ${healthPort}\n`);
        const deadline = Date.now() + 120_000;
        for (;;) {
          const ready = await fetch(`http://127.0.0.1:${healthPort}/readyz`).then((r) => r.status === 200, () => false);
          if (ready) return;
          if (!alive(child.pid!) || Date.now() > deadline) throw new Error(`${name} did not become ready; see ${name}.log`);
          await new Promise((r) => setTimeout(r, 250));
        }
      },
      async close() {
        await tenants.close().catch(() => undefined);
        await statusStore.close().catch(() => undefined);
        await closeAll();
      },
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/**
 * The servers' variables for the processes: the test's own where given, else the shared ones
 * (FE_TEST_*); when those are unset (the e2e project has no globalSetup) infra/up.sh brings them
 * up, recorded in run/infra-started so that the stop script takes down exactly those.
 */
type ServerVariables = Record<'FE_POSTGRES_URL' | 'FE_KAFKA_BROKERS' | 'FE_SCHEMA_REGISTRY_URL' | 'FE_S3_ENDPOINT' | 'FE_S3_ACCESS_KEY' | 'FE_S3_SECRET_KEY', string>;

async function sharedServers(dataDir: string, options: DistributedShapeOptions): Promise<ServerVariables> {
  const needed = [...(options.postgresUrl ? [] : ['postgres']), ...(options.kafkaBrokers ? [] : ['kafka']), 'registry', 's3'];
  const variable = { postgres: 'FE_TEST_POSTGRES_URL', kafka: 'FE_TEST_KAFKA_BROKERS', registry: 'FE_TEST_SCHEMA_REGISTRY_URL', s3: 'FE_TEST_S3_ENDPOINT' } as const;
  const missing = needed.filter((server) => !process.env[variable[server as keyof typeof variable]]);
  if (missing.length > 0) await run('bash', ['infra/up.sh', '--record-started', join(dataDir, 'run/infra-started'), ...missing], { cwd: root, timeout: 600_000 });
  const fixed = new Map((await run('bash', ['infra/env.sh'], { cwd: root })).stdout.split('\n')
    .map((line) => /^export ([A-Z0-9_]+)=(.*)$/.exec(line)).filter((m) => m !== null).map((m) => [m[1]!, m[2]!]));
  const value = (name: string) => process.env[name] ?? fixed.get(name)!;
  return {
    FE_POSTGRES_URL: options.postgresUrl ?? value('FE_TEST_POSTGRES_URL'),
    FE_KAFKA_BROKERS: options.kafkaBrokers ?? value('FE_TEST_KAFKA_BROKERS'),
    FE_SCHEMA_REGISTRY_URL: value('FE_TEST_SCHEMA_REGISTRY_URL'),
    FE_S3_ENDPOINT: value('FE_TEST_S3_ENDPOINT'), FE_S3_ACCESS_KEY: value('FE_TEST_S3_ACCESS_KEY'), FE_S3_SECRET_KEY: value('FE_TEST_S3_SECRET_KEY'),
  };
}
