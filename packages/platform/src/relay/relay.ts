import type { BusMessage, EventBus } from '../ports/event-bus.ts';
import type { CheckpointStore } from '../ports/checkpoint-store.ts';
import type { EventStore, RecordedEvent } from '../ports/event-store.ts';
import type { Lease, LeaseStore } from '../ports/lease-store.ts';
import type { Logger } from '../ports/logger.ts';
import { cloudEventHeaders, documentLookup } from './cloud-events.ts';

/** Header carrying the event's global position in the event store (consumers may log it). */
export const STORE_POSITION_HEADER = 'x-store-position';

export type RelayOptions = {
  /** Checkpoint name, e.g. 'relay.invoice-events'. */
  name: string;
  store: EventStore;
  bus: EventBus;
  checkpoints: CheckpointStore;
  /** Where an event goes; undefined skips it. */
  route(event: RecordedEvent): { topic: string; key: string } | undefined;
  /** Events read and published per round. Default 500. */
  pageSize?: number;
  /** How long the relay sleeps when idle, unless nudged. Default 200 ms. */
  idleMs?: number;
  /**
   * Where relays of one name agree which publishes (replicas, a deploy's old process); checked before each page
   * and checkpoint. Without it the relay assumes it is alone (docs/platform.md, "Two relays at once").
   */
  leases?: LeaseStore;
  /** How often a standby tries to take the lease. Default 1 000 ms. */
  standbyRetryMs?: number;
  logger: Logger;
};

export type Relay = {
  /** Wakes the relay now (the embedded shape nudges it after every append). */
  nudge(): void;
  /** Resolves once the relay has published everything the store held when it was called. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Publishes what was appended, in position order, and checkpoints how far it got: at-least-once, so a crash
 * between append and publish loses nothing. With `leases`, one relay of a name publishes, the others stand by.
 *
 *   const relay = startRelay({ name: 'relay.invoice-events', store, bus, checkpoints, route, logger });
 */
export function startRelay(options: RelayOptions): Relay {
  const { name, store, bus, checkpoints, route, logger } = options;
  const pageSize = options.pageSize ?? 500;
  const idleMs = options.idleMs ?? 200;
  const standbyRetryMs = options.standbyRetryMs ?? 1000;
  const topicsPublished = new Set<string>();
  const documentOf = documentLookup(store);
  let stopped = false;
  let wake: (() => void) | undefined;
  let nudged = false;
  let published = -1n; // unknown until the checkpoint is loaded
  const waiters: { target: bigint | undefined; resolve: () => void }[] = [];

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (nudged) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  let lease: Lease | undefined;
  let saved = 0n;

  /**
   * Whether this relay holds the lease (taking it if free); a relay that has just taken it resumes
   * from the checkpoint. A held lease is not asked again here: `stillActive` asks before anything is written.
   */
  async function active(): Promise<boolean> {
    if (!options.leases || lease) return true;
    const taken = await options.leases.tryAcquire(name);
    if (!taken) return false;
    // Another holder may have published and checkpointed since this relay last did: publishing
    // from this relay's own last position would repeat that behind the newer events.
    try {
      published = saved = await checkpoints.load(name);
    } catch (error) {
      await taken.release().catch(() => undefined);
      throw error;
    }
    lease = taken;
    logger.info({ relay: name, from: String(published) }, 'relay took the lease; publishing');
    return true;
  }

  /** Whether the lease taken at the start of this round is still held (never takes one). */
  async function stillActive(): Promise<boolean> {
    if (!options.leases) return true;
    if (lease && (await lease.stillHeld())) return true;
    if (lease) logger.warn({ relay: name, published: String(published) }, 'relay lost its lease; standing by');
    lease = undefined;
    return false;
  }

  /**
   * A relay without the lease (one that just lost it included) waits before trying to take it, so a standby gets its
   * turn.
   */
  const standBy = () => (stopped ? Promise.resolve() : sleep(standbyRetryMs));

  const loop = (async () => {
    if (!options.leases) published = saved = await checkpoints.load(name);
    let failures = 0;
    while (!stopped) {
      nudged = false;
      try {
        if (!(await active())) {
          await standBy();
          continue;
        }
        const page = await store.readAll({ after: published, limit: pageSize });
        if (page.length) {
          // Checked again right before the page goes out: a relay that lost the lease while reading
          // must not publish behind its successor (the window that remains: docs/platform.md).
          if (!(await stillActive())) {
            await standBy();
            continue;
          }
          await publishPage(bus, page, route, topicsPublished, documentOf);
          published = page[page.length - 1]!.position;
        }
        const settled = settledThrough(bus, topicsPublished, published);
        if (settled > saved) {
          // A relay that lost the lease during the publish leaves the checkpoint to its successor.
          if (!(await stillActive())) {
            await standBy();
            continue;
          }
          await checkpoints.save(name, settled);
          saved = settled;
        }
        failures = 0;
        if (page.length < pageSize) {
          releaseWaiters(published);
          if (!stopped) await sleep(idleMs);
        }
      } catch (error) {
        failures++;
        logger.error({ err: error, relay: name, failures }, 'relay round failed; retrying');
        await sleep(Math.min(5000, 50 * 2 ** Math.min(failures, 7)));
      }
    }
    await lease
      ?.release()
      .catch((error: unknown) =>
        logger.warn({ err: error, relay: name }, 'could not release the relay lease; it ends with its holder'),
      );
  })();

  function releaseWaiters(position: bigint): void {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const waiter = waiters[i]!;
      if (waiter.target === undefined || waiter.target <= position) {
        waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }

  return {
    nudge() {
      nudged = true;
      wake?.();
    },
    async caughtUp() {
      const head = await store.head();
      if (published >= head) return;
      await new Promise<void>((resolve) => waiters.push({ target: head, resolve }));
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      releaseWaiters(published);
      for (const waiter of waiters.splice(0)) waiter.resolve();
    },
  };
}

/**
 * The checkpoint rule: move past what the bus has durably accepted, by its "settled through" capability when it has
 * one, else whatever `publish` resolved for.
 */
function settledThrough(bus: EventBus, topics: ReadonlySet<string>, published: bigint): bigint {
  let settled = published;
  for (const topic of topics) {
    const accepted = bus.settledThrough?.(topic, published) ?? published;
    if (accepted < settled) settled = accepted;
  }
  return settled;
}

async function publishPage(
  bus: EventBus,
  page: readonly RecordedEvent[],
  route: RelayOptions['route'],
  topics: Set<string>,
  documentOf: ReturnType<typeof documentLookup>,
): Promise<void> {
  const byTopic = new Map<string, BusMessage[]>();
  for (const event of page) {
    const target = route(event);
    if (!target) continue;
    let batch = byTopic.get(target.topic);
    if (!batch) byTopic.set(target.topic, (batch = []));
    // The context the event was appended in travels with it, so its consumers continue the trace
    // (docs/observability.md).
    const headers = {
      [STORE_POSITION_HEADER]: String(event.position),
      ...event.traceContext,
      ...cloudEventHeaders(event, await documentOf(event)),
    };
    batch.push({ key: target.key, value: event.envelope, headers });
  }
  for (const [topic, messages] of byTopic) {
    topics.add(topic);
    await bus.publish(topic, messages);
  }
}
