// The auditor's commands on the distributed shape's stores (PostgreSQL and S3 of the integration
// run), as a child process reading the variables the services read: history by number, the audit
// walk under a pinned key (and events edited in PostgreSQL by hand, a RADIAN one out of order,
// found), the replay of the status read model, from the event store and from the Kafka topic,
// against the projection's live table.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { invoiceFixture, noteFixture } from '@fe/invoice-status/testing';
import { invoiceEventSchemas, invoiceEventsResponseSchema } from '@fe/contracts';
import { loadOrCreateAuditKey, SqliteCheckpointStore, startCheckpointer, startRelay, type Logger } from '@fe/platform';
import { KafkaEventBus, SchemaRegistryCodec } from '@fe/platform-kafka';
import { Kafka, logLevel } from 'kafkajs';
import { requiredTestEnv } from '@fe/platform/testing';
import { PostgresAuditCheckpointStore, PostgresEventStore } from '@fe/platform-postgres';
import { freshTestSchema, testPostgresUrl, type TestSchema } from '@fe/platform-postgres/testing';
import { rebuildStatusViews } from '@fe/projection';
import { PostgresStatusStore, statusStoreMigrations } from '@fe/invoice-status/postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';

const root = new URL('../../../../', import.meta.url).pathname;
const silent: Logger = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent };
const keyDir = mkdtempSync(join(tmpdir(), 'fe-audit-dist-'));
const key = loadOrCreateAuditKey(join(keyDir, 'audit.key'));
const publicKey = join(keyDir, 'audit.pub');
writeFileSync(publicKey, key.publicKeyPem);
let db: TestSchema;
let env: Record<string, string | undefined>;
const invoices = [invoiceFixture({ consecutive: 990000201 }), invoiceFixture({ consecutive: 990000202 })];
const notes = [
  noteFixture(invoices[0]!.requested(), { kind: 'credit', number: 1, concept: '1', amount: '100.00' }),
  noteFixture(invoices[0]!.requested(), { kind: 'credit', number: 2, concept: '3', amount: '50.00' }),
  noteFixture(invoices[0]!.requested(), { kind: 'debit', number: 1, concept: '1', amount: '20.00' }),
];

const topic = `fe.test.replay.${keyDir
  .slice(-6)
  .toLowerCase()
  .replace(/[^a-z0-9]/g, 'x')}`;
const fe = (...args: string[]) =>
  spawnSync(process.execPath, ['apps/cli/src/main.ts', ...args, '--distributed'], { cwd: root, encoding: 'utf8', env });

