import type { DatabaseSync } from 'node:sqlite';
import { openWalDatabase } from '@fe/platform';
import type { ExpiryWarning, ExpiryWarningStore } from '../ports/expiry-warning-store.ts';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS certificate_expiry_warnings (
    tenant_id  TEXT    NOT NULL,
    generation INTEGER NOT NULL,
    threshold  TEXT    NOT NULL,
    claimed_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, generation, threshold)
  );`;

/** The mailed expiry warnings in the portal's SQLite file; a claim is one insert that only one process wins. */
export class SqliteExpiryWarningStore implements ExpiryWarningStore {
  private readonly db: DatabaseSync;

  constructor(path: string) {
    this.db = openWalDatabase(path, 'FULL'); // a power cut must not forget a mail already sent
    this.db.exec(SCHEMA);
  }

  async claim(warning: ExpiryWarning, at: Date): Promise<boolean> {
    const { changes } = this.db
      .prepare(
        'INSERT INTO certificate_expiry_warnings (tenant_id, generation, threshold, claimed_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
      )
      .run(warning.tenantId, warning.generation, String(warning.threshold), at.getTime());
    return changes === 1;
  }

  async release(warning: ExpiryWarning): Promise<void> {
    this.db
      .prepare('DELETE FROM certificate_expiry_warnings WHERE tenant_id = ? AND generation = ? AND threshold = ?')
      .run(warning.tenantId, warning.generation, String(warning.threshold));
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }
}
