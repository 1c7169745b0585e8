import type { TenantRegistration } from './tenant-issuers.ts';

/**
 * The tenants of a registry the simulator cannot read synchronously (PostgreSQL), read again every `intervalMs`;
 * `current()` answers from memory, a new array only when they changed, so tenantIssuers rebuilds only then.
 */
export function polledRegistrations(
  read: () => Promise<readonly TenantRegistration[]>,
  options: { intervalMs: number; onError: (error: unknown) => void },
) {
  let current: readonly TenantRegistration[] = [];
  let seen = '[]';
  let timer: NodeJS.Timeout | undefined;
  let reading = false;
  const refresh = async () => {
    const next = await read();
    const text = JSON.stringify(next);
    if (text !== seen) [current, seen] = [next, text];
  };
  return {
    current: () => current,
    /** The first read, which must succeed; then the reads at intervals, whose failures keep the last answer. */
    async start(): Promise<void> {
      await refresh();
      timer = setInterval(() => {
        if (reading) return;
        reading = true;
        refresh()
          .catch(options.onError)
          .finally(() => (reading = false));
      }, options.intervalMs);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
    },
  };
}
