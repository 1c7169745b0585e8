// The service under probe, started by the client itself in a temporary data folder: the embedded default as a
// child process (scripts/start.sh, as the crash tests start it) or the distributed shape on the shared servers,
// in a namespace of its own (as the distributed e2e tests run it). Stopped by the pids it saved.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../services/all-in-one/test-support/child-service.ts';
import {
  apiKeyIn,
  discardDistributedShape,
  prepareDistributedRun,
  recordedProcesses,
  run,
  startDistributedShape,
  type DistributedRun,
  type RecordedProcess,
} from '../../services/all-in-one/test-support/start-distributed.ts';
import {
  registerUntrustedTenant,
  registerUntrustedTenantIn,
} from '../../services/all-in-one/test-support/untrusted-tenant.ts';

const root = resolve(import.meta.dirname, '../..');

export type Target = {
  shape: 'embedded' | 'distributed';
  /** The API (the first ingress). */
  url: string;
  /** The admin portal, `…/admin`. */
  portal: string;
  /** The health listeners (own ports): they answer whatever the main listeners carry. */
  health: string[];
  /** The main listeners' pages (the OpenAPI document, the login page): they answer every address under its cap. */
  served: string[];
  apiKey: string;
  /** The key of a tenant whose certificate DIAN refuses (untrusted-tenant.ts). */
  untrustedKey: string;
  dataDir: string;
  /** Where the buyers' and the portal's mails land (.eml files). */
  outboxDir: string;
  /** Secrets no answer, log or file (but their own) may show. */
  secrets: Map<string, string>;
  logs(): string;
  stop(): Promise<void>;
};

/** Variables for every process: no rate limit in the way of a probe (it is not what they test), mail to files. */
const probeEnv = {
  FE_RATE_LIMIT_PER_SECOND: '10000',
  FE_RATE_LIMIT_BURST: '10000',
  FE_PORTAL_FORM_POSTS_PER_MINUTE: '100000',
  FE_PORTAL_MAILS_PER_EMAIL_PER_HOUR: '100000',
  FE_LOG_LEVEL: 'info',
};

export async function startTarget(shape: Target['shape'], onStarted: (stop: () => Promise<void>) => void) {
  return shape === 'embedded' ? startEmbedded(onStarted) : startDistributed(onStarted);
}

async function startEmbedded(onStarted: (stop: () => Promise<void>) => void): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fe-hostile-'));
  const started: { child?: ChildProcess } = {};
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const child = started.child;
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  onStarted(stop);
  const untrusted = await registerUntrustedTenant(dataDir);
  const { FE_SMTP_URL: _smtp, ...env } = process.env;
  // The README's start line; it execs node, so the saved pid is the service's own.
  const child = spawn('bash', [join(root, 'scripts/start.sh')], {
    cwd: root,
    env: { ...env, ...probeEnv, INIT_CWD: root, FE_DATA_DIR: dataDir, FE_PORT: String(await freePort()) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.child = child;
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  for (const deadline = Date.now() + 120_000; !/ {2}Admin portal .*\n/.test(output);) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the service did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const url = /service \(embedded\) at (http:\/\/\S+)/.exec(output)?.[1];
  const apiKey = /export FE_API_KEY=(fe_test_\w+)\n/.exec(output)?.[1];
  const healthUrl = /Health \(its own port\): (http:\/\/\S+)/.exec(output)?.[1];
  if (!url || !apiKey || !healthUrl) throw new Error(`no URL or API key in the welcome text:\n${output}`);
  return {
    shape: 'embedded',
    url,
    portal: `${url}/admin`,
    health: [healthUrl],
    served: [`${url}/docs/openapi.json`, `${url}/admin/login`],
    apiKey,
    untrustedKey: untrusted.apiKey,
    dataDir,
    outboxDir: join(dataDir, 'outbox'),
    secrets: secretsOf(dataDir, apiKey, untrusted),
    logs: () => output,
    stop,
  };
}

async function startDistributed(onStarted: (stop: () => Promise<void>) => void): Promise<Target> {
  const { FE_SMTP_URL: _smtp, ...env } = process.env;
  const started: { shape?: DistributedRun } = {};
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await discardDistributedShape(started.shape);
  };
  onStarted(stop);
  const shape = await prepareDistributedRun({ namespace: 'hostile', env: { ...env, ...probeEnv } });
  started.shape = shape;
  shape.env = { ...shape.env, FE_MASTER_KEY_FILE: join(shape.dataDir, 'master.key') };
  delete shape.env.FE_SMTP_URL;
  const prepared = await run(
    join(root, 'node_modules/node/bin/node'),
    ['services/all-in-one/src/distributed/prepare.ts', shape.dataDir, shape.url],
    { cwd: root, env: shape.env, timeout: 120_000 },
  );
  const apiKey = apiKeyIn(prepared.stdout);
  if (!apiKey) throw new Error('prepare.ts printed no demo key');
  const untrusted = await registerUntrustedTenantIn(
    shape.servers.FE_POSTGRES_URL,
    shape.names.schema,
    shape.env.FE_MASTER_KEY_FILE!,
  );
  await startDistributedShape(shape);
  const recorded = recordedProcesses(shape.dataDir);
  const [ingress, portal] = ['ingress-1', 'portal'].map((name) => recorded.find((p) => p.name === name)!) as [
    RecordedProcess,
    RecordedProcess,
  ];
  const logsDir = join(shape.dataDir, 'logs');
  return {
    shape: 'distributed',
    url: shape.url,
    portal: `http://127.0.0.1:${shape.ports.portal}/admin`,
    health: [`http://127.0.0.1:${ingress.healthPort}/healthz`, `http://127.0.0.1:${portal.healthPort}/healthz`],
    served: [`${shape.url}/docs/openapi.json`, `http://127.0.0.1:${shape.ports.portal}/admin/login`],
    apiKey,
    untrustedKey: untrusted.apiKey,
    dataDir: shape.dataDir,
    outboxDir: join(shape.dataDir, 'outbox'),
    secrets: secretsOf(shape.dataDir, apiKey, untrusted),
    logs: () =>
      readdirSync(logsDir)
        .map((file) => readFileSync(join(logsDir, file), 'utf8'))
        .join('\n'),
    stop,
  };
}

function secretsOf(dataDir: string, apiKey: string, untrusted: { apiKey: string; p12Password: string }) {
  return new Map([
    ['master key', readFileSync(join(dataDir, 'master.key'), 'utf8').trim()],
    ['demo API key', apiKey],
    ['untrusted tenant API key', untrusted.apiKey],
    ['untrusted tenant .p12 password', untrusted.p12Password],
  ]);
}
