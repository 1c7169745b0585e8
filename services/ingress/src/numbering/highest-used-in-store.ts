import { invoiceStreamName, type EventStore } from '@fe/platform';
import type { UsedNumberHint } from './number-allocator.ts';

/**
 * The number hint from the event store itself, the one source every ingress instance may see (the
 * projection's store is another service's). Invoice streams are named after their number and a
 * number, once taken, stays taken, and the allocator never leaves a gap (an explicit number within
 * the window may leave one: see below), so the used numbers of a range are a run from its start: a
 * binary search for the run's end costs about log2(range size) stream reads (23 for five million
 * numbers), once per tenant and prefix per process, since the allocator remembers afterwards.
 *
 * A gap left by an explicit number within FE_EXPLICIT_NUMBER_WINDOW can make the search stop at
 * a free number below the highest used one: the next number issued then fills that gap, and the
 * allocator moves past the numbers above it that are taken, as it does for another writer's numbers.
 *
 *   new NumberAllocator(store, highestUsedInStore(store))
 */
export function highestUsedInStore(store: EventStore): UsedNumberHint {
  return async (tenantId, resolution) => {
    const used = async (n: bigint) => (await store.read(invoiceStreamName(tenantId, `${resolution.prefix}${n}`))).version !== 'no_stream';
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
