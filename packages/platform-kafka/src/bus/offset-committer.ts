export type PartitionOffset = { topic: string; partition: number; offset: string };

/**
 * Commits each partition's offset after its handler, at most once per `intervalMs`: one commit carries every
 * partition's newest handled offset, so the next message never waits for the broker. Still at-least-once: only
 * handled offsets are recorded, and what a crash loses since the last commit is delivered again.
 */
export class OffsetCommitter {
  private readonly pending = new Map<string, PartitionOffset>();
  private draining: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly commit: (offsets: PartitionOffset[]) => Promise<void>;
  private readonly failed: (error: unknown, offsets: PartitionOffset[]) => void;
  private readonly intervalMs: number;

  constructor(
    commit: (offsets: PartitionOffset[]) => Promise<void>,
    failed: (error: unknown, offsets: PartitionOffset[]) => void,
    intervalMs = 0,
  ) {
    this.commit = commit;
    this.failed = failed;
    this.intervalMs = intervalMs;
  }

  /** `nextOffset`: the offset after the handled message (Kafka commits the next one to read). */
  record(topic: string, partition: number, nextOffset: string): void {
    this.pending.set(`${topic}\u0000${partition}`, { topic, partition, offset: nextOffset });
    this.schedule();
  }

  /** Resolves once every recorded offset was sent, without waiting for the timer (a refused commit is reported). */
  async flush(): Promise<void> {
    while (this.draining || this.pending.size) {
      clearTimeout(this.timer);
      this.timer = undefined;
      if (!this.draining) this.drain();
      await this.draining;
    }
  }

  private schedule(): void {
    if (this.timer || this.draining || !this.pending.size) return;
    if (this.intervalMs <= 0) return this.drain();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.draining) this.drain();
    }, this.intervalMs);
  }

  private drain(): void {
    const offsets = [...this.pending.values()];
    this.pending.clear();
    this.draining = this.send(offsets).finally(() => {
      this.draining = undefined;
      this.schedule(); // what was handled meanwhile waits for the next turn
    });
  }

  private async send(offsets: PartitionOffset[]): Promise<void> {
    try {
      await this.commit(offsets);
    } catch (error) {
      // A rebalance took the partition: its new owner starts from the last commit that landed.
      this.failed(error, offsets);
    }
  }
}
