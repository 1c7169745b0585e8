// The one harness of the distributed shape (test-support/start-distributed.ts), in what its three
// callers rely on without starting anything: a namespace no other run shares, the port layout the
// start script assumes, the caller's servers and options reaching every process, the pids file read back.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import {
  freeRun,
  prepareDistributedRun,
  recordedProcesses,
  type DistributedRun,
} from '../test-support/start-distributed.ts';

const servers = {
  FE_POSTGRES_URL: 'postgres://fe@127.0.0.1:1/fe',
  FE_KAFKA_BROKERS: '127.0.0.1:2',
  FE_SCHEMA_REGISTRY_URL: 'http://127.0.0.1:3',
  FE_S3_ENDPOINT: 'http://127.0.0.1:4',
  FE_S3_ACCESS_KEY: 'access',
  FE_S3_SECRET_KEY: 'secret',
};
const made: DistributedRun[] = [];
afterEach(() => {
  for (const run of made.splice(0)) rmSync(run.dataDir, { recursive: true, force: true });
});
const prepare = async (options: Parameters<typeof prepareDistributedRun>[0]) => {
  const run = await prepareDistributedRun(options);
  made.push(run);
  return run;
};

it("gives each run its own schema, topic and group prefix, relay and bucket, under the caller's name", async () => {
  const [a, b] = [await prepare({ namespace: 'bench', servers }), await prepare({ namespace: 'bench', servers })];
  expect(a.names.prefix).toMatch(/^bench\.[0-9a-f]{10}\.$/);
  expect(a.env).toMatchObject({
    FE_POSTGRES_SCHEMA: a.names.schema,
    FE_KAFKA_TOPIC_PREFIX: a.names.prefix,
    FE_KAFKA_GROUP_PREFIX: a.names.prefix,
    RELAY_NAME: `relay.bench-${a.tag}`,
    FE_S3_BUCKET: a.names.bucket,
    FE_DATA_DIR: a.dataDir,
  });
  expect([b.names.schema, b.names.prefix, b.names.bucket, b.dataDir]).not.toContainEqual(a.names.schema);
  expect(b.names.prefix).not.toBe(a.names.prefix);
  expect(b.dataDir).not.toBe(a.dataDir);
});

it('lays the ports out as the start script expects, inside FE_E2E_PORTS, with room for every process and the spare ones', async () => {
  const run = await prepare({ servers, signers: 3, spareHealthPorts: 2 });
  const { api, portal, simulator, health } = run.ports;
  expect([portal, simulator, health]).toEqual([api + 2, api + 3, api + 4]);
  expect(run.processCount).toBe(12); // nine besides the signers
  expect(run.env).toMatchObject({
    FE_PORT: String(api),
    DIAN_SIMULATOR_PORT: String(simulator),
    FE_HEALTH_PORT_BASE: String(health),
    FE_SIGNER_INSTANCES: '3',
  });
  const [from, to] = (process.env.FE_E2E_PORTS ?? '61000-64999').split('-').map(Number) as [number, number];
  expect(api).toBeGreaterThanOrEqual(from);
  expect(health + run.processCount + 2 - 1).toBeLessThanOrEqual(to);
});

it("passes the caller's servers as they are (FE_INFRA=external), the OTLP endpoint, and its variables over the harness's", async () => {
  const run = await prepare({
    servers,
    otlpEndpoint: 'http://127.0.0.1:5',
    env: { FE_LOG_LEVEL: 'warn', EXTRA: 'yes' },
  });
  expect(run.servers).toEqual(servers);
  expect(run.env).toMatchObject({
    ...servers,
    FE_INFRA: 'external',
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:5',
    FE_LOG_LEVEL: 'warn',
    EXTRA: 'yes',
  });
  expect(run.url).toBe(`http://127.0.0.1:${run.ports.api}`);
});

it('reads back the processes recorded in run/pids, none before the start', async () => {
  const run = await prepare({ servers });
  expect(recordedProcesses(run.dataDir)).toEqual([]);
  writeFileSync(join(run.dataDir, 'run/pids'), 'relay 123 61004\nsubmitter-2 456 61015\n');
  expect(recordedProcesses(run.dataDir)).toEqual([
    { name: 'relay', pid: 123, healthPort: 61004 },
    { name: 'submitter-2', pid: 456, healthPort: 61015 },
  ]);
});

it('refuses a port range too small for the run', async () => {
  await expect(freeRun(20, '63000-63009')).rejects.toThrow(RangeError);
});
