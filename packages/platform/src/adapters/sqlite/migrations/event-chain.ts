import type { DatabaseSync } from 'node:sqlite';
import { chainDigest, GENESIS_DIGEST } from '../../../audit/event-chain.ts';
import { immediate } from '../immediate-transaction.ts';

/**
 * Adds the tamper-evidence chain to an older events table (docs/audit.md): edits made before this migration are
 * sealed in. Runs at every open; does nothing once the column exists.
 */
export function migrateEventChain(db: DatabaseSync): void {
  const columns = db.prepare('PRAGMA table_info(events)').all() as { name: string }[];
  if (columns.some((c) => c.name === 'digest')) return;
  immediate(db, () => {
    // Another connection may have migrated between the check and the write lock.
    const again = db.prepare('PRAGMA table_info(events)').all() as { name: string }[];
    if (again.some((c) => c.name === 'digest')) return;
    db.exec('ALTER TABLE events ADD COLUMN digest TEXT');
    const rows = db.prepare('SELECT position, stream, version, envelope FROM events ORDER BY stream, version');
    rows.setReadBigInts(true);
    const update = db.prepare('UPDATE events SET digest = ? WHERE position = ?');
    let stream: string | undefined;
    let previous = GENESIS_DIGEST;
    for (const row of rows.iterate() as Iterable<{
      position: bigint;
      stream: string;
      version: bigint;
      envelope: string;
    }>) {
      if (row.stream !== stream) [stream, previous] = [row.stream, GENESIS_DIGEST];
      previous = chainDigest(previous, row.stream, row.version, row.envelope);
      update.run(previous, row.position);
    }
  });
}
