import type { Clock } from '../ports/clock.ts';
import type { EventStore } from '../ports/event-store.ts';
import type { Logger } from '../ports/logger.ts';
import { EMPTY_ROOT, foldRoot, signCheckpoint, type AuditCheckpoint, type AuditCheckpointStore } from './checkpoint.ts';
import type { AuditSigningKey } from './signing-key.ts';

export type CheckpointerOptions = {
  /** The event store itself (its reads carry the chain digests), never a cache. */
  store: Pick<EventStore, 'readAll'>;
  checkpoints: AuditCheckpointStore;
  key: AuditSigningKey;
  clock: Clock;
  logger: Logger;
  /** How often the head is signed when it moved. Default 60 000 ms. */
  intervalMs?: number;
};

export type Checkpointer = {
  /** Signs the head now if it moved since the last checkpoint; resolves with the new one, or undefined. */
  checkpointNow(): Promise<AuditCheckpoint | undefined>;
  /** Stops the timer, then signs the head one last time. */
  stop(): Promise<void>;
};

/**
 * Signs the store's head at intervals (docs/audit.md). One per store; a second would only add checkpoints,
 * never wrong ones.
 */
export function startCheckpointer(options: CheckpointerOptions): Checkpointer {
  const { store, checkpoints, key, clock, logger } = options;
  let running: Promise<AuditCheckpoint | undefined> = Promise.resolve(undefined);

  async function once(): Promise<AuditCheckpoint | undefined> {
    const last = await checkpoints.latest();
    let root = last?.root ?? EMPTY_ROOT;
    let position = last?.position ?? 0n;
    let events = last?.events ?? 0;
    for (;;) {
      const page = await store.readAll({ after: position, limit: 1000 });
      if (page.length === 0) break;
      for (const event of page) {
        root = foldRoot(root, event);
        position = event.position;
        events++;
      }
    }
    if (last && position === last.position) return undefined;
    if (!last && events === 0) return undefined;
    const checkpoint = signCheckpoint(key, { position, events, root, signedAt: clock.now().toISOString() });
    await checkpoints.add(checkpoint);
    logger.info({ position: String(position), events }, 'audit checkpoint signed');
    return checkpoint;
  }

  const checkpointNow = () => (running = running.catch(() => undefined).then(once));
  const timer = setInterval(() => {
    checkpointNow().catch((error: unknown) =>
      logger.error({ err: error }, 'audit checkpoint failed; the next interval tries again'),
    );
  }, options.intervalMs ?? 60_000);
  timer.unref();
  return {
    checkpointNow,
    async stop() {
      clearInterval(timer);
      await checkpointNow().catch((error: unknown) => logger.error({ err: error }, 'the last audit checkpoint failed'));
    },
  };
}
