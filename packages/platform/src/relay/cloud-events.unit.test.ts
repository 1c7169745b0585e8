import { expect, it } from 'vitest';
import { InProcessEventBus } from '../adapters/in-process/in-process-bus.ts';
import { SqliteCheckpointStore } from '../adapters/sqlite/sqlite-checkpoint-store.ts';
import { SqliteEventStore } from '../adapters/sqlite/sqlite-event-store.ts';
import type { DeliveredMessage } from '../ports/event-bus.ts';
import type { Logger } from '../ports/logger.ts';
import { eventually } from '../../test-support/event-bus.contract.ts';
import { sampleEnvelope } from '../../test-support/sample-envelope.ts';
import { cloudEventHeaders, eventTypeOfHeaders } from './cloud-events.ts';
import { startRelay } from './relay.ts';

const silent: Logger = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent };
const cufe = 'ab'.repeat(48);

it('every message the relay publishes carries the CloudEvents binary-mode headers, ce_subject the cufe even for events after the request and after a restart', async () => {
  const store = new SqliteEventStore(':memory:');
  const stream = 'inv-demo-SETP1';
  const requested = sampleEnvelope(stream, 'InvoiceRequested', { cufe });
  await store.append(stream, [requested], 'no_stream');
  await store.append(stream, [sampleEnvelope(stream, 'InvoiceSigned')], 0n);
  const bus = new InProcessEventBus({ partitions: 1 });
  const seen: DeliveredMessage[] = [];
  await bus.subscribe({ topic: 't', group: 'g', handler: async (m) => void seen.push(m) });
  const checkpoints = new SqliteCheckpointStore(':memory:');
  const run = async () => {
    const relay = startRelay({
      name: 'r',
      store,
      bus,
      checkpoints,
      logger: silent,
      idleMs: 10,
      route: (e) => ({ topic: 't', key: e.stream }),
    });
    await relay.caughtUp();
    await relay.stop();
  };
  await run();
  // A new relay (a restart) meets a later event of the invoice without its request: the cufe comes from the stream.
  await store.append(stream, [sampleEnvelope(stream, 'InvoiceAccepted')], 1n);
  await run();
  // At least once: a relay stopped before the group finished publishes again from its checkpoint.
  await eventually(() => new Set(seen.map((m) => m.value.id)).size === 3);
  expect(seen.map((m) => m.headers)).toEqual(
    seen.map((m) =>
      expect.objectContaining({
        ce_specversion: '1.0',
        ce_id: m.value.id,
        ce_type: `co.fe-colombia.${m.value.type}.v1`,
        ce_source: '/fe-colombia/tenants/demo',
        ce_time: m.value.occurred_at,
        ce_subject: cufe,
        ce_documentkind: 'invoice',
        'content-type': 'application/json',
      }),
    ),
  );
  await bus.close();
  await store.close();
});

it("ce_subject of a credit or debit note's events is its CUDE and ce_documentkind its kind, from the note's first event", async () => {
  const store = new SqliteEventStore(':memory:');
  const cude = 'cd'.repeat(48);
  const stream = 'inv-demo-NC1';
  await store.append(stream, [sampleEnvelope(stream, 'CreditNoteRequested', { cude })], 'no_stream');
  await store.append(stream, [sampleEnvelope(stream, 'InvoiceSigned')], 0n);
  const bus = new InProcessEventBus({ partitions: 1 });
  const seen: DeliveredMessage[] = [];
  await bus.subscribe({ topic: 't', group: 'g', handler: async (m) => void seen.push(m) });
  const relay = startRelay({
    name: 'r',
    store,
    bus,
    checkpoints: new SqliteCheckpointStore(':memory:'),
    logger: silent,
    idleMs: 10,
    route: (e) => ({ topic: 't', key: e.stream }),
  });
  await relay.caughtUp();
  await relay.stop();
  await eventually(() => seen.length === 2);
  expect(seen.map((m) => m.headers?.ce_subject)).toEqual([cude, cude]);
  // A note's later events keep their Invoice* types; the header says whose they are.
  expect(seen.map((m) => [m.value.type, m.headers?.ce_documentkind])).toEqual([
    ['CreditNoteRequested', 'credit_note'],
    ['InvoiceSigned', 'credit_note'],
  ]);
  await bus.close();
  await store.close();
});

it('the event type a consumer reads from ce_type is the one the relay wrote; none without the header', () => {
  const envelope = sampleEnvelope('inv-x', 'InvoiceSigned');
  const headers = cloudEventHeaders(
    { envelope, stream: 'inv-x', position: 1n, version: 1n, recordedAt: '' },
    undefined,
  );
  expect(eventTypeOfHeaders(headers)).toBe('InvoiceSigned');
  expect(eventTypeOfHeaders({ 'content-type': 'application/json' })).toBeUndefined();
  expect(eventTypeOfHeaders({ ce_type: 'com.other.Thing' })).toBeUndefined();
});
