import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { AuditCheckpoint, AuditCheckpointStore } from '../../audit/checkpoint.ts';
import { openWalDatabase } from './open-database.ts';

type Row = { position: bigint; events: bigint; root: string; signed_at: string; public_key: string; signature: string };

/** Signed checkpoints in the event store's own file, `synchronous = FULL` like the events. Append-only. */
export class SqliteAuditCheckpointStore implements AuditCheckpointStore {
  private readonly db: DatabaseSync;
  private readonly insert: StatementSync;
  private readonly last: StatementSync;
  private readonly every: StatementSync;

  constructor(path: string) {
    this.db = openWalDatabase(path, 'FULL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS audit_checkpoints (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, position INTEGER NOT NULL, events INTEGER NOT NULL, root TEXT NOT NULL,
      signed_at TEXT NOT NULL, public_key TEXT NOT NULL, signature TEXT NOT NULL)`);
    this.insert = this.db.prepare(
      'INSERT INTO audit_checkpoints (position, events, root, signed_at, public_key, signature) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.last = this.db.prepare('SELECT * FROM audit_checkpoints ORDER BY seq DESC LIMIT 1');
    this.every = this.db.prepare('SELECT * FROM audit_checkpoints ORDER BY seq');
    for (const s of [this.last, this.every]) s.setReadBigInts(true);
  }

  async add(c: AuditCheckpoint): Promise<void> {
    this.insert.run(c.position, c.events, c.root, c.signedAt, c.publicKeyPem, c.signature);
  }

  async latest(): Promise<AuditCheckpoint | undefined> {
    const row = this.last.get() as Row | undefined;
    return row && toCheckpoint(row);
  }

  async all(): Promise<AuditCheckpoint[]> {
    return (this.every.all() as Row[]).map(toCheckpoint);
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }
}

const toCheckpoint = (row: Row): AuditCheckpoint => ({
  position: row.position,
  events: Number(row.events),
  root: row.root,
  signedAt: row.signed_at,
  publicKeyPem: row.public_key,
  signature: row.signature,
});
