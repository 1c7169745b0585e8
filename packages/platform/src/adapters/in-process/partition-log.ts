import type { BusMessage } from '../../ports/event-bus.ts';

/**
 * One partition of a topic: an append-only list addressed by offset. Offsets below `base` were
 * trimmed once every group had consumed them (in-memory retention, like Kafka's).
 */
export class PartitionLog {
  private base = 0n;
  private readonly messages: BusMessage[] = [];

  /** The oldest offset still held: where a group reading from the earliest starts. */
  get start(): bigint {
    return this.base;
  }

  get end(): bigint {
    return this.base + BigInt(this.messages.length);
  }

  append(message: BusMessage): void {
    this.messages.push(message);
  }

  at(offset: bigint): BusMessage | undefined {
    return offset < this.base ? undefined : this.messages[Number(offset - this.base)];
  }

  /**
   * Drops messages below `offset` in batches of `batch` (cheap splices; at most that many consumed messages stay in
   * memory).
   */
  trimBelow(offset: bigint, batch = 128): void {
    const drop = Number(offset - this.base);
    if (drop >= batch) {
      this.messages.splice(0, drop);
      this.base = offset;
    }
  }
}

/** Kafka's default partitioner idea: same key, same partition (FNV-1a here, not murmur2). */
export function partitionFor(key: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitions;
}
