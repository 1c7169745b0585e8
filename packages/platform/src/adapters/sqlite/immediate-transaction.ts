import type { DatabaseSync } from 'node:sqlite';

/**
 * Runs `work` in a BEGIN IMMEDIATE transaction: the write lock is taken first, so a check and the
 * write it guards (one current API key per tenant, a tenant id not yet taken, an idempotency key's
 * owner) cannot interleave with another connection on the same file, and several writes land
 * together or not at all. Rolls back and rethrows on any error.
 *
 *   const taken = immediate(db, () => select.get(id) ?? insert.run(id));
 */
export function immediate<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
