import {
  InProcessEventBus,
  SqliteCheckpointStore,
  SqliteEventStore,
  startRelay,
  type AppendResult,
  type BusMessage,
  type DeliveredMessage,
  type EventBus,
  type EventStore,
} from '@fe/platform';
import { eventBusContract, sampleEnvelope } from '@fe/platform/testing';
import { SpanStatusCode } from '@opentelemetry/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countingDeadLetters } from './counting-dead-letters.ts';
import { inSpan, tracerFor } from './spans.ts';
import { startInMemoryTelemetry, type InMemoryTelemetry } from '../test-support/in-memory-telemetry.ts';
import { tracingEventBus } from './tracing-event-bus.ts';
import { tracingEventStore } from './tracing-event-store.ts';

// The decorated bus is still a bus: the whole contract, with telemetry off (no SDK in this suite's first run).
eventBusContract('traced in-process', () => tracingEventBus(new InProcessEventBus({ partitions: 3 })));

const topic = 'fe.test.v1';
let telemetry: InMemoryTelemetry;
beforeAll(() => void (telemetry = startInMemoryTelemetry()));
afterAll(() => telemetry.shutdown());
beforeEach(() => telemetry.reset());

/** Waits (bounded by count) until `condition` holds. */
async function eventually(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('condition not met');
}

/** An event store that records nothing and fails when told to. */
function fakeStore(fail = false): EventStore {
  return {
    append: async (): Promise<AppendResult> => {
      if (fail)
        throw Object.assign(new Error('wrong version'), { name: 'ConcurrencyError', code: 'WRONG_EXPECTED_VERSION' });
      return { nextExpectedVersion: 0n, lastPosition: 1n };
    },
    read: async () => ({ version: 'no_stream', events: [] }),
    readAll: async () => [],
    head: async () => 0n,
    close: async () => {},
  };
}

function subscribeRecording(
  bus: EventBus,
  group: string,
  options: { handles?: (m: BusMessage) => boolean; fail?: boolean } = {},
) {
  const seen: DeliveredMessage[] = [];
  const ready = bus.subscribe({
    topic,
    group,
    maxAttempts: 2,
    retryBackoffMs: 1,
    ...(options.handles ? { handles: options.handles } : {}),
    handler: async (message) => {
      seen.push(message);
      if (options.fail)
        throw Object.assign(new Error('certificate 1234 expired'), { name: 'SignerError', code: 'CERT_EXPIRED' });
    },
  });
  return { seen, ready };
}

describe('trace context from an append to the reaction', () => {
  it("keeps the append's context with its events in the store, and the relay, publishing outside any span, sends it on", async () => {
    const bus = tracingEventBus(new InProcessEventBus({ partitions: 1 }));
    // Nothing shared between the writer and the relay but the store: as across processes.
    const store = tracingEventStore(new SqliteEventStore(':memory:'));
    const { seen, ready } = subscribeRecording(bus, 'fe.signer');
    await ready;
    const event = sampleEnvelope('inv-1', 'InvoiceRequested');
    await inSpan(tracerFor('fe.ingress'), 'POST /invoice', {}, () =>
      store.append('invoice-inv-1', [event], 'no_stream'),
    );
    const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent };
    const relay = startRelay({
      name: 'relay.t',
      store,
      bus,
      checkpoints: new SqliteCheckpointStore(':memory:'),
      logger: silent,
      idleMs: 5,
      route: () => ({ topic, key: 'inv-1' }),
    });
    await eventually(() => seen.length === 1);
    await eventually(() => telemetry.spans().some((s) => s.name === 'fe.signer InvoiceRequested'));
    await relay.stop();

    const spans = telemetry.spans();
    const request = spans.find((s) => s.name === 'POST /invoice')!;
    const append = spans.find((s) => s.name === 'append InvoiceRequested')!;
    const reaction = spans.find((s) => s.name === 'fe.signer InvoiceRequested')!;
    expect(append.parentSpanId).toBe(request.spanId);
    expect(reaction).toMatchObject({ traceId: request.traceId, parentSpanId: append.spanId, kind: 4 /* CONSUMER */ });
    expect(reaction.attributes).toMatchObject({
      'messaging.consumer.group.name': 'fe.signer',
      'fe.event.type': 'InvoiceRequested',
      'fe.invoice_id': 'inv-1',
    });
    // The message carries it beside the relay's own header.
    expect(seen[0]!.headers).toMatchObject({
      'x-store-position': '1',
      traceparent: `00-${append.traceId}-${append.spanId}-01`,
    });
    await bus.close();
    await store.close();
  });

  it('keeps a traceparent the message already carries (a re-drive) and starts a new trace for one with none', async () => {
    const bus = tracingEventBus(new InProcessEventBus({ partitions: 1 }));
    const { seen, ready } = subscribeRecording(bus, 'fe.renderer');
    await ready;
    const carried = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    await bus.publish(topic, [
      { key: 'a', value: sampleEnvelope('a', 'InvoiceAccepted'), headers: { traceparent: carried } },
      { key: 'a', value: sampleEnvelope('a', 'InvoiceRejected') },
    ]);
    await eventually(() => seen.length === 2 && telemetry.spans().length === 2);
    const [first, second] = telemetry.spans();
    expect(seen[0]!.headers?.traceparent).toBe(carried);
    expect(first).toMatchObject({ traceId: '0af7651916cd43dd8448eb211c80319c', parentSpanId: 'b7ad6b7169203331' });
    expect(second!.parentSpanId).toBeUndefined();
    expect(second!.traceId).not.toBe(first!.traceId);
    expect(seen[1]!.headers?.traceparent).toBeUndefined();
    await bus.close();
  });

  it("marks the span of an append that failed with the error's code only", async () => {
    const store = tracingEventStore(fakeStore(true));
    await expect(
      inSpan(tracerFor('fe.signer'), 'reaction', {}, () =>
        store.append('s', [sampleEnvelope('x', 'InvoiceSigned')], 0n),
      ),
    ).rejects.toThrow();
    const append = telemetry.spans().find((s) => s.name === 'append InvoiceSigned')!;
    expect(append.status).toEqual({ code: SpanStatusCode.ERROR, message: 'ConcurrencyError WRONG_EXPECTED_VERSION' });
  });
});

