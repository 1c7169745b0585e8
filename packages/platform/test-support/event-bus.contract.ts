import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deadLetterHeaders, type DeliveredMessage, type EventBus } from '../src/ports/event-bus.ts';
import { sampleEnvelope } from './sample-envelope.ts';

/** Waits until `condition` holds, polling, for at most `ms` (bounded: never hangs a suite). */
export async function eventually(condition: () => boolean, ms = 5000): Promise<void> {
  return eventuallyWithin(condition, ms);
}

async function eventuallyWithin(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * What every EventBus adapter must do. `waitMs` bounds each wait for a delivery: a real broker's rebalances take
 * seconds.
 */
export function eventBusContract(
  name: string,
  factory: () => Promise<EventBus> | EventBus,
  options: { waitMs?: number } = {},
): void {
  const eventually = (condition: () => boolean) => eventuallyWithin(condition, options.waitMs ?? 5000);
  describe(`EventBus contract: ${name}`, () => {
    let bus: EventBus;
    let topic: string;
    const msg = (key: string, n: number) => ({ key, value: sampleEnvelope(key, 'InvoiceSubmitted', { n }) });
    const n = (m: DeliveredMessage) => (m.value.data as { n: number }).n;

    beforeEach(async () => {
      bus = await factory();
      topic = `test.${Math.random().toString(36).slice(2)}`;
    });
    afterEach(async () => {
      await bus.close();
    });

    // The port's promise is that the call returns before any handler runs (no handler inside the
    // publisher's stack); not that the returned promise settles first: a broker may hand the message
    // to a consumer before the producer's acknowledgement is read.
    it('delivers after publish returns, never inside it', async () => {
      let returned = false;
      const seenAfterReturn: boolean[] = [];
      await bus.subscribe({ topic, group: 'g', handler: async () => void seenAfterReturn.push(returned) });
      const publishing = bus.publish(topic, [msg('k', 1)]);
      returned = true;
      await publishing;
      await eventually(() => seenAfterReturn.length >= 1);
      // At least once: a broker may deliver again after a rebalance; each delivery came after the return.
      expect(seenAfterReturn).not.toContain(false);
    });

    it('keeps publish order per key, and gives every group every message', async () => {
      const byGroup: Record<string, Record<string, number[]>> = { a: {}, b: {} };
      for (const group of ['a', 'b']) {
        await bus.subscribe({
          topic,
          group,
          handler: async (m) => {
            await new Promise((r) => setTimeout(r, Math.random() * 2)); // uneven handlers must not reorder a key
            (byGroup[group]![m.key] ??= []).push(n(m));
          },
        });
      }
      const keys = ['inv-1', 'inv-2', 'inv-3', 'inv-4'];
      for (let i = 0; i < 40; i++) await bus.publish(topic, [msg(keys[i % 4]!, i)]);
      await eventually(() => ['a', 'b'].every((g) => Object.values(byGroup[g]!).flat().length === 40));
      for (const g of ['a', 'b']) {
        for (const [i, key] of keys.entries())
          expect(byGroup[g]![key]).toEqual(Array.from({ length: 10 }, (_, j) => i + 4 * j));
      }
    });

    it('redelivers after a failed handler (at least once), then goes on in order', async () => {
      const seen: [number, number][] = [];
      let failures = 2;
      await bus.subscribe({
        topic,
        group: 'g',
        retryBackoffMs: 1,
        handler: async (m) => {
          seen.push([n(m), m.attempt]);
          if (n(m) === 1 && failures-- > 0) throw new Error('transient');
        },
      });
      await bus.publish(topic, [msg('k', 1), msg('k', 2)]);
      await eventually(() => seen.some(([x]) => x === 2));
      expect(seen).toEqual([
        [1, 1],
        [1, 2],
        [1, 3],
        [2, 1],
      ]);
    });

    it('dead-letters a message that keeps failing, with why, and moves on', async () => {
      const ok: number[] = [];
      const dead: DeliveredMessage[] = [];
      await bus.subscribe({ topic: `${topic}.dlq`, group: 'ops', handler: async (m) => void dead.push(m) });
      await bus.subscribe({
        topic,
        group: 'g',
        maxAttempts: 3,
        retryBackoffMs: 1,
        handler: async (m) => {
          if (n(m) === 1) throw new Error('poison');
          ok.push(n(m));
        },
      });
      await bus.publish(topic, [msg('k', 1), msg('k', 2)]);
      await eventually(() => dead.length === 1 && ok.length === 1);
      expect(n(dead[0]!)).toBe(1);
      expect(dead[0]!.headers).toMatchObject({
        [deadLetterHeaders.group]: 'g',
        [deadLetterHeaders.originalTopic]: topic,
        [deadLetterHeaders.attempts]: '3',
      });
      expect(dead[0]!.headers![deadLetterHeaders.error]).toContain('poison');
    });

    it('retries a transient storage failure past maxAttempts, never dead-letters it, and goes on in order', async () => {
      const seen: number[] = [];
      const dead: DeliveredMessage[] = [];
      await bus.subscribe({ topic: `${topic}.dlq`, group: 'ops', handler: async (m) => void dead.push(m) });
      let full = 6; // twice maxAttempts: a counted failure would have dead-lettered it
      await bus.subscribe({
        topic,
        group: 'g',
        maxAttempts: 3,
        retryBackoffMs: 1,
        handler: async (m) => {
          if (n(m) === 1 && full-- > 0) throw sqliteFull();
          seen.push(n(m));
        },
      });
      await bus.publish(topic, [msg('k', 1), msg('k', 2)]);
      await eventually(() => seen.length === 2);
      expect(seen).toEqual([1, 2]);
      expect(dead).toEqual([]);
    });

    it('a second member of a group takes over from the committed offset when the member that had the key stops', async () => {
      // Which member owns a key's partition is the bus's choice (Kafka's assignor); the takeover is the contract.
      const seen = { a: [] as number[], b: [] as number[] };
      const members = {
        a: await bus.subscribe({ topic, group: 'g', handler: async (m) => void seen.a.push(n(m)) }),
        b: await bus.subscribe({ topic, group: 'g', handler: async (m) => void seen.b.push(n(m)) }),
      };
      await bus.publish(topic, [msg('k', 1)]);
      await eventually(() => seen.a.length + seen.b.length === 1);
      const [holder, other] = seen.a.length ? (['a', 'b'] as const) : (['b', 'a'] as const);
      await members[holder].stop();
      await bus.publish(topic, [msg('k', 2)]);
      await eventually(() => seen[other].length === 1);
      expect([seen[holder], seen[other]]).toEqual([[1], [2]]);
    });

    it('a member that stops while its handler is failing leaves the message to the next member: nothing is committed before a handler succeeds', async () => {
      let failing = true;
      const tries = { a: 0, b: 0 };
      const handled = { a: [] as number[], b: [] as number[] };
      const member = (who: 'a' | 'b') =>
        bus.subscribe({
          topic,
          group: 'g',
          maxAttempts: 20,
          retryBackoffMs: 5,
          handler: async (m) => {
            if (failing) {
              tries[who]++;
              throw new Error('transient');
            }
            handled[who].push(n(m));
          },
        });
      const members = { a: await member('a'), b: await member('b') };
      await bus.publish(topic, [msg('k', 1)]);
      await eventually(() => tries.a + tries.b > 0);
      const [holder, other] = tries.a ? (['a', 'b'] as const) : (['b', 'a'] as const);
      await members[holder].stop();
      failing = false;
      await eventually(() => handled[other].length === 1);
      expect([handled[holder], handled[other]]).toEqual([[], [1]]);
    });

    it('a message `wanted` refuses never reaches the handler and is committed past, in order with the rest', async () => {
      const seen: number[] = [];
      const wanted = (m: { headers?: Readonly<Record<string, string>> }) => m.headers?.['x-skip'] === undefined;
      const first = await bus.subscribe({ topic, group: 'g', wanted, handler: async (m) => void seen.push(n(m)) });
      await bus.publish(topic, [msg('k', 1), { ...msg('k', 2), headers: { 'x-skip': 'yes' } }, msg('k', 3)]);
      await eventually(() => seen.length === 2);
      await first.stop();
      // the next member of the group starts after the skipped message too
      await bus.subscribe({ topic, group: 'g', wanted, handler: async (m) => void seen.push(n(m)) });
      await bus.publish(topic, [msg('k', 4)]);
      await eventually(() => seen.length === 3);
      expect(seen).toEqual([1, 3, 4]);
    });

    it("a group that starts at 'latest' skips what was published before it", async () => {
      await bus.publish(topic, [msg('k', 1)]);
      const seen: number[] = [];
      await bus.subscribe({ topic, group: 'late', from: 'latest', handler: async (m) => void seen.push(n(m)) });
      await new Promise((r) => setTimeout(r, 20));
      await bus.publish(topic, [msg('k', 2)]);
      await eventually(() => seen.length >= 1);
      expect(seen).toEqual([2]);
    });
  });
}

/** The error node:sqlite throws when the disk (or max_page_count) is full. */
function sqliteFull(): Error {
  return Object.assign(new Error('database or disk is full'), {
    code: 'ERR_SQLITE_ERROR',
    errcode: 13,
    errstr: 'database or disk is full',
  });
}
