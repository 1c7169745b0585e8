import { checkSchemaName, statement } from '@fe/platform-postgres';
import type pg from 'pg';
import { checkCap, onceOnly, type Release, type TenantSlots } from '../../concurrency/tenant-slots.ts';

/** First key of the two-key advisory locks of this adapter (the event store uses 1178952, leases 1178953). */
const SLOT_LOCK_NAMESPACE = 1178954;
const TRY_LOCK = statement('SELECT pg_try_advisory_lock($1, hashtext($2)) AS held');
const UNLOCK = statement('SELECT pg_advisory_unlock($1, hashtext($2))');

export type PostgresTenantSlotsOptions = {
  /** A pool of its own: each held slot keeps one of its connections checked out for the call. */
  pool: pg.Pool;
  cap: number;
  /**
   * Slots are per schema, like leases: two deployments (or test schemas) in one database do not share them. Default
   * 'fe'.
   */
  schema?: string;
};

/**
 * The per-tenant cap across instances: each slot is a session advisory lock taken without waiting, so a crashed
 * instance frees its slots at once. Tenants whose names hash alike share slots: safer than exceeding a cap.
 */
export class PostgresTenantSlots implements TenantSlots {
  private readonly pool: pg.Pool;
  private readonly cap: number;
  private readonly schema: string;
  private held = 0;
  /** The slot keys this instance holds: asking the server for one of them again is a certain refusal. */
  private readonly mine = new Set<string>();

  constructor(options: PostgresTenantSlotsOptions) {
    checkCap(options.cap);
    this.pool = options.pool;
    this.cap = options.cap;
    this.schema = checkSchemaName(options.schema ?? 'fe');
  }

  get inUse(): number {
    return this.held;
  }

  async tryAcquire(tenantId: string): Promise<Release | undefined> {
    const keys = Array.from({ length: this.cap }, (_, slot) => `${this.schema}.${tenantId}#${slot}`).filter(
      (key) => !this.mine.has(key),
    );
    if (keys.length === 0) return undefined;
    const { totalCount, idleCount, options } = this.pool as pg.Pool & { options: { max?: number } };
    if (idleCount === 0 && totalCount >= (options.max ?? 10)) return undefined;
    const client = await this.pool.connect();
    // A held session that the server ends (restart, terminated) emits 'error' on the checked-out
    // client, which has no pool listener then: the lock is gone with it, and the process must live.
    const onError = () => undefined;
    client.on('error', onError);
    const giveBack = (error?: unknown) => {
      client.off('error', onError);
      client.release(error === undefined ? undefined : error instanceof Error ? error : true);
    };
    try {
      for (const key of keys) {
        if (this.mine.has(key)) continue; // taken by another call of this instance meanwhile
        const { rows } = await client.query<{ held: boolean }>({ ...TRY_LOCK, values: [SLOT_LOCK_NAMESPACE, key] });
        if (rows[0]?.held) {
          this.held++;
          this.mine.add(key);
          return onceOnly(async () => {
            this.held--;
            try {
              await client.query({ ...UNLOCK, values: [SLOT_LOCK_NAMESPACE, key] });
              giveBack();
            } catch (error) {
              // Ending the session frees the lock as surely as the unlock would have.
              giveBack(error);
            } finally {
              this.mine.delete(key);
            }
          });
        }
      }
    } catch (error) {
      giveBack(error);
      throw error;
    }
    giveBack();
    return undefined;
  }
}
