import type { Lease, LeaseStore } from '../../ports/lease-store.ts';

/**
 * Leases inside one process; `expire(name)` takes a lease away as a dead PostgreSQL connection would, for tests.
 */
export class InProcessLeaseStore implements LeaseStore {
  private readonly holders = new Map<string, symbol>();

  async tryAcquire(name: string): Promise<Lease | undefined> {
    if (this.holders.has(name)) return undefined;
    const token = Symbol(name);
    this.holders.set(name, token);
    return {
      stillHeld: async () => this.holders.get(name) === token,
      release: async () => {
        if (this.holders.get(name) === token) this.holders.delete(name);
      },
    };
  }

  /** The holder of `name` loses it (its `stillHeld` answers false) and the name is free. */
  expire(name: string): void {
    this.holders.delete(name);
  }
}
