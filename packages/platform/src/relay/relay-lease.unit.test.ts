import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../adapters/in-process/in-process-bus.ts';
import { InProcessLeaseStore } from '../adapters/in-process/in-process-lease-store.ts';
import { SqliteCheckpointStore } from '../adapters/sqlite/sqlite-checkpoint-store.ts';
import { SqliteEventStore } from '../adapters/sqlite/sqlite-event-store.ts';
import type { EventBus } from '../ports/event-bus.ts';
import type { Logger } from '../ports/logger.ts';
import { eventually } from '../../test-support/event-bus.contract.ts';
import { keyOrderWatch, positionsByStream } from '../../test-support/key-order-watch.ts';
import { sampleEnvelope } from '../../test-support/sample-envelope.ts';
import { startRelay, STORE_POSITION_HEADER, type RelayOptions } from './relay.ts';

const topic = 'fe.test.events';
const name = 'relay.test';
const silent: Logger = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent };

/** A relay's view of the shared bus that counts what this relay published. */
function counting(bus: EventBus) {
  const counted = { published: 0 };
  const view: EventBus = {
    publish: async (t, messages) => {
      counted.published += messages.length;
      await bus.publish(t, messages);
    },
    subscribe: (o) => bus.subscribe(o),
    close: async () => {},
    settledThrough: (t, last) => bus.settledThrough!(t, last),
  };
  return Object.assign(counted, { view });
}

/** Appends `count` events round-robin over `streams` streams, a few at a time, while the relays run. */
async function write(store: SqliteEventStore, count: number, streams: number, from = 0): Promise<void> {
  for (let n = from; n < from + count; n++) {
    await store.append(`s${n % streams}`, [sampleEnvelope(`s${n % streams}`, 'InvoiceSubmitted', { n })], 'any');
    if (n % 7 === 0) await new Promise((r) => setTimeout(r, 1));
  }
}

/** One store, checkpoints and bus shared by the relays, a consumer group watching every key, one lease store. */
async function world() {
  const store = new SqliteEventStore(':memory:');
  const checkpoints = new SqliteCheckpointStore(':memory:');
  const bus = new InProcessEventBus({ partitions: 3 });
  const watch = keyOrderWatch();
  await bus.subscribe({ topic, group: 'watch', handler: async (m) => watch.record(m) });
  const leases = new InProcessLeaseStore();
  const route = (e: { stream: string }) => ({ topic, key: e.stream });
  return {
    store,
    checkpoints,
    bus,
    watch,
    leases,
    route,
    report: async () => watch.report(await positionsByStream(store)),
  };
}

describe('two relays of one name with a lease store', () => {
  it('only one publishes: every event once, in position order per key', async () => {
    const { store, checkpoints, bus, watch, leases, route, report } = await world();
    const [a, b] = [counting(bus), counting(bus)];
    const common = {
      name,
      store,
      checkpoints,
      leases,
      route,
      logger: silent,
      idleMs: 2,
      standbyRetryMs: 2,
      pageSize: 7,
    } satisfies Partial<RelayOptions>;
    const relays = [startRelay({ ...common, bus: a.view }), startRelay({ ...common, bus: b.view })];
    await write(store, 300, 12);
    await eventually(() => watch.distinct() === 300);
    await new Promise((r) => setTimeout(r, 30));
    await Promise.all(relays.map((r) => r.stop()));
    await bus.close();

    expect(await report()).toEqual({ delivered: 300, redelivered: 0, backwards: 0, outOfOrder: 0, missing: [] });
    expect([a.published, b.published].sort((x, y) => x - y)).toEqual([0, 300]);
  });

  it('when the active relay loses its lease, the standby resumes from the checkpoint and the old one publishes nothing more', async () => {
    const { store, checkpoints, bus, watch, leases, route, report: reportOf } = await world();
    const [first, standby] = [counting(bus), counting(bus)];
    const taken: string[] = [];
    const logs = (who: string): Logger => ({
      ...silent,
      info: (_f, message) => void (message?.includes('took the lease') && taken.push(who)),
      child: () => logs(who),
    });
    const common = { name, store, checkpoints, leases, route, idleMs: 2, pageSize: 5 } satisfies Partial<RelayOptions>;
    // The first relay, once it stands by, would wait a minute before trying again: the standby takes over.
    const relayA = startRelay({ ...common, bus: first.view, logger: logs('a'), standbyRetryMs: 60_000 });
    await relayA.caughtUp();
    const relayB = startRelay({ ...common, bus: standby.view, logger: logs('b'), standbyRetryMs: 2 });
    await write(store, 100, 8);
    await eventually(() => watch.distinct() === 100);
    expect(standby.published).toBe(0);
    const publishedByFirst = first.published;

    leases.expire(name); // the first relay's lease is gone (as a PostgreSQL lease whose connection died)
    await write(store, 100, 8, 100);
    await eventually(() => watch.distinct() === 200);
    await Promise.all([relayA.stop(), relayB.stop()]);
    await bus.close();

    expect(taken).toEqual(['a', 'b']);
    expect(first.published).toBe(publishedByFirst);
    expect(standby.published).toBeGreaterThanOrEqual(100);
    const report = await reportOf();
    expect(report.missing).toEqual([]);
    expect(report.outOfOrder).toBe(0);
    // The standby replays what the first relay published past the checkpoint, and nothing else.
    expect(report.redelivered).toBe(standby.published - 100);
    expect(report.redelivered).toBeLessThanOrEqual(common.pageSize);
  });

  it('a relay that takes the lease back resumes from the checkpoint its successor left, even when the first load of it fails', async () => {
    const { store, checkpoints, bus, leases, route } = await world();
    const mine: string[] = [];
    const relayBus = counting(bus);
    let failLoads = 0;
    const flaky = {
      load: async (n: string) => {
        if (failLoads > 0 && failLoads--) throw new Error('checkpoint store unreachable');
        return checkpoints.load(n);
      },
      save: (n: string, p: bigint) => checkpoints.save(n, p),
    };
    const view: EventBus = {
      ...relayBus.view,
      publish: async (t, m) => {
        mine.push(...m.map((x) => x.headers![STORE_POSITION_HEADER]!));
        await relayBus.view.publish(t, m);
      },
    };
    const relay = startRelay({
      name,
      store,
      bus: view,
      checkpoints: flaky,
      leases,
      route,
      logger: silent,
      idleMs: 2,
      standbyRetryMs: 2,
    });
    await write(store, 10, 3);
    await relay.caughtUp();

    // Another relay takes over, publishes 11..20 and checkpoints them, then goes away.
    leases.expire(name);
    const other = (await leases.tryAcquire(name))!;
    await write(store, 10, 3, 10);
    await checkpoints.save(name, 20n);
    failLoads = 1;
    await other.release();

    await write(store, 1, 3, 20);
    await eventually(() => mine.includes('21'));
    await relay.stop();
    await bus.close();
    expect(mine).toEqual(Array.from({ length: 10 }, (_, i) => String(i + 1)).concat('21'));
  });
});
