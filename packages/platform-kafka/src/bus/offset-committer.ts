export type PartitionOffset = { topic: string; partition: number; offset: string };

/**
 * Commits each partition's offset once its handler has finished, without making the partition's
 * next message wait for the broker's answer: offsets recorded while a commit is in flight go out
 * together in the next one, the newest per partition. The committed offset never passes a message
 * whose handler has not finished (a partition is handled in order and records only afterwards), so
 * a crash or a rebalance redelivers at most what was handled since the last commit that landed:
 * at-least-once, as a commit awaited per message gives, at one broker round trip per batch.
 *
 *   const committer = new OffsetCommitter((offsets) => consumer.commitOffsets(offsets), log);
 *   committer.record('fe.invoice.events.v1', 3, '42'); // the next offset to read
 *   await committer.flush();                           // before leaving the group
 */
export class OffsetCommitter {
  private readonly pending = new Map<string, PartitionOffset>();
  private draining: Promise<void> | undefined;
  private readonly commit: (offsets: PartitionOffset[]) => Promise<void>;
  private readonly failed: (error: unknown, offsets: PartitionOffset[]) => void;

  constructor(commit: (offsets: PartitionOffset[]) => Promise<void>, failed: (error: unknown, offsets: PartitionOffset[]) => void) {
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
