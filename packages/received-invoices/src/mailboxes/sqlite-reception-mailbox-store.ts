import type { DatabaseSync } from 'node:sqlite';
import { openWalDatabase } from '@fe/platform';
import type { SecretBox } from '@fe/tenancy';
import {
  passwordContext,
  type ReceptionMailboxSettings,
  type ReceptionMailboxStore,
} from './reception-mailbox-store.ts';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS reception_mailboxes (
    tenant_id  TEXT    PRIMARY KEY,
    url        TEXT    NOT NULL,
    user       TEXT    NOT NULL,
    folder     TEXT    NOT NULL,
    password   BLOB    NOT NULL,
    updated_at INTEGER NOT NULL
  );`;

type Row = { tenant_id: string; url: string; user: string; folder: string; password: Uint8Array; updated_at: number };

/** The embedded reception mailboxes on `node:sqlite` (state.sqlite), passwords sealed by the tenants' SecretBox. */
export class SqliteReceptionMailboxStore implements ReceptionMailboxStore {
  private readonly db: DatabaseSync;

  private readonly box: SecretBox;

  constructor(path: string, box: SecretBox) {
    this.box = box;
    this.db = openWalDatabase(path, 'NORMAL');
    this.db.exec(SCHEMA);
  }

  async set(tenantId: string, s: ReceptionMailboxSettings, password: string, at: Date): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO reception_mailboxes (tenant_id, url, user, folder, password, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (tenant_id) DO UPDATE SET url = excluded.url, user = excluded.user, folder = excluded.folder,
           password = excluded.password, updated_at = excluded.updated_at`,
      )
      .run(tenantId, s.url, s.user, s.folder, this.box.seal(password, passwordContext(tenantId)), at.getTime());
  }

  async remove(tenantId: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM reception_mailboxes WHERE tenant_id = ?').run(tenantId).changes > 0;
  }

  async get(tenantId: string) {
    const row = this.db.prepare('SELECT * FROM reception_mailboxes WHERE tenant_id = ?').get(tenantId) as
      Row | undefined;
    return row && { url: row.url, user: row.user, folder: row.folder, updatedAt: new Date(row.updated_at) };
  }

  async all() {
    const rows = this.db.prepare('SELECT * FROM reception_mailboxes ORDER BY tenant_id').all() as Row[];
    return rows.map((row) => ({
      tenantId: row.tenant_id,
      settings: { url: row.url, user: row.user, folder: row.folder },
      password: this.box.open(row.password, passwordContext(row.tenant_id)).toString('utf8'),
      updatedAt: new Date(row.updated_at),
    }));
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }
}
