import type { DatabaseSync } from 'node:sqlite';

/**
 * Runs `work` in BEGIN IMMEDIATE: the write lock comes first, so a check and the write it guards cannot
 * interleave with another connection on the file. Rolls back and rethrows on any error.
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