beforeAll(async () => {
  db = await freshTestSchema({ sets: [statusStoreMigrations()] });
  env = {
    PATH: process.env.PATH,
    FE_POSTGRES_URL: testPostgresUrl(),
    FE_POSTGRES_SCHEMA: db.schema,
    FE_S3_ENDPOINT: requiredTestEnv('FE_TEST_S3_ENDPOINT'),
    FE_S3_ACCESS_KEY: requiredTestEnv('FE_TEST_S3_ACCESS_KEY'),
    FE_S3_SECRET_KEY: requiredTestEnv('FE_TEST_S3_SECRET_KEY'),
    FE_S3_BUCKET: `fe-audit-${db.schema.slice(-8).replace(/_/g, '-')}`,
    FE_KAFKA_BROKERS: requiredTestEnv('FE_TEST_KAFKA_BROKERS'),
    FE_SCHEMA_REGISTRY_URL: requiredTestEnv('FE_TEST_SCHEMA_REGISTRY_URL'),
  };
  const store = new PostgresEventStore(db.pool);
  for (const inv of invoices)
    await store.append(inv.invoiceId, [inv.requested(), inv.submitted(), inv.accepted()], 'no_stream');
  // The buyer's receipt and goods received, learned from DIAN (docs/radian.md): checked in their order.
  const buyer = invoices[1]!;
  await store.append(
    buyer.invoiceId,
    [buyer.radian('030', '1', '2026-03-11'), buyer.radian('032', '2', '2026-03-11')],
    'any',
  );
  for (const note of notes) {
    await store.append(invoices[0]!.invoiceId, [note.reserved(), note.issued()], 'any');
    await store.append(note.noteInvoiceId, [note.requested(), note.accepted()], 'no_stream');
  }
  await rebuildStatusViews(store, new PostgresStatusStore(db.pool)); // the projection's live table
  // The relay publishes the store to a topic of this test's own, as the relay process does.
  const bus = new KafkaEventBus({
    brokers: env.FE_KAFKA_BROKERS!.split(','),
    codec: new SchemaRegistryCodec({ url: env.FE_SCHEMA_REGISTRY_URL!, contracts: invoiceEventSchemas }),
  });
  const relay = startRelay({
    name: 'relay.test',
    store,
    bus,
    checkpoints: new SqliteCheckpointStore(':memory:'),
    logger: silent,
    idleMs: 20,
    route: (e) => ({ topic, key: e.stream }),
  });
  await relay.caughtUp();
  await relay.stop();
  await bus.close();
  const checkpointer = startCheckpointer({
    store,
    checkpoints: new PostgresAuditCheckpointStore(db.pool),
    key,
    clock: { now: () => new Date() },
    logger: silent,
  });
  await checkpointer.stop();
});
afterAll(async () => {
  await db?.drop();
  const admin = new Kafka({
    brokers: requiredTestEnv('FE_TEST_KAFKA_BROKERS').split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  await admin.disconnect();
});

it('fe history, fe audit verify and fe replay --projection status on PostgreSQL and S3', async () => {
  const history = fe('history', invoices[1]!.documentId, '--json');
  expect(history.status, history.stderr).toBe(0);
  const body = invoiceEventsResponseSchema.parse(JSON.parse(history.stdout));
  expect(body.events.map((e) => e.type)).toEqual([
    'InvoiceRequested',
    'InvoiceSubmitted',
    'InvoiceAccepted',
    'InvoiceRadianEventRegistered',
    'InvoiceRadianEventRegistered',
  ]);
  expect(body.events.every((e) => /^[0-9a-f]{64}$/.test(e.chain_digest ?? ''))).toBe(true);

  const verify = fe('audit', 'verify', '--public-key', publicKey);
  expect(verify.status, verify.stdout + verify.stderr).toBe(0);
  expect(verify.stdout).toContain('2 invoices, 3 credit/debit notes, 20 events');
  expect(verify.stdout).toContain('2 RADIAN events, 0 issued here with a signed document');
  expect(verify.stdout).toContain('no difference');

  const replay = fe('replay', '--projection', 'status');
  expect(replay.status, replay.stdout + replay.stderr).toBe(0);
  expect(replay.stdout).toContain('the live read model equals the rebuild');
  const fromTopic = fe('replay', '--projection', 'status', '--from-topic', '--topic', topic);
  expect(fromTopic.status, fromTopic.stdout + fromTopic.stderr).toBe(0);
  expect(fromTopic.stdout).toContain(`rebuilt 5 invoice views from 20 events of ${topic} from offset 0 (20 messages)`);
  expect(fromTopic.stdout).toContain('the live read model equals the rebuild');

  await db.pool.query(
    `UPDATE events SET envelope = json_build_object('id', envelope->>'id', 'type', 'InvoiceRejected') WHERE stream = $1 AND version = 2`,
    [invoices[0]!.invoiceId],
  );
  // The buyer's receipt (030) turned into an express acceptance: the goods received (032) lose what comes before.
  await db.pool.query(
    `UPDATE events SET envelope = jsonb_set(envelope::jsonb, '{data,code}', '"033"')::json WHERE stream = $1 AND version = 3`,
    [invoices[1]!.invoiceId],
  );
  const tampered = fe('audit', 'verify', '--public-key', publicKey);
  expect(tampered.status).toBe(1);
  expect(tampered.stdout).toMatch(/^CHAIN_BROKEN inv-demo-SETP990000201: version 2/m);
  expect(tampered.stdout).toMatch(/^CHAIN_BROKEN inv-demo-SETP990000202: version 3/m);
  expect(tampered.stdout).toContain(
    'RADIAN_EVENT_OUT_OF_ORDER inv-demo-SETP990000202: event 032 EV032: no 030 issued before it',
  );
});
