// The service under probe, started by the client itself in a temporary data folder: the embedded default as a
// child process (scripts/start.sh, as the crash tests start it) or the distributed shape on the shared servers,
// in a namespace of its own (as the distributed e2e tests run it). Stopped by the pids it saved.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, startChildService, stopChild } from '../../services/all-in-one/test-support/child-service.ts';
import {
  apiKeyIn,
  discardDistributedShape,
  prepareDistributedRun,
  recordedProcesses,
  run,
  startDistributedShape,
  type DistributedRun,
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
  /** URLs that must answer 200 quickly at any time: the OpenAPI document, and /healthz where there is one. */
  health: string[];
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
  let stopped = false;
  let child: Awaited<ReturnType<typeof startChildService>> | undefined;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child) {
      const pid = child.process.pid!;
      const killer = setTimeout(() => process.kill(pid, 'SIGKILL'), 30_000);
      await stopChild(child.process, 'SIGTERM').catch(() => undefined);
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  onStarted(stop);
  const untrusted = await registerUntrustedTenant(dataDir);
  const { FE_SMTP_URL: _smtp, ...env } = process.env;
  child = await startChildService({
    ...(env as Record<string, string>),
    ...probeEnv,
    FE_DATA_DIR: dataDir,
    FE_PORT: String(await freePort()),
  });
  return {
    shape: 'embedded',
    url: child.url,
    portal: `${child.url}/admin`,
    health: [`${child.url}/docs/openapi.json`],
    apiKey: child.apiKey,
    untrustedKey: untrusted.apiKey,
    dataDir,
    outboxDir: join(dataDir, 'outbox'),
    secrets: secretsOf(dataDir, child.apiKey, untrusted),
    logs: () => child!.output(),
    stop,
  };
}

async function startDistributed(onStarted: (stop: () => Promise<void>) => void): Promise<Target> {
  sharedServers();
  const { FE_SMTP_URL: _smtp, ...env } = process.env;
  let shape: DistributedRun | undefined;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await discardDistributedShape(shape);
  };
  onStarted(stop);
  shape = await prepareDistributedRun({ namespace: 'hostile', env: { ...env, ...probeEnv } });
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
  const ingress = recordedProcesses(shape.dataDir).find((p) => p.name === 'ingress-1')!;
  const logsDir = join(shape.dataDir, 'logs');
  return {
    shape: 'distributed',
    url: shape.url,
    portal: `http://127.0.0.1:${shape.ports.portal}/admin`,
    health: [`${shape.url}/docs/openapi.json`, `http://127.0.0.1:${ingress.healthPort}/healthz`],
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

/** The shared test servers' variables (infra/env.sh) when unset, so no server is brought up or down. */
function sharedServers(): void {
  const printed = execFileSync('bash', ['infra/env.sh'], { cwd: root, encoding: 'utf8' });
  for (const [, name, value] of printed.matchAll(/^export ([A-Z0-9_]+)=(.*)$/gm)) process.env[name!] ??= value!;
}

function secretsOf(dataDir: string, apiKey: string, untrusted: { apiKey: string; p12Password: string }) {
  return new Map([
    ['master key', readFileSync(join(dataDir, 'master.key'), 'utf8').trim()],
    ['demo API key', apiKey],
    ['untrusted tenant API key', untrusted.apiKey],
    ['untrusted tenant .p12 password', untrusted.p12Password],
  ]);
}
