import { AdapterPool, migrationSet } from '@fe/platform-postgres';
import type { SecretBox } from '@fe/tenancy';
import type pg from 'pg';
import {
  passwordContext,
  type ReceptionMailboxSettings,
  type ReceptionMailboxStore,
} from '../reception-mailbox-store.ts';

/** The table of this adapter, applied by the shared migrator under the set 'reception-mailboxes'. */
export const receptionMailboxMigrations = () =>
  migrationSet('reception-mailboxes', new URL('./migrations/', import.meta.url));

type Row = { tenant_id: string; url: string; login: string; folder: string; password: Buffer; updated_at: Date };

/** The reception mailboxes on PostgreSQL, shared by every ingress instance and the portal. */
export class PostgresReceptionMailboxStore implements ReceptionMailboxStore {
  private readonly db: AdapterPool;

  private readonly box: SecretBox;

  constructor(pool: pg.Pool, box: SecretBox) {
    this.box = box;
    this.db = new AdapterPool(pool, { name: 'the reception mailboxes' });
  }

  async set(tenantId: string, s: ReceptionMailboxSettings, password: string, at: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO reception_mailboxes (tenant_id, url, login, folder, password, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (tenant_id) DO UPDATE SET url = excluded.url, login = excluded.login, folder = excluded.folder,
         password = excluded.password, updated_at = excluded.updated_at`,
      [tenantId, s.url, s.user, s.folder, this.box.seal(password, passwordContext(tenantId)), at],
    );
  }

  async remove(tenantId: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM reception_mailboxes WHERE tenant_id = $1', [tenantId]);
    return (rowCount ?? 0) > 0;
  }

  async get(tenantId: string) {
    const { rows } = await this.db.query<Row>('SELECT * FROM reception_mailboxes WHERE tenant_id = $1', [tenantId]);
    const row = rows[0];
    return row && { url: row.url, user: row.login, folder: row.folder, updatedAt: row.updated_at };
  }

  async all() {
    const { rows } = await this.db.query<Row>('SELECT * FROM reception_mailboxes ORDER BY tenant_id');
    return rows.map((row) => ({
      tenantId: row.tenant_id,
      settings: { url: row.url, user: row.login, folder: row.folder },
      password: this.box.open(row.password, passwordContext(row.tenant_id)).toString('utf8'),
      updatedAt: row.updated_at,
    }));
  }

  async close(): Promise<void> {
    // The pool is the composition root's.
  }
}
