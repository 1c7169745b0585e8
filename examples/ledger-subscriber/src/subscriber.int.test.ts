// The example subscriber against the real servers (Kafka, the schema registry): the service's relay
// publishes invoice events as it does in the distributed shape; the subscriber, on its own group,
// writes the accepted ones to its ledger, ignores a message delivered twice, and after a restart
// resumes where its group stopped. Every message carries the CloudEvents headers.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { invoiceEventSchemas, type InvoiceEvent } from '@fe/contracts';
import { invoiceFixture } from '@fe/invoice-status/testing';
import { SqliteCheckpointStore, SqliteEventStore, startRelay, type Logger } from '@fe/platform';
import { requiredTestEnv } from '@fe/platform/testing';
import { KafkaEventBus, SchemaRegistryCodec } from '@fe/platform-kafka';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, expect, it } from 'vitest';
import { startSubscriber, type Subscriber } from './subscriber.ts';

const brokers = requiredTestEnv('FE_TEST_KAFKA_BROKERS', 'host:port of a Kafka broker').split(',');
const registryUrl = requiredTestEnv('FE_TEST_SCHEMA_REGISTRY_URL', 'a Confluent-compatible registry API');
const run = randomUUID().slice(0, 8);
const topic = `fe.test.ledger.${run}`;
const silent: Logger = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent };

const store = new SqliteEventStore(':memory:');
const codec = new SchemaRegistryCodec({ url: registryUrl, contracts: invoiceEventSchemas, namespace: `fe.test${run}` });
const bus = new KafkaEventBus({ brokers, codec, partitionsOf: () => 3 });
const relay = startRelay({
  name: 'relay.test',
  store,
  bus,
  checkpoints: new SqliteCheckpointStore(':memory:'),
  logger: silent,
  idleMs: 20,
  route: (event) => ({ topic, key: event.envelope.invoice_id ?? event.stream }),
});
const ledgerPath = join(mkdtempSync(join(tmpdir(), 'fe-ledger-')), 'ledger.sqlite');
const lines: string[] = [];
const subscribe = () =>
  startSubscriber({
    brokers,
    registryUrl,
    ledgerPath,
    topic,
    groupId: `example.ledger.${run}`,
    log: (l) => lines.push(l),
  });
let subscriber: Subscriber | undefined;

afterAll(async () => {
  await subscriber?.stop();
  await relay.stop();
  await bus.close();
  const admin = new Kafka({ brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  await admin.disconnect();
});

async function issue(consecutive: number, verdict: 'accepted' | 'rejected'): Promise<InvoiceEvent[]> {
  const inv = invoiceFixture({ consecutive });
  const events = [
    inv.requested(),
    inv.signed(),
    inv.submitted(),
    verdict === 'accepted' ? inv.accepted() : inv.rejected(),
  ];
  await store.append(inv.invoiceId, events, 'no_stream');
  relay.nudge();
  return events;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300 && !condition(); i++) await new Promise((r) => setTimeout(r, 100));
  expect(condition(), what).toBe(true);
}

it('ledgers the accepted invoices once each, across a duplicate delivery and a restart, from CloudEvents-headed messages', async () => {
  const first = await issue(990000101, 'accepted');
  await issue(990000102, 'rejected');
  await issue(990000103, 'accepted');
  await relay.caughtUp(); // the topic exists once the relay published to it
  subscriber = await subscribe();
  await until(() => subscriber!.ledger.rows().length === 2, 'two accepted invoices ledgered');
  expect(subscriber.ledger.rows().map((r) => r.number)).toEqual(['SETP990000101', 'SETP990000103']);
  expect(subscriber.ledger.rows()[0]!.cufe).toBe(
    (first[0] as Extract<InvoiceEvent, { type: 'InvoiceRequested' }>).data.cufe,
  );
  await subscriber.stop();

  // While it is down: a new accepted invoice, and the first acceptance delivered again (at least once).
  await issue(990000104, 'accepted');
  await bus.publish(topic, [{ key: first[3]!.invoice_id!, value: first[3]! }]);
  await relay.caughtUp();
  subscriber = await subscribe();
  await until(
    () => subscriber!.ledger.rows().length === 3,
    'the invoice accepted while it was down ledgered after the restart',
  );
  await until(() => lines.some((l) => l === 'already in the ledger: SETP990000101'), 'the duplicate delivered');
  expect(subscriber.ledger.rows().map((r) => r.number)).toEqual(['SETP990000101', 'SETP990000103', 'SETP990000104']);
  // Resumed from its group's offsets: of what it had handled before the restart, only the duplicate came again.
  expect(lines.filter((l) => l.startsWith('already in the ledger'))).toEqual(['already in the ledger: SETP990000101']);
  expect(lines.filter((l) => l === 'ledgered SETP990000101')).toHaveLength(1);

  // What generic tooling sees without decoding a body: the CloudEvents binary-mode headers.
  const kafka = new Kafka({ brokers, logLevel: logLevel.NOTHING });
  const raw = kafka.consumer({ groupId: `headers.${run}` });
  const headers: Record<string, string>[] = [];
  await raw.connect();
  await raw.subscribe({ topic, fromBeginning: true });
  await raw.run({
    eachMessage: async ({ message }) =>
      void headers.push(Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)]))),
  });
  await until(() => headers.length >= 16, 'every relayed message read');
  await raw.disconnect();
  const relayed = headers.filter((h) => h['x-store-position'] !== undefined);
  expect(relayed).toHaveLength(16);
  for (const h of relayed) {
    expect(h).toMatchObject({
      ce_specversion: '1.0',
      ce_source: '/fe-colombia/tenants/demo',
      ce_subject: expect.stringMatching(/^[0-9a-f]{96}$/),
      ce_documentkind: 'invoice',
      'content-type': 'application/json',
    });
    // Each type in the version written today: InvoiceRequested.v3 (the request's v3 fields), the others v1.
    expect(h.ce_type).toMatch(/^co\.fe-colombia\.(InvoiceRequested\.v3|Invoice(?!Requested\.)[A-Za-z]+\.v1)$/);
    expect(h.ce_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(h.ce_time!))).toBe(false);
  }
});
