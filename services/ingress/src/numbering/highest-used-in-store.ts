import { invoiceStreamName, type EventStore } from '@fe/platform';
import type { UsedNumberHint } from './number-allocator.ts';

/**
 * The number hint from the event store, the one source every ingress instance sees: used numbers are a run from
 * the range start, so a binary search over stream names finds its end.
 */
export function highestUsedInStore(store: EventStore): UsedNumberHint {
  return async (tenantId, resolution) => {
    const used = async (n: bigint) =>
      (await store.read(invoiceStreamName(tenantId, `${resolution.prefix}${n}`))).version !== 'no_stream';
    let below = BigInt(resolution.from) - 1n; // the highest number known used (or the one before the range)
    let above = BigInt(resolution.to) + 1n; // the lowest number known free (or the one after the range)
    while (above - below > 1n) {
      const middle = (below + above) / 2n;
      if (await used(middle)) below = middle;
      else above = middle;
    }
    return below >= BigInt(resolution.from) ? below : undefined;
  };
}
