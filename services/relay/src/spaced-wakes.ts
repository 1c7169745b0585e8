/**
 * Turns the store's append notifications into relay wakes at most one per `spacingMs`: the first after a quiet spell
 * at once (a lone invoice is not held back), the ones during the spacing together at its end, so that under load
 * the appends of that while go out as one page, one Kafka transaction.
 */
export function spacedWakes(
  wake: () => void,
  spacingMs: number,
  now: () => number = () => performance.now(),
): { notify(): void; close(): void } {
  let last = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  const fire = () => {
    timer = undefined;
    last = now();
    wake();
  };
  return {
    notify() {
      if (timer) return;
      const wait = last + spacingMs - now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    close() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
