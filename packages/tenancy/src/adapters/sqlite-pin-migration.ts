import type { DatabaseSync } from 'node:sqlite';
import { immediate } from '@fe/platform';
import type { SecretBox } from '../secrets/secret-box.ts';
import { secretContext } from './common/secret-context.ts';

/**
 * Seals version 1's plain-text software PINs on open, then truncates the WAL so old page images holding them go
 * too. Returns how many moved; 0 on a migrated file.
 */
export function sealPlainSoftwarePins(db: DatabaseSync, box: SecretBox): number {
  const moved = immediate(db, () => {
    // Inside the write lock: two processes opening a version 1 file at once add the column once.
    const columns = db.prepare("SELECT name FROM pragma_table_info('tenants')").all() as { name: string }[];
    if (!columns.some((column) => column.name === 'sealed_pin'))
      db.exec('ALTER TABLE tenants ADD COLUMN sealed_pin BLOB');
    const rows = db
      .prepare("SELECT id, software FROM tenants WHERE json_type(software, '$.pin') IS NOT NULL")
      .all() as { id: string; software: string }[];
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
