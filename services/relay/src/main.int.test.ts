import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { invoiceEventSchemas, topics, type Envelope } from '@fe/contracts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { invoiceStreamName, loadOrCreateAuditKey, verifyEventStore } from '@fe/platform';
import { requiredTestEnv, startServiceProcess } from '@fe/platform/testing';
import { KafkaEventBus, SchemaRegistryCodec } from '@fe/platform-kafka';
import { createPostgresPool, PostgresAuditCheckpointStore, PostgresEventStore } from '@fe/platform-postgres';
import { testPostgresUrl } from '@fe/platform-postgres/testing';
import { afterAll, describe, expect, it } from 'vitest';

// The relay's main.ts as a child process against the real servers (FE_TEST_*): ready, relays what is
// appended, then a clean stop on SIGTERM. Its own schema and relay name, so it meets no other test's
// rows or lease; the topic is the real one, so the watcher looks for its own invoice only.
const schema = `fe_test_${randomBytes(6).toString('hex')}`;
const auditKeyFile = join(mkdtempSync(join(tmpdir(), 'fe-audit-key-')), 'audit.key');
const auditKey = loadOrCreateAuditKey(auditKeyFile);
let child: ChildProcess | undefined;
let watcher: KafkaEventBus | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await watcher?.close();
  const pool = createPostgresPool({ connectionString: testPostgresUrl() });
  await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => pool.end());
});

describe('services/relay/src/main.ts as its own process', () => {
  it('answers /readyz once started, publishes an appended event to the invoice topic, and exits 0 on SIGTERM after a graceful stop', async () => {
    const service = startServiceProcess(fileURLToPath(new URL('./main.ts', import.meta.url)), {
      PATH: process.env.PATH,
      FE_POSTGRES_URL: testPostgresUrl(),
      FE_POSTGRES_SCHEMA: schema,
      FE_KAFKA_BROKERS: requiredTestEnv('FE_TEST_KAFKA_BROKERS'),
      FE_SCHEMA_REGISTRY_URL: requiredTestEnv('FE_TEST_SCHEMA_REGISTRY_URL'),
      FE_HEALTH_PORT: '0',
      RELAY_NAME: `relay.test-${schema.replace(/_/g, '-')}`,
      FE_AUDIT_KEY_FILE: auditKeyFile,
    });
    child = service.child;
    const { lines, exited } = service;

    await expect
      .poll(() => lines.find((l) => l.msg === 'relay starting'), { timeout: 60_000, interval: 50 })
      .toBeDefined();
    const health = String(lines.find((l) => l.msg === 'relay starting')!.health);
    expect(health).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${health}/healthz`)).status).toBe(200);
    await expect
      .poll(async () => (await fetch(`${health}/readyz`)).status, { timeout: 60_000, interval: 100 })
      .toBe(200);

    // What the process is for: an event appended to the store reaches the topic through it.
    const invoiceId = `inv-${randomUUID()}`;
    const seen: string[] = [];
    watcher = new KafkaEventBus({
      brokers: requiredTestEnv('FE_TEST_KAFKA_BROKERS').split(','),
      codec: new SchemaRegistryCodec({
        url: requiredTestEnv('FE_TEST_SCHEMA_REGISTRY_URL'),
        contracts: invoiceEventSchemas,
      }),
      groupIdPrefix: `${schema}.`,
    });
    await watcher.subscribe({
      topic: topics.invoiceEvents.name,
      group: 'watch',
      from: 'latest',
      handler: async (message) => {
        const event = message.value;
        if (event.invoice_id === invoiceId) seen.push(`${event.type} ${message.headers?.ce_type}`);
      },
    });
    const pool = createPostgresPool({ connectionString: testPostgresUrl(), schema });
    await new PostgresEventStore(pool)
      .append(invoiceStreamName('demo', invoiceId), [signed(invoiceId)], 'no_stream')
      .finally(() => pool.end());
    await expect
      .poll(() => seen, { timeout: 60_000, interval: 100 })
      .toEqual(['InvoiceSigned co.fe-colombia.InvoiceSigned.v1']);

    child.kill('SIGTERM');
    expect(await exited, service.stderr()).toBe(0);
    // At its stop it signed the store's head with FE_AUDIT_KEY_FILE; the walk finds the store as signed.
    const audit = createPostgresPool({ connectionString: testPostgresUrl(), schema });
    try {
      const checkpoints = await new PostgresAuditCheckpointStore(audit).all();
      expect(checkpoints.length).toBeGreaterThan(0);
      const walk = await verifyEventStore(new PostgresEventStore(audit), checkpoints, auditKey.publicKeyPem);
      expect(walk.findings).toEqual([]);
      expect(walk.uncovered).toBe(0);
    } finally {
      await audit.end();
    }
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['relay ready', 'relay stopping', 'relay stopped']));
  });
});

function signed(invoiceId: string): Envelope {
  return {
    id: randomUUID(),
    type: 'InvoiceSigned',
    version: 1,
    occurred_at: '2026-03-10T10:15:00-05:00',
    tenant_id: 'demo',
    invoice_id: invoiceId,
    correlation_id: 'req-1',
    causation_id: 'req-1',
    data: {
      xml_key: `demo/${invoiceId}/signed.xml`,
      xml_sha256: 'a'.repeat(64),
      signed_at: '2026-03-10T10:15:01-05:00',
      certificate_serial: '01',
    },
  };
}
