import { describe, expect, it, vi } from 'vitest';
import { InProcessEventBus } from '../adapters/in-process/in-process-bus.ts';
import { SqliteCheckpointStore } from '../adapters/sqlite/sqlite-checkpoint-store.ts';
import { SqliteEventStore } from '../adapters/sqlite/sqlite-event-store.ts';
import type { DeliveredMessage, EventBus } from '../ports/event-bus.ts';
import type { Logger } from '../ports/logger.ts';
import { eventually } from '../../test-support/event-bus.contract.ts';
import { sampleEnvelope } from '../../test-support/sample-envelope.ts';
import { withSparsePositions } from '../../test-support/sparse-positions.ts';
import { startRelay, STORE_POSITION_HEADER } from './relay.ts';

const topic = 'fe.test.events';
const silent: Logger = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent };

describe('relay from the event store to the bus', () => {
  it('publishes in position order with the position header, keyed by stream, and checkpoints only what every group finished (the bus\'s "settled through" capability)', async () => {
    const store = new SqliteEventStore(':memory:');
    const checkpoints = new SqliteCheckpointStore(':memory:');
    const bus = new InProcessEventBus({ partitions: 3 });
    for (const s of ['s1', 's2', 's1']) await store.append(s, [sampleEnvelope(s)], 'any');
    const seen: DeliveredMessage[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await bus.subscribe({ topic, group: 'fast', handler: async (m) => void seen.push(m) });
    await bus.subscribe({ topic, group: 'slow', handler: () => gate }); // holds its first message
    const relay = startRelay({
      name: 'relay.test',
      store,
      bus,
      checkpoints,
      logger: silent,
      idleMs: 10,
      route: (e) => ({ topic, key: e.stream }),
    });
    await relay.caughtUp();
    await eventually(() => seen.length === 3);
    expect(seen.map((m) => m.headers?.[STORE_POSITION_HEADER]).sort()).toEqual(['1', '2', '3']);
    expect(seen.filter((m) => m.key === 's1').map((m) => m.headers?.[STORE_POSITION_HEADER])).toEqual(['1', '3']);
    await new Promise((r) => setTimeout(r, 50));
    expect(await checkpoints.load('relay.test')).toBeLessThan(3n); // the slow group has not finished
    release();
    await new Promise((r) => setTimeout(r, 100));
    expect(await checkpoints.load('relay.test')).toBe(3n);
    await relay.stop();
    await bus.close();
  });

  it('publishes each event with the trace context it was appended in, beside the position header', async () => {
    const store = new SqliteEventStore(':memory:');
    const bus = new InProcessEventBus({ partitions: 1 });
    const traceContext = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', tracestate: 'fe=1' };
    await store.append('s1', [sampleEnvelope('s1')], 'no_stream', { traceContext });
    await store.append('s2', [sampleEnvelope('s2')], 'no_stream');
    const seen: DeliveredMessage[] = [];
    await bus.subscribe({ topic, group: 'g', handler: async (m) => void seen.push(m) });
    const relay = startRelay({
      name: 'relay.test',
      store,
      bus,
      checkpoints: new SqliteCheckpointStore(':memory:'),
      logger: silent,
      idleMs: 10,
      route: (e) => ({ topic, key: e.stream }),
    });
    await eventually(() => seen.length === 2);
    // Beside the CloudEvents headers (cloud-events.unit.test.ts), which say nothing of traces.
    const traceHeaders = (headers: Record<string, string> | undefined) =>
      Object.fromEntries(
        Object.entries(headers ?? {}).filter(([name]) => !name.startsWith('ce_') && name !== 'content-type'),
      );
    expect(seen.map((m) => traceHeaders(m.headers))).toEqual([
      { [STORE_POSITION_HEADER]: '1', ...traceContext },
      { [STORE_POSITION_HEADER]: '2' },
    ]);
    await relay.stop();
    await bus.close();
  });

  it('on a bus without the "settled through" capability, checkpoints what publish resolved for (the bus accepted it)', async () => {
    const store = new SqliteEventStore(':memory:');
    const checkpoints = new SqliteCheckpointStore(':memory:');
    const inner = new InProcessEventBus({ partitions: 1 });
    // Kafka's shape: publish resolves once the broker has the message; no group's progress matters.
    const bus: EventBus = {
      publish: (t, m) => inner.publish(t, m),
      subscribe: (o) => inner.subscribe(o),
      close: () => inner.close(),
    };
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await bus.subscribe({ topic, group: 'stuck', handler: () => gate });
    for (const s of ['s1', 's2']) await store.append(s, [sampleEnvelope(s)], 'any');
    const relay = startRelay({
      name: 'relay.test',
      store,
      bus,
      checkpoints,
      logger: silent,
      idleMs: 10,
      route: (e) => ({ topic, key: e.stream }),
    });
    await relay.caughtUp();
    await relay.stop();
    expect(await checkpoints.load('relay.test')).toBe(2n);
    release();
    await bus.close();
  });

  it('after a restart, republishes from its checkpoint (at-least-once), not from the start', async () => {
    const store = new SqliteEventStore(':memory:');
    const checkpoints = new SqliteCheckpointStore(':memory:');
    for (let i = 0; i < 4; i++) await store.append(`s${i}`, [sampleEnvelope(`s${i}`)], 'no_stream');
    await checkpoints.save('relay.test', 2n);
    const bus = new InProcessEventBus();
    const positions: string[] = [];
    await bus.subscribe({
      topic,
      group: 'g',
      handler: async (m) => void positions.push(m.headers![STORE_POSITION_HEADER]!),
    });
    const relay = startRelay({
      name: 'relay.test',
      store,
      bus,
      checkpoints,
      logger: silent,
      idleMs: 10,
      route: (e) => ({ topic, key: e.stream }),
    });
    await relay.caughtUp();
    await store.append('s9', [sampleEnvelope('s9')], 'no_stream');
    relay.nudge();
    await eventually(() => positions.length === 3);
    expect(positions.sort()).toEqual(['3', '4', '5']);
    await relay.stop();
    await bus.close();
  });

  it('publishes every event and checkpoints correctly when positions leave gaps', async () => {
    const store = withSparsePositions(new SqliteEventStore(':memory:')); // positions 10, 20, …
    const checkpoints = new SqliteCheckpointStore(':memory:');
    for (const s of ['s1', 's2', 's1']) await store.append(s, [sampleEnvelope(s)], 'any');
    const bus = new InProcessEventBus({ partitions: 2 });
    const positions: string[] = [];
    await bus.subscribe({
      topic,
      group: 'g',
      handler: async (m) => void positions.push(m.headers![STORE_POSITION_HEADER]!),
    });
    const start = () =>
      startRelay({
        name: 'relay.test',
        store,
        bus,
        checkpoints,
        logger: silent,
        idleMs: 10,
        pageSize: 2,
        route: (e) => ({ topic, key: e.stream }),
      }); // the in-process bus's settledThrough capability holds the checkpoint to what every group finished
    let relay = start();
    await relay.caughtUp();
    await eventually(() => positions.length === 3);
    await vi.waitFor(async () => expect(await checkpoints.load('relay.test')).toBe(30n));
    await relay.stop();
    await store.append('s3', [sampleEnvelope('s3')], 'no_stream'); // 40, after a restart
    relay = start();
    await relay.caughtUp();
    await eventually(() => positions.length === 4);
    expect(positions.sort()).toEqual(['10', '20', '30', '40']);
    await relay.stop();
    await bus.close();
  });
});
