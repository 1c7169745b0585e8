// Every health check of docker-compose.yml, run against the servers the infra scripts start (the versions the
// project tests with; MinIO their FE_INFRA_S3_SERVER=minio build), its container address mapped to the local
// server's. A check that cannot pass there would keep every service that depends on the server from starting.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { requiredTestEnv } from '@fe/platform/testing';
import { everyElement, parseXmlTree, type XmlElement } from '@fe/dian-xml';
import { startHealthServer } from '@fe/service-runtime';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { apiVersions } from '../../../../infra/test-support/kafka-wire.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../../../..');
type Service = {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
};
const { services } = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};

/** The check's command: a CMD list, run without a shell inside the container. */
function checkOf(name: string): string[] {
  const test = services[name]?.healthcheck?.test;
  expect(test?.[0], `${name}: a CMD health check`).toBe('CMD');
  return test!.slice(1);
}

/** A value of infra/env.sh (the ports are not all in the FE_TEST_* variables). */
function infraValue(name: string): string {
  const out = spawnSync('bash', ['-c', `source infra/env.sh && printf %s "$${name}"`], { cwd: root, encoding: 'utf8' });
  expect(out.stdout, name).toMatch(/^\d+$/);
  return out.stdout;
}

/** The text of the child element named `name` (any namespace: the pom's default one). */
const textAt = (parent: XmlElement | undefined, name: string) =>
  parent?.content.find((c): c is XmlElement => typeof c !== 'string' && c.localName === name)?.content.join('');
/**
 * MinIO built by `infra/up.sh --install-only` (once; the binary is kept under .infra/bin), serving a scratch folder on
 * a free port until stopped.
 */
