import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PostgresEventStore } from '@fe/platform-postgres';
import { freshTestSchema, terminateLeaseHolder, type TestSchema } from '@fe/platform-postgres/testing';
import { keyOrderWatch, positionsByStream, sampleEnvelope } from '@fe/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainJsonCodec } from '../../test-support/json-codec.ts';
import { RELAY_TAG, type ReplicaReport, type ReplicaSettings } from '../../test-support/relay-replica.ts';
import { kafkaBrokers, unique } from '../../test-support/servers.ts';
import { KafkaEventBus } from './kafka-event-bus.ts';

// Two relay replicas on one PostgreSQL store and one topic while writers append; a consumer checks every key's
// positions (docs/platform.md, "Two relays at once").
const STREAMS = 40;
const PER_PHASE = 400;
const PAGE = 25;
const replicaScript = fileURLToPath(new URL('../../test-support/relay-replica.ts', import.meta.url));

/** Four writers appending `count` events round-robin over the streams, each append its own transaction. */
async function write(store: PostgresEventStore, phase: { written: number }, count: number): Promise<void> {
  const from = phase.written;
  phase.written += count;
  await Promise.all(
    [0, 1, 2, 3].map(async (writer) => {
      for (let n = from + writer; n < from + count; n += 4) {
        const stream = `inv-${n % STREAMS}`;
        await store.append(stream, [sampleEnvelope(stream, 'InvoiceSubmitted', { n })], 'any');
        if (n % 16 === 0) await new Promise((r) => setTimeout(r, 2));
      }
    }),
  );
}

type Replica = {
  id: string;
  child: ChildProcess;
  published: number;
  fenced: number;
  frozenPublishes: number;
  heldPublished: number;
  diedWithUncheckpointed?: number;
};

describe('two relays of one name on PostgreSQL (lease) and Kafka (fence)', () => {
  let db: TestSchema;
  beforeAll(async () => {
    db = await freshTestSchema();
  });
  afterAll(() => db?.drop());

  it('one publishes, every key in position order; a takeover after the active one hangs or is killed keeps the order, repeating at most the page not yet checkpointed', async () => {
    const store = new PostgresEventStore(db.pool);
    const topic = unique('test.two-relays');
    const name = unique('relay.invoice-events');
    const takeovers: string[] = [];
    const replicas: Replica[] = [];
    const start = (id: string): Replica => {
      const settings: ReplicaSettings = {
        id,
        name,
        topic,
        url: db.url,
        schema: db.schema,
        brokers: kafkaBrokers(),
        pageSize: PAGE,
      };
      const child = fork(replicaScript, {
        execPath: process.execPath,
        execArgv: [],
        env: { ...process.env, FE_TEST_RELAY_REPLICA: JSON.stringify(settings) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const replica: Replica = { id, child, published: 0, fenced: 0, frozenPublishes: 0, heldPublished: 0 };
      child.on('message', (r: ReplicaReport) => {
        if (r.kind === 'took_lease') takeovers.push(id);
        else if (r.kind === 'published') {
          replica.published += r.count;
          if (r.held) replica.heldPublished++;
        } else if (r.kind === 'fenced') replica.fenced++;
        else if (r.kind === 'frozen_publish') replica.frozenPublishes++;
        else if (r.kind === 'dying') replica.diedWithUncheckpointed = r.count;
      });
      replicas.push(replica);
      return replica;
    };

    const watch = keyOrderWatch();
    let heldDelivered = 0;
    const consumer = new KafkaEventBus({
      brokers: kafkaBrokers(),
      codec: plainJsonCodec,
      partitionsOf: () => 3,
      groupIdPrefix: `${unique('run')}.`,
    });
    await consumer.subscribe({
      topic,
      group: 'watch',
      handler: async (m) => {
        watch.record(m);
        if (m.headers?.[RELAY_TAG]?.endsWith('-held')) heldDelivered++;
      },
    });
    const phase = { written: 0 };
    const allDelivered = () =>
      expect.poll(() => watch.distinct(), { timeout: 90_000, interval: 100 }).toBe(phase.written);

    try {
      // 1. Both start at once while the writers append: one takes the lease, the other stands by.
      const writing = write(store, phase, PER_PHASE);
      const [a, b] = [start('a'), start('b')];
      await writing;
      await allDelivered();
      expect(watch.report()).toMatchObject({ redelivered: 0, backwards: 0, outOfOrder: 0 });
      const active = a.published > 0 ? a : b;
      const standby = active === a ? b : a;
      expect(standby.published).toBe(0);
      expect(takeovers).toEqual([active.id]);

      // 2. The active one hangs in the middle of a publish and its lease connection ends: the standby
      //    takes over; the held page, released afterwards, is fenced and never delivered.
      active.child.send('freeze');
      const writing2 = write(store, phase, PER_PHASE);
      await expect.poll(() => active.frozenPublishes, { timeout: 30_000 }).toBe(1);
      expect(await terminateLeaseHolder(db.pool, db.schema, name)).toBe(1);
      await writing2;
      await allDelivered();
      expect(takeovers).toEqual([active.id, standby.id]);
      active.child.send('thaw');
      await expect.poll(() => active.fenced + active.heldPublished, { timeout: 30_000 }).toBe(1);

      // 3. The new active one is SIGKILLed right after a publish is committed, before its checkpoint,
      //    while the writers append: the first takes the lease back, its new producer fences whatever
      //    the dead one left, and it publishes that last page again (the at-least-once handover).
      const writing3 = write(store, phase, PER_PHASE);
      await expect.poll(() => standby.published, { timeout: 30_000 }).toBeGreaterThan(PER_PHASE);
      standby.child.send('die_after_publish');
      await expect.poll(() => standby.diedWithUncheckpointed, { timeout: 30_000 }).toBeGreaterThan(0);
      await writing3;
      await allDelivered();
      await new Promise((r) => setTimeout(r, 500)); // anything late would arrive now
      expect(takeovers).toEqual([active.id, standby.id, active.id]);

      const report = watch.report(await positionsByStream(store));
      expect(report.missing).toEqual([]);
      expect(report.outOfOrder).toBe(0);
      expect(heldDelivered).toBe(0);
      expect(active.fenced).toBe(1);
      // What remains: the new holder publishes again what its predecessor committed past the checkpoint, here exactly
      // the page it died after.
      expect(report.redelivered).toBe(standby.diedWithUncheckpointed);
      expect(report.backwards).toBeLessThanOrEqual(report.redelivered);
      console.info(
        `two relays: ${phase.written} events on ${STREAMS} keys, ${report.delivered} delivered, ${report.redelivered} redelivered (${report.backwards} behind a newer one of their key; ` +
          `the killed relay's last committed, not checkpointed page held ${standby.diedWithUncheckpointed}), ` +
          `${report.outOfOrder} out of order, ${report.missing.length} missing; takeovers ${takeovers.join(' → ')}; ` +
          `published by a ${a.published}, b ${b.published}; fenced publishes ${a.fenced + b.fenced}; messages of the held page delivered ${heldDelivered}`,
      );
    } finally {
      for (const replica of replicas) replica.child.kill('SIGKILL');
      await consumer.close();
    }
  });
});
