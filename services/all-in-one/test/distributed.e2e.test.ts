// The distributed shape on one machine (docs/service.md, "Running the distributed shape on one
// machine"): `scripts/start-distributed.sh` starts every service as its own process, two ingress
// instances among them; each instance issues the README's example, the other finds it by its cufe;
// `scripts/stop-distributed.sh` stops exactly those processes and frees their ports. The start
// script brings up the infrastructure servers itself when they are not running (the e2e project
// has no globalSetup) and the stop script takes down only what it brought up. Given FE_TEST_* (the
// caller's own servers), the run uses those instead. Its own schema, consumer groups and relay name,
// so it meets nothing else on servers it shares.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'fe-distributed-'));
const tag = randomBytes(5).toString('hex');
const PROCESSES = 9; // simulator, projection, relay, 2 signers, renderer, submitter, 2 ingress

let env: NodeJS.ProcessEnv = {};
let ports: { api: number; health: number; simulator: number };
let welcome = '';

/** `count` consecutive ports that are free now, from a random start above the usual service ports. */
async function freeRun(count: number): Promise<number> {
  const free = (port: number) => new Promise<boolean>((done) => {
    const server = createServer().once('error', () => done(false)).listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
  for (;;) {
    const base = 30_000 + Math.floor(Math.random() * 20_000);
    let ok = true;
    for (let port = base; port < base + count && ok; port++) ok = await free(port);
    if (ok) return base;
  }
}

async function pidsRecorded(): Promise<number[]> {
  try {
    return readFileSync(join(dataDir, 'run/pids'), 'utf8').trim().split('\n').map((line) => Number(line.split(' ')[1]));
  } catch {
    return [];
  }
}

/** Running: a zombie (exited, not yet reaped by whoever adopted it after the start script returned) is gone. */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

const stop = () => run('bash', ['scripts/stop-distributed.sh'], { cwd: root, env, timeout: 150_000 });

let pids: number[] = [];

beforeAll(async () => {
  const base = await freeRun(PROCESSES + 3);
  ports = { api: base, simulator: base + 2, health: base + 3 };
  const given = process.env.FE_TEST_POSTGRES_URL;
  env = {
    ...process.env,
    FE_DATA_DIR: dataDir, FE_PORT: String(ports.api), FE_HEALTH_PORT_BASE: String(ports.health), DIAN_SIMULATOR_PORT: String(ports.simulator),
    FE_POSTGRES_SCHEMA: `fe_e2e_${tag}`, FE_KAFKA_GROUP_PREFIX: `e2e.${tag}.`, RELAY_NAME: `relay.e2e-${tag}`, FE_S3_BUCKET: `fe-e2e-${tag}`,
    FE_LOG_LEVEL: 'info',
    ...(given ? {
      FE_INFRA: 'external', FE_POSTGRES_URL: given, FE_KAFKA_BROKERS: process.env.FE_TEST_KAFKA_BROKERS, FE_SCHEMA_REGISTRY_URL: process.env.FE_TEST_SCHEMA_REGISTRY_URL,
      FE_S3_ENDPOINT: process.env.FE_TEST_S3_ENDPOINT, FE_S3_ACCESS_KEY: process.env.FE_TEST_S3_ACCESS_KEY, FE_S3_SECRET_KEY: process.env.FE_TEST_S3_SECRET_KEY,
    } : {}),
  };
  const started = await run('bash', ['scripts/start-distributed.sh'], { cwd: root, env, timeout: 420_000 });
  welcome = started.stdout;
  pids = await pidsRecorded();
}, 450_000);

afterAll(async () => {
  // Also after a failed start or assertion: nothing the start began may outlive the test.
  await stop().catch(() => undefined);
  for (const pid of await pidsRecorded()) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}, 180_000);

const example = readFileSync(join(root, 'examples/invoice-request.json'), 'utf8');
const apiKey = () => /export FE_API_KEY=(fe_test_\S+)/.exec(welcome)?.[1] ?? '';
const url = (instance: 0 | 1, path: string) => `http://127.0.0.1:${ports.api + instance}${path}`;

async function statusOn(instance: 0 | 1, cufe: string): Promise<{ status: number; body: { status?: string; cufe?: string } }> {
  const answer = await fetch(url(instance, `/api/v1/service/status/${cufe}`), { headers: { authorization: `Bearer ${apiKey()}` } });
  return { status: answer.status, body: await answer.json() as { status?: string } };
}

/** The invoice's status as the other instance reads it, once DIAN's verdict has reached the projection. */
async function verdictOn(instance: 0 | 1, cufe: string): Promise<{ status: number; body: { status?: string; cufe?: string } }> {
  for (let attempt = 0; ; attempt++) {
    const read = await statusOn(instance, cufe);
    if ((read.status === 200 && read.body.status !== 'pending') || attempt >= 240) return read;
    await new Promise((done) => setTimeout(done, 250));
  }
}

it('starts every service as its own process and prints the welcome text with the demo key once', () => {
  expect(pids).toHaveLength(PROCESSES);
  expect(pids.every(alive)).toBe(true);
  expect(welcome).toContain(`Electronic invoicing service (distributed) at http://127.0.0.1:${ports.api}`);
  expect(apiKey()).toMatch(/^fe_test_/);
  expect(welcome.split(apiKey())).toHaveLength(2); // printed once
});

it('the command the welcome text names prints the demo key again, read from PostgreSQL', async () => {
  expect(welcome).toContain('pnpm -s distributed:api-key');
  const printed = await run('pnpm', ['-s', 'distributed:api-key'], { cwd: root, env, timeout: 60_000 });
  expect(printed.stdout.trim()).toBe(apiKey());
});

it('each ingress instance issues the README\'s example: DIAN accepts it, and the other instance finds it by its cufe', async () => {
  for (const [instance, other] of [[0, 1], [1, 0]] as const) {
    const answer = await fetch(url(instance, '/api/v1/service/invoice'), {
      method: 'POST', body: example,
      headers: { authorization: `Bearer ${apiKey()}`, 'content-type': 'application/json', 'idempotency-key': `e2e-${tag}-${instance}` },
    });
    const body = await answer.json() as { status?: string; cufe?: string };
    expect([201, 202]).toContain(answer.status);
    expect(body.cufe).toMatch(/^[0-9a-f]{96}$/);
    if (answer.status === 201) expect(body.status).toBe('accepted');
    const seen = await verdictOn(other, body.cufe!);
    expect({ status: seen.status, invoice: seen.body.status, cufe: seen.body.cufe }).toEqual({ status: 200, invoice: 'accepted', cufe: body.cufe });
  }
});

it('each ingress instance serves the admin portal: a form one instance made posts to the other (shared accounts and CSRF key)', async () => {
  const form = await fetch(url(0, '/admin/signup'));
  expect(form.status).toBe(200);
  const cookie = form.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())![1]!;
  const email = `dist-${tag}@empresa.example`;
  const posted = await fetch(url(1, '/admin/signup'), {
    method: 'POST', redirect: 'manual', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, email, password: 'una clave larga y segura', repeat: 'una clave larga y segura' }),
  });
  expect(posted.status).toBe(200);
  expect(await posted.text()).toContain('Revise su correo');
  const mails = readdirSync(join(dataDir, 'outbox')).map((f) => readFileSync(join(dataDir, 'outbox', f), 'utf8'));
  expect(mails.some((mail) => mail.includes(`To: ${email}`) && mail.includes('/admin/confirm?token='))).toBe(true);
});

