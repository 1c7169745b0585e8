import type { DatabaseSync } from 'node:sqlite';
import { immediate } from '@fe/platform';
import type { SecretBox } from '../secrets/secret-box.ts';
import { secretContext } from './common/secret-context.ts';

/**
 * Version 1 of the registry kept each tenant's DIAN software PIN in plain text inside the
 * `software` JSON. On open, every such PIN is sealed into `sealed_pin` and removed from the JSON,
 * in one transaction; then the WAL is checkpointed and truncated, so the old page images holding
 * the PIN leave the `-wal` file as well. `secure_delete` (set by the caller on this connection)
 * zeroes the bytes a rewritten row leaves behind in the database file.
 * Returns how many PINs were moved; 0, and nothing written, on a file already migrated.
 */
export function sealPlainSoftwarePins(db: DatabaseSync, box: SecretBox): number {
  const moved = immediate(db, () => {
    // Inside the write lock: two processes opening a version 1 file at once add the column once.
    const columns = db.prepare('SELECT name FROM pragma_table_info(\'tenants\')').all() as { name: string }[];
    if (!columns.some((column) => column.name === 'sealed_pin')) db.exec('ALTER TABLE tenants ADD COLUMN sealed_pin BLOB');
    const rows = db.prepare('SELECT id, software FROM tenants WHERE json_type(software, \'$.pin\') IS NOT NULL').all() as { id: string; software: string }[];
    const update = db.prepare('UPDATE tenants SET software = ?, sealed_pin = ? WHERE id = ?');
    for (const row of rows) {
      const { pin, ...software } = JSON.parse(row.software) as { pin: unknown };
      update.run(JSON.stringify(software), box.seal(String(pin), secretContext.softwarePin(row.id)), row.id);
    }
    return rows.length;
  });
  if (moved > 0) db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  return moved;
}
