import type { DeliveredMessage } from '../src/ports/event-bus.ts';
import type { EventStore } from '../src/ports/event-store.ts';
import { STORE_POSITION_HEADER } from '../src/relay/relay.ts';

export type KeyOrderReport = {
  /** Messages delivered, redeliveries included. */
  delivered: number;
  /**
   * Deliveries of a position this key already had (a replay: harmless to a consumer that remembers ids or positions).
   */
  redelivered: number;
  /**
   * Deliveries with a lower position than one this key already had: a consumer keeping the last state per key would go
   * back.
   */
  backwards: number;
  /** Of those, first deliveries: a consumer that ignores positions at or below its last would lose them. Must be 0. */
  outOfOrder: number;
  /** Expected positions never delivered, as `key@position`. */
  missing: string[];
};

/**
 * Watches, per message key, the store positions a consumer group receives, for the tests of two relays at once.
 */
export function keyOrderWatch() {
  const byKey = new Map<string, bigint[]>();
  let delivered = 0;
  return {
    record(message: Pick<DeliveredMessage, 'key' | 'headers'>): void {
      const position = message.headers?.[STORE_POSITION_HEADER];
      if (position === undefined) throw new Error(`a message of ${message.key} has no ${STORE_POSITION_HEADER} header`);
      delivered++;
      let seen = byKey.get(message.key);
      if (!seen) byKey.set(message.key, (seen = []));
      seen.push(BigInt(position));
    },
    /** How many distinct positions arrived (all keys). */
    distinct(): number {
      let n = 0;
      for (const seen of byKey.values()) n += new Set(seen).size;
      return n;
    },
    /** `expected`: every key's positions as the store holds them. */
    report(expected: ReadonlyMap<string, readonly bigint[]> = new Map()): KeyOrderReport {
      const report: KeyOrderReport = { delivered, redelivered: 0, backwards: 0, outOfOrder: 0, missing: [] };
      for (const seen of byKey.values()) {
        const had = new Set<bigint>();
        let highest = -1n;
        for (const position of seen) {
          if (had.has(position)) report.redelivered++;
          if (position < highest) {
            report.backwards++;
            if (!had.has(position)) report.outOfOrder++;
          }
          had.add(position);
          if (position > highest) highest = position;
        }
      }
      for (const [key, positions] of expected) {
        const had = new Set(byKey.get(key) ?? []);
        for (const position of positions) if (!had.has(position)) report.missing.push(`${key}@${position}`);
      }
      return report;
    },
  };
}

export type KeyOrderWatch = ReturnType<typeof keyOrderWatch>;

/** Every stream's positions as the store holds them: what `report` expects when the relay keys by stream. */
export async function positionsByStream(
  store: Pick<EventStore, 'readAll'>,
  limit = 100_000,
): Promise<Map<string, bigint[]>> {
  const positions = new Map<string, bigint[]>();
  for (const event of await store.readAll({ after: 0n, limit })) {
    let list = positions.get(event.stream);
    if (!list) positions.set(event.stream, (list = []));
    list.push(event.position);
  }
  return positions;
}
