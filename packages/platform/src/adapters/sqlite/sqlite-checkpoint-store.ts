import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { openWalDatabase } from './open-database.ts';
import type { CheckpointStore } from '../../ports/checkpoint-store.ts';

/**
 * Checkpoints in SQLite with `synchronous = NORMAL`: a checkpoint a power cut moves back only replays events the
 * consumers already ignore.
 */
export class SqliteCheckpointStore implements CheckpointStore {
  private readonly db: DatabaseSync;
  private readonly select: StatementSync;
  private readonly upsert: StatementSync;

  constructor(path: string) {
    this.db = openWalDatabase(path, 'NORMAL');
    this.db.exec('CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL)');
    this.select = this.db.prepare('SELECT position FROM checkpoints WHERE name = ?');
    this.select.setReadBigInts(true);
    this.upsert = this.db.prepare(
      'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position',
    );
  }

  async load(name: string): Promise<bigint> {
    const row = this.select.get(name) as { position: bigint } | undefined;
    return row?.position ?? 0n;
  }

  async save(name: string, position: bigint): Promise<void> {
    this.upsert.run(name, position);
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