describe('spans and metrics of the reactions', () => {
  it('opens no span for a message the subscriber skips, and records the lag the bus reports', async () => {
    const bus = tracingEventBus(new InProcessEventBus({ partitions: 1 }));
    const { seen, ready } = subscribeRecording(bus, 'fe.lagging', { handles: (m) => m.value.type === 'InvoiceSigned' });
    await bus.publish(
      topic,
      [1, 2, 3].map((n) => ({
        key: 'k',
        value: sampleEnvelope('k', n === 3 ? 'InvoiceSigned' : 'InvoiceRequested', { n }),
      })),
    );
    await ready;
    await eventually(() => seen.length === 3);
    expect(telemetry.spans().map((s) => s.name)).toEqual(['fe.lagging InvoiceSigned']);
    const lag = (await telemetry.points('fe.bus.consumer.lag')).filter((p) => p.attributes.group === 'fe.lagging');
    // Three deliveries with 2, 1 and 0 messages behind them.
    expect(lag.map((p) => p.value)).toEqual([expect.objectContaining({ count: 3, sum: 3 })]);
    await bus.close();
  });

  it("counts each dead letter by group, and a failed handler's span has the error code, never the message text", async () => {
    const bus = tracingEventBus(
      new InProcessEventBus({ partitions: 1, deadLetters: countingDeadLetters({ keep: async () => {} }) }),
    );
    const { seen, ready } = subscribeRecording(bus, 'fe.failing', { fail: true });
    await ready;
    await bus.publish(topic, [{ key: 'k', value: sampleEnvelope('k', 'InvoiceRequested') }]);
    await eventually(async () =>
      (await telemetry.points('fe.bus.dead_letters')).some((p) => p.attributes.group === 'fe.failing'),
    );
    expect(seen).toHaveLength(2);
    const dead = (await telemetry.points('fe.bus.dead_letters')).filter((p) => p.attributes.group === 'fe.failing');
    expect(dead).toEqual([{ attributes: { topic, group: 'fe.failing' }, value: 1 }]);
    const failed = telemetry.spans().filter((s) => s.name === 'fe.failing InvoiceRequested');
    expect(failed.map((s) => s.status)).toEqual(
      [1, 2].map(() => ({ code: SpanStatusCode.ERROR, message: 'SignerError CERT_EXPIRED' })),
    );
    expect(JSON.stringify(failed)).not.toContain('1234');
    await bus.close();
  });

  it('counts a final verdict once, when it is appended', async () => {
    const store = tracingEventStore(fakeStore());
    await store.append(
      'invoice-v',
      [sampleEnvelope('v', 'InvoiceSubmitted'), sampleEnvelope('v', 'InvoiceRejected')],
      1n,
    );
    const rejected = (await telemetry.points('fe.invoices.final')).filter((p) => p.attributes.status === 'rejected');
    expect(rejected.map((p) => p.value)).toEqual([1]);
  });
});

describe('the optional capabilities', () => {
  it('passes through the ones the bus offers and leaves out the ones it does not', () => {
    const offering = tracingEventBus(new InProcessEventBus({ partitions: 1 }));
    expect([typeof offering.settledThrough, typeof offering.redrive]).toEqual(['function', 'function']);
    const bare: EventBus = {
      publish: async () => {},
      subscribe: async () => ({ stop: async () => {} }),
      close: async () => {},
    };
    const traced = tracingEventBus(bare);
    expect(['settledThrough' in traced, 'redrive' in traced, 'subscriptions' in traced]).toEqual([false, false, false]);
    // The Kafka bus's: /readyz asks it through the tracing bus the processes wrap it in.
    const joining = [{ topic: 't', group: 'g', joined: false, partitions: 0 }];
    expect(tracingEventBus({ ...bare, subscriptions: () => joining }).subscriptions?.()).toEqual(joining);
  });
});
