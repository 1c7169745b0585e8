// One consumer group on one topic of a bus, and the two things the platform bench times through it:
// publish→consume latency one message at a time, and consumed events/s for a run of messages
// published as the relay publishes them (one awaited publish call per page).
import type { BusMessage, EventBus } from '@fe/platform';

export type BusProbe = {
  /** Milliseconds from each publish call to its handler call, `count` messages one after the other. */
  latencies(count: number): Promise<number[]>;
  /** Consumed events/s: `count` messages published `page` at a time, until the group handled the last. */
  throughput(count: number, page: number): Promise<number>;
  stop(): Promise<void>;
};

export async function busProbe(
  bus: EventBus,
  topic: string,
  message: (i: number) => BusMessage,
  timeoutMs = 60_000,
): Promise<BusProbe> {
  const waiting = new Map<string, () => void>();
  let handled = 0;
  let target = Infinity;
  let allHandled = () => {};
  const subscription = await bus.subscribe({
    topic,
    group: `bench.${topic}`,
    from: 'earliest', // a group per topic: kafkajs mixes up one group on two topics
    handler: async (m) => {
      waiting.get(m.value.id)?.();
      waiting.delete(m.value.id);
      if (++handled === target) allHandled();
    },
  });
  let next = 0;
  return {
    async latencies(count) {
      const out: number[] = [];
      for (let i = 0; i < count; i++) {
        const m = message(next++);
        const handledIt = new Promise<void>((resolve) => waiting.set(m.value.id, resolve));
        const start = performance.now();
        await bus.publish(topic, [m]);
        await within(handledIt, timeoutMs, `message ${i} on ${topic}`);
        out.push(performance.now() - start);
      }
      return out;
    },
    async throughput(count, page) {
      const messages = Array.from({ length: count }, () => message(next++));
      handled = 0;
      target = count;
      const done = new Promise<void>((resolve) => (allHandled = resolve));
      const start = performance.now();
      for (let i = 0; i < count; i += page) await bus.publish(topic, messages.slice(i, i + page));
      await within(done, timeoutMs, `${count} messages on ${topic}`);
      target = Infinity;
      return count / ((performance.now() - start) / 1000);
    },
    stop: () => subscription.stop(),
  };
}

/** A bench that waits for ever tells nothing: a message not handled in time ends it with an error. */
async function within(promise: Promise<void>, ms: number, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not handled within ${ms} ms`)), ms)),
  );
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
