import type { Admin } from 'kafkajs';

/**
 * Creates each topic the bus touches with the partition count it should have, rather than the broker's
 * auto-creation default; creating an existing topic is a no-op.
 */
/** How 'latest' waits for the partitions' ends to settle: a read every 100 ms, at most 2 s. */
const SETTLE_INTERVAL_MS = 100;
const SETTLE_READS = 20;

export class TopicAdmin {
  private readonly admin: Admin;
  private readonly partitionsOf: (topic: string) => number;
  private readonly ensured = new Map<string, Promise<void>>();
  private connected: Promise<void> | undefined;

  constructor(admin: Admin, partitionsOf: (topic: string) => number) {
    this.admin = admin;
    this.partitionsOf = partitionsOf;
  }

  ensure(topic: string): Promise<void> {
    let done = this.ensured.get(topic);
    if (!done) {
      done = this.create(topic);
      this.ensured.set(topic, done);
      done.catch(() => this.ensured.delete(topic)); // tried again on the next use
    }
    return done;
  }

  async disconnect(): Promise<void> {
    if (this.connected) await this.admin.disconnect();
  }

  private async create(topic: string): Promise<void> {
    await (this.connected ??= this.admin.connect());
    await this.admin.createTopics({
      waitForLeaders: true,
      topics: [{ topic, numPartitions: this.partitionsOf(topic) }],
    });
  }

  /**
   * Pins a new group at the end of each partition now, so 'latest' means "from subscribe on" (what the in-process bus
   * does).
   */
  async startGroupAtEnd(groupId: string, topic: string): Promise<void> {
    await (this.connected ??= this.admin.connect());
    const [committed] = await this.admin.fetchOffsets({ groupId, topics: [topic] });
    // the group has been here: it goes on from there
    if (committed && committed.partitions.some((p) => p.offset !== '-1')) return;
    const ends = await this.settledEnds(topic);
    await this.admin.setOffsets({
      groupId,
      topic,
      partitions: ends.map((p) => ({ partition: p.partition, offset: p.high })),
    });
  }

  /**
   * The partitions' ends once they stop moving: the admin reads the last stable offset, which lags a just-committed
   * transaction, and a group starting at 'latest' would otherwise receive it.
   */
  private async settledEnds(topic: string): Promise<Awaited<ReturnType<Admin['fetchTopicOffsets']>>> {
    const key = (ends: { partition: number; high: string }[]) =>
      ends
        .map((p) => `${p.partition}:${p.high}`)
        .sort()
        .join(',');
    let ends = await this.admin.fetchTopicOffsets(topic);
    for (let read = 0; read < SETTLE_READS; read++) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_INTERVAL_MS));
      const again = await this.admin.fetchTopicOffsets(topic);
      if (key(again) === key(ends)) return again;
      ends = again;
    }
    return ends;
  }
}
