/**
 * The per-tenant cap on concurrent DIAN calls (docs/api.md, "Limits"), across the reaction and the sweeper. It
 * never queues: no free slot leaves the work on the retry schedule, so a busy tenant cannot hold a partition.
 */
/**
 * Gives the slot back; never rejects, and resolves once other callers (and instances) can take it. Callers need not
 * wait.
 */
export type Release = () => Promise<void>;

export interface TenantSlots {
  /** A slot of the tenant, or undefined when all `cap` are held (here or, if shared, by another instance). */
  tryAcquire(tenantId: string): Promise<Release | undefined>;
  /** Calls in flight through this instance, all tenants. */
  readonly inUse: number;
}

export type LocalTenantSlots = TenantSlots & {
  /** Free slots of a tenant now. */
  available(tenantId: string): number;
};

/** A counting semaphore per tenant in this process; `onRelease` runs after every release. */
export function createTenantSlots(cap: number, onRelease: () => void = () => {}): LocalTenantSlots {
  checkCap(cap);
  const used = new Map<string, number>();
  let inUse = 0;
  return {
    async tryAcquire(tenantId) {
      const n = used.get(tenantId) ?? 0;
      if (n >= cap) return undefined;
      used.set(tenantId, n + 1);
      inUse++;
      return onceOnly(async () => {
        const left = (used.get(tenantId) ?? 1) - 1;
        if (left === 0) used.delete(tenantId);
        else used.set(tenantId, left);
        inUse--;
        onRelease();
      });
    },
    available: (tenantId) => cap - (used.get(tenantId) ?? 0),
    get inUse() {
      return inUse;
    },
  };
}

export function checkCap(cap: number): void {
  if (!Number.isInteger(cap) || cap < 1) throw new RangeError('the per-tenant cap is a positive integer');
}

/** A double release must not free a slot someone else holds. */
export function onceOnly(release: () => Promise<void>): Release {
  let released: Promise<void> | undefined;
  return () => (released ??= release().catch(() => undefined));
}
