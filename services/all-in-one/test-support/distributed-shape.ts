// The distributed shape on one machine for an e2e test (docs/service.md, "Running the distributed
// shape on one machine"): `scripts/start-distributed.sh` starts every service as its own process
// and `scripts/stop-distributed.sh` stops exactly those. The start script brings up the
// infrastructure servers itself when they are not running (the e2e project has no globalSetup);
// given FE_TEST_* (the caller's own servers), the run uses those instead. Each run has its own
// schema, consumer groups, relay name and bucket, so it meets nothing else on servers it shares.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
// Above Linux's ephemeral ports: an outgoing connection of one of the processes took a port this
// run had found free (in 30000–50000) before the process listened on it, and the start failed.
import { alive, freeRun, recordedProcesses } from './shapes/distributed-processes.ts';

export const run = promisify(execFile);
export const root = resolve(import.meta.dirname, '../../..');
/** simulator, projection, relay, 2 signers (FE_SIGNER_INSTANCES), renderer, submitter, notifier, 2 ingress, the admin portal */
export const PROCESSES = 11;

export type DistributedRun = {
  dataDir: string;
  tag: string;
  env: NodeJS.ProcessEnv;
  /** The first ingress (the second is api + 1), the admin portal (api + 2, as the start script puts it), the simulator, the first /readyz port (one per process from it). */
  ports: { api: number; portal: number; health: number; simulator: number };
};

/** A data folder, free ports and the environment of one run; `extraEnv` reaches every process. */
export async function prepareDistributedRun(extraEnv: NodeJS.ProcessEnv = {}): Promise<DistributedRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fe-distributed-'));
  const tag = randomBytes(5).toString('hex');
  const base = await freeRun(PROCESSES + 4);
  const ports = { api: base, portal: base + 2, simulator: base + 3, health: base + 4 };
  const given = process.env.FE_TEST_POSTGRES_URL;
  const env = {
    ...process.env,
    FE_DATA_DIR: dataDir, FE_PORT: String(ports.api), FE_HEALTH_PORT_BASE: String(ports.health), DIAN_SIMULATOR_PORT: String(ports.simulator),
    FE_POSTGRES_SCHEMA: `fe_e2e_${tag}`, FE_KAFKA_GROUP_PREFIX: `e2e.${tag}.`, FE_KAFKA_TOPIC_PREFIX: `e2e.${tag}.`, RELAY_NAME: `relay.e2e-${tag}`, FE_S3_BUCKET: `fe-e2e-${tag}`,
    FE_LOG_LEVEL: 'info',
    ...(given ? {
      FE_INFRA: 'external', FE_POSTGRES_URL: given, FE_KAFKA_BROKERS: process.env.FE_TEST_KAFKA_BROKERS, FE_SCHEMA_REGISTRY_URL: process.env.FE_TEST_SCHEMA_REGISTRY_URL,
      FE_S3_ENDPOINT: process.env.FE_TEST_S3_ENDPOINT, FE_S3_ACCESS_KEY: process.env.FE_TEST_S3_ACCESS_KEY, FE_S3_SECRET_KEY: process.env.FE_TEST_S3_SECRET_KEY,
    } : {}),
    ...extraEnv,
  };
  return { dataDir, tag, env, ports };
}

/** Runs the start script; resolves with what it printed (the welcome text). */
export async function startDistributedShape(shape: DistributedRun): Promise<string> {
  return (await run('bash', ['scripts/start-distributed.sh'], { cwd: root, env: shape.env, timeout: 420_000 })).stdout;
}

/** The stop script: every process gets SIGTERM and is waited for. */
export const stopDistributedShape = (shape: DistributedRun) => run('bash', ['scripts/stop-distributed.sh'], { cwd: root, env: shape.env, timeout: 150_000 });

/** The pids the start script recorded. */
export const pidsRecorded = (shape: DistributedRun): number[] => recordedProcesses(shape.dataDir).map((p) => p.pid);

export { alive };

/** For afterAll, also after a failed start or assertion: nothing the start began may outlive the test. */
export async function discardDistributedShape(shape: DistributedRun | undefined): Promise<void> {
  if (!shape) return;
  await stopDistributedShape(shape).catch(() => undefined);
  for (const pid of pidsRecorded(shape)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(shape.dataDir, { recursive: true, force: true });
}

/** The demo tenant's API key in the welcome text (printed the first time only). */
export const apiKeyIn = (welcome: string) => /export FE_API_KEY=(fe_test_\S+)/.exec(welcome)?.[1] ?? '';
