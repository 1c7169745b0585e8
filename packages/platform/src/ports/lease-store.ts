/**
 * Leases: at most one holder of a name at a time, across every process that shares the store.
 * The relay takes one per relay name so that only one of its replicas publishes (two relays
 * publishing the same events would interleave an older event of a key after a newer one).
 * A lease is lost when its holder goes away (the PostgreSQL lease: its connection ends), so a
 * standby can take the name over without anyone releasing it.
 *
 *   const lease = await leases.tryAcquire('relay.invoice-events'); // undefined: someone else holds it
 *   if (lease && (await lease.stillHeld())) await publishNextPage();
 *   await lease?.release();
 */
export interface LeaseStore {
  /** Takes `name` now if no one holds it; undefined (without waiting) when another holder has it. */
  tryAcquire(name: string): Promise<Lease | undefined>;
}

export interface Lease {
  /**
   * Whether this holder still has the lease, asked of the store. Once false, false for good: a
   * lost lease is not taken back silently (the holder must call `tryAcquire` again and reload what
   * another holder may have moved in the meantime). An unreachable store answers false.
   */
  stillHeld(): Promise<boolean>;
  /** Gives the name up; another `tryAcquire` may take it at once. Idempotent. */
  release(): Promise<void>;
}
