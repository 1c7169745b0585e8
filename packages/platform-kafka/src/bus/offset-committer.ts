export type PartitionOffset = { topic: string; partition: number; offset: string };

/**
 * Commits each partition's offset after its handler, batching offsets recorded while a commit is in flight, so
 * the next message never waits for the broker; still at-least-once.
 */
export class OffsetCommitter {
  private readonly pending = new Map<string, PartitionOffset>();
  private draining: Promise<void> | undefined;
  private readonly commit: (offsets: PartitionOffset[]) => Promise<void>;
  private readonly failed: (error: unknown, offsets: PartitionOffset[]) => void;

  constructor(
    commit: (offsets: PartitionOffset[]) => Promise<void>,
    failed: (error: unknown, offsets: PartitionOffset[]) => void,
  ) {
    this.commit = commit;
    this.failed = failed;
  }

  /** `nextOffset`: the offset after the handled message (Kafka commits the next one to read). */
  record(topic: string, partition: number, nextOffset: string): void {
    this.pending.set(`${topic}\u0000${partition}`, { topic, partition, offset: nextOffset });
    this.draining ??= this.drain();
  }

  /** Resolves once every recorded offset was sent (a refused commit is reported, not thrown). */
  async flush(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.size) {
        const offsets = [...this.pending.values()];
        this.pending.clear();
        try {
          await this.commit(offsets);
        } catch (error) {
          // A rebalance took the partition: its new owner starts from the last commit that landed.
          this.failed(error, offsets);
        }
      }
    } finally {
      this.draining = undefined;
    }
  }
}
