/**
 * A counting semaphore per tenant: at most `cap` DIAN calls of one tenant at once (docs/api.md,
 * "Limits", default 4), whichever path makes them (the reaction or the retry sweeper). It never
 * queues: a caller that finds no free slot leaves the work on the retry schedule instead of waiting,
 * so one busy tenant cannot hold a bus partition, and the invoices of other tenants behind it.
 *
 *   const slots = createTenantSlots(4, () => sweeper.nudge());
 *   const release = slots.tryAcquire('demo'); // undefined: the tenant is at its cap
 *   try { await callDian(); } finally { release?.(); }
 */
export type Release = () => void;

export type TenantSlots = {
  tryAcquire(tenantId: string): Release | undefined;
  /** Free slots of a tenant now. */
  available(tenantId: string): number;
  /** Calls in flight, all tenants. */
  readonly inUse: number;
};

export function createTenantSlots(cap: number, onRelease: () => void = () => {}): TenantSlots {
  if (!Number.isInteger(cap) || cap < 1) throw new RangeError('the per-tenant cap is a positive integer');
  const used = new Map<string, number>();
  let inUse = 0;
  return {
    tryAcquire(tenantId) {
      const n = used.get(tenantId) ?? 0;
      if (n >= cap) return undefined;
      used.set(tenantId, n + 1);
      inUse++;
      let released = false;
      return () => {
        if (released) return; // a double release must not free a slot someone else holds
        released = true;
        const left = (used.get(tenantId) ?? 1) - 1;
        if (left === 0) used.delete(tenantId);
        else used.set(tenantId, left);
        inUse--;
        onRelease();
      };
    },
    available: (tenantId) => cap - (used.get(tenantId) ?? 0),
    get inUse() {
      return inUse;
    },
  };
}