async function startOwnMinio(): Promise<{ port: number; stop: () => Promise<void> }> {
  const script = readFileSync(join(root, 'infra/lib/s3.sh'), 'utf8');
  const binary = join(
    process.env.FE_INFRA_HOME ?? join(root, '.infra'),
    /\$FE_INFRA_HOME\/(bin\/minio-\S+)/.exec(script)![1]!,
  );
  if (!existsSync(binary)) {
    const install = spawnSync('bash', ['infra/up.sh', '--install-only', 's3'], {
      cwd: root,
      env: { ...process.env, FE_INFRA_S3_SERVER: 'minio' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    expect(install.status, 'FE_INFRA_S3_SERVER=minio infra/up.sh --install-only s3').toBe(0);
  }
  const [port, consolePort] = [await freePort(), await freePort()];
  const folder = mkdtempSync(join(tmpdir(), 'fe-compose-minio-'));
  const child = spawn(
    binary,
    ['server', folder, '--address', `127.0.0.1:${port}`, '--console-address', `127.0.0.1:${consolePort}`, '--quiet'],
    {
      env: {
        PATH: process.env.PATH,
        MINIO_ROOT_USER: 'fe-compose-check',
        MINIO_ROOT_PASSWORD: 'fe-compose-check-secret',
        MINIO_BROWSER: 'off',
      },
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/minio/health/live`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 60_000, interval: 200 },
    )
    .toBe(200);
  return {
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const portOf = (url: string) => new URL(url).port;
/** The command with the container's address `127.0.0.1:<from>` (or `localhost:`) made the local server's. */
const mapPort = (command: string[], from: string, to: string) =>
  command.map((word) => word.replace(new RegExp(`(127\\.0\\.0\\.1|localhost):${from}\\b`), `127.0.0.1:${to}`));

describe('docker-compose.yml health checks, against the local servers', () => {
  it('postgres: pg_isready answers 0 (the machine has the same client; TCP here, the socket in the container)', async () => {
    const command = checkOf('postgres');
    expect(command[0]).toBe('pg_isready');
    const url = new URL(requiredTestEnv('FE_TEST_POSTGRES_URL'));
    const answer = await run(command[0]!, [...command.slice(1), '-h', url.hostname, '-p', url.port]);
    expect(answer.stdout).toContain('accepting connections');
    // the image's major version is the local server's: every migration was tested on it
    const version = await run('psql', [url.href, '-tAc', 'SHOW server_version_num']);
    const major = String(Math.floor(Number(version.stdout.trim()) / 10_000));
    expect(services.postgres!.image).toBe(`postgres:${major}-bookworm`);
  });

  it('kafka: the ApiVersions request kafka-broker-api-versions.sh sends is answered on the PLAINTEXT listener', async () => {
    const command = checkOf('kafka');
    expect(command.slice(0, 2)).toEqual(['/opt/kafka/bin/kafka-broker-api-versions.sh', '--bootstrap-server']);
    const listener = /PLAINTEXT:\/\/:(\d+)/.exec(services.kafka!.environment!.KAFKA_LISTENERS!)![1]!;
    expect(command[2]).toBe(`localhost:${listener}`);
    // The script runs a class of kafka-tools, a jar infra/up.sh does not fetch (it runs the broker only):
    // the same request over the wire stands for it.
    const { errorCode, apis } = await apiVersions(requiredTestEnv('FE_TEST_KAFKA_BROKERS').split(',')[0]!);
    expect(errorCode).toBe(0);
    expect(apis.length).toBeGreaterThan(0);
  });

  it('kafka: the image is the version of the integration broker', () => {
    const pom = parseXmlTree(readFileSync(join(root, 'infra/kafka/pom.xml'), 'utf8'));
    const broker = everyElement(pom).find(
      (e) => e.localName === 'dependency' && textAt(e, 'artifactId') === 'kafka_2.13',
    );
    const version = textAt(broker, 'version');
    expect(services.kafka!.image).toBe(`apache/kafka:${version}`);
  });

  it('registry: curl -sf on its management port answers 0; the HTTP port would not', async () => {
    const command = checkOf('registry');
    expect(command.slice(0, 2)).toEqual(['curl', '-sf']);
    const management = services.registry!.environment!.QUARKUS_MANAGEMENT_PORT!;
    expect(portOf(command[2]!)).toBe(management);
    const script = readFileSync(join(root, 'infra/lib/registry.sh'), 'utf8');
    expect(services.registry!.image).toBe(`apicurio/apicurio-registry:${/REGISTRY_VERSION=(\S+)/.exec(script)![1]}`);
    const local = mapPort(command, management, infraValue('FE_INFRA_REGISTRY_MANAGEMENT_PORT'));
    await expect(run(local[0]!, local.slice(1))).resolves.toBeDefined();
    // The same path on the HTTP port (the check as it was) fails: this test tells the two apart.
    const http = portOf(requiredTestEnv('FE_TEST_SCHEMA_REGISTRY_URL'));
    const wrong = local.map((word) => word.replace(/:\d+\//, `:${http}/`));
    await expect(run(wrong[0]!, wrong.slice(1))).rejects.toMatchObject({ code: 22 }); // curl -f: HTTP 4xx
  });

  it('s3: the request `mc ready local` sends answers 200 from a MinIO the infra scripts build (FE_INFRA_S3_SERVER=minio)', async () => {
    const command = checkOf('s3');
    expect(command).toEqual(['mc', 'ready', 'local']); // mc's alias `local` is http://localhost:9000
    expect(services.s3!.command?.slice(0, 2)).toEqual(['server', '/data']); // MinIO on its default port, 9000
    // This machine has no mc: `mc ready` asks GET /minio/health/cluster (200 once the store can write), and
    // curl -f asks the same. The shared S3 server is versitygw, so a MinIO of this test's own answers it.
    const minio = await startOwnMinio();
    try {
      await expect(run('curl', ['-sf', `http://127.0.0.1:${minio.port}/minio/health/cluster`])).resolves.toBeDefined();
    } finally {
      await minio.stop();
    }
  }, 900_000);

  const processes = Object.entries(services).filter(([, s]) => s.image?.startsWith('fe-colombia:'));

  it.each(processes.map(([name]) => name))(
    '%s: its node check passes against the runtime health server when ready, fails while starting',
    async (name) => {
      const command = checkOf(name);
      expect(command[0]).toBe('node');
      const health = await startHealthServer({ host: '127.0.0.1', port: 0, checks: () => [], timeoutMs: 1000 });
      try {
        const local = mapPort(command, services[name]!.environment!.FE_HEALTH_PORT!, String(health.port));
        expect(local).not.toEqual(command);
        // This Node is the image's (24); a failing check exits 1 and execFile rejects.
        await expect(run(process.execPath, local.slice(1))).rejects.toMatchObject({ code: 1 });
        health.setState('ready');
        await expect(run(process.execPath, local.slice(1))).resolves.toBeDefined();
      } finally {
        await health.close();
      }
    },
  );

  it('leaves no server without a check but the telemetry collector (no service waits for it)', () => {
    const without = Object.entries(services)
      .filter(([, s]) => !s.healthcheck)
      .map(([name]) => name);
    expect(without).toEqual(['otel-collector']);
  });
});
