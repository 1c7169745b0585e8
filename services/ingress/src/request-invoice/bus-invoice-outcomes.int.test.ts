import { randomUUID } from 'node:crypto';
import type { Envelope } from '@fe/contracts';
import { createLogger, SqliteEventStore } from '@fe/platform';
import { requiredTestEnv } from '@fe/platform/testing';
import { KafkaEventBus, type EnvelopeCodec } from '@fe/platform-kafka';
import { afterAll, describe, expect, it } from 'vitest';
import { appendAndPublish, decidedAndDrawn, invoiceEvents } from '../../test-support/invoice-outcome-world.ts';
import { createBusInvoiceOutcomes } from './bus-invoice-outcomes.ts';

// Plain JSON on the wire: the schema registry's codec has its own tests; what is under test here is
// who hears what across processes.
const json: EnvelopeCodec = {
  encode: async (envelope) => Buffer.from(JSON.stringify(envelope)),
  decode: async (value) => JSON.parse(value.toString('utf8')) as Envelope,
};
const brokers = (): string[] =>
  requiredTestEnv('FE_TEST_KAFKA_BROKERS', 'a Kafka broker')
    .split(',')
    .map((b) => b.trim());
const logger = createLogger({ level: 'silent' });
const HOUR = 3600_000; // never waited out: a missed verdict fails by the test's timeout

describe('two ingress instances on Kafka, each on its own consumer group', () => {
  const run = randomUUID().slice(0, 8);
  const topic = `fe.test.outcomes.${run}`;
  const open: { close(): Promise<void> }[] = [];
  const bus = () => {
    const b = new KafkaEventBus({
      brokers: brokers(),
      codec: json,
      groupIdPrefix: `run.${run}.`,
      partitionsOf: () => 3,
      heartbeatIntervalMs: 300,
      sessionTimeoutMs: 6000,
    });
    open.push(b);
    return b;
  };
  afterAll(async () => {
    for (const o of open.splice(0).reverse()) await o.close();
  });

  it("each resolves its own invoice's verdict, published by another process", async () => {
    const store = new SqliteEventStore(':memory:'); // the event store every process shares (PostgreSQL in production)
    open.push(store);
    const [ingressA, ingressB] = [
      createBusInvoiceOutcomes({ bus: bus(), store, logger, topic }),
      createBusInvoiceOutcomes({ bus: bus(), store, logger, topic }),
    ];
    await ingressA.start(); // one at a time: the first creates this run's topic and waits for its leaders
    await ingressB.start();
    open.push({ close: () => ingressA.stop() }, { close: () => ingressB.stop() });
    const elsewhere = bus(); // the signer, submitter and renderer's relay, in another process

    const [first, second] = [invoiceEvents('990000001'), invoiceEvents('990000002')];
    // each ingress's own append, in effect
    await appendAndPublish(store, elsewhere, topic, [first.requested, second.requested]);
    const answers = Promise.all([
      ingressA.waitFor(first.invoiceId, decidedAndDrawn, HOUR),
      ingressB.waitFor(second.invoiceId, decidedAndDrawn, HOUR),
    ]);
    await appendAndPublish(store, elsewhere, topic, [second.accepted, first.accepted, second.rendered, first.rendered]);
    const [answerA, answerB] = await answers;
    expect(answerA).toMatchObject({ invoiceId: first.invoiceId, status: 'accepted', pdfKey: 'demo/SETP990000001.pdf' });
    expect(answerB).toMatchObject({
      invoiceId: second.invoiceId,
      status: 'accepted',
      pdfKey: 'demo/SETP990000002.pdf',
    });
  });
});