it('the stop script stops exactly those processes, each gracefully, and frees their ports', async () => {
  await stop();
  expect(pids.filter(alive)).toEqual([]);
  // Each finished its graceful stop (SIGTERM: modules stopped, stores closed) rather than being killed.
  const names = ['dian-simulator', 'projection', 'relay', 'signer-1', 'signer-2', 'renderer', 'submitter', 'ingress-1', 'ingress-2'];
  const service = (name: string) => name.replace(/-\d$/, '');
  expect(names.filter((name) => !readFileSync(join(dataDir, 'logs', `${name}.log`), 'utf8').includes(`"msg":"${service(name)} stopped"`))).toEqual([]);
  const refused = async (port: number) => fetch(`http://127.0.0.1:${port}/`).then(() => `${port} answered`, () => 'refused');
  const all = [ports.api, ports.api + 1, ports.simulator, ...Array.from({ length: PROCESSES }, (_, i) => ports.health + i)];
  expect(await Promise.all(all.map(refused))).toEqual(all.map(() => 'refused'));
});

it('a later start on the same data folder uses the demo tenant without printing its key', async () => {
  const again = await run('bash', ['scripts/start-distributed.sh'], { cwd: root, env, timeout: 420_000 });
  expect(again.stdout).toContain('Using the demo tenant');
  expect(again.stdout).toContain('export FE_API_KEY=$(pnpm -s distributed:api-key)');
  expect(again.stdout).not.toContain(apiKey());
  expect((await statusOn(1, '0'.repeat(96))).status).toBe(404); // the same key still authenticates: an unknown invoice, not a 401
}, 450_000);
