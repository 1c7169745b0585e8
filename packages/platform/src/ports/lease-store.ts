/**
 * At most one holder of a name across processes (one publishing relay), lost when its holder goes away so a
 * standby can take over without a release.
 */
export interface LeaseStore {
  /** Takes `name` now if no one holds it; undefined (without waiting) when another holder has it. */
  tryAcquire(name: string): Promise<Lease | undefined>;
}

export interface Lease {
  /**
   * Whether this holder still has the lease. Once false, false for good: the holder must acquire again and reload
   * what another may have moved. An unreachable store answers false.
   */
  stillHeld(): Promise<boolean>;
  /** Gives the name up; another `tryAcquire` may take it at once. Idempotent. */
  release(): Promise<void>;
}
