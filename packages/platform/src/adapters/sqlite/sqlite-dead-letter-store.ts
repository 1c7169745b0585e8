import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { openWalDatabase } from './open-database.ts';
import type { BusMessage } from '../../ports/event-bus.ts';
import type { DeadLetter, DeadLetterInput, DeadLetterStore } from '../../ports/dead-letter-store.ts';
import { immediate } from './immediate-transaction.ts';

type Row = {
  id: number;
  topic: string;
  consumer_group: string;
  message: string;
  error: string;
  attempts: number;
  deaths: number;
  first_dead_at: string;
  last_dead_at: string;
  redrive_requested_at: string | null;
};

/**
 * Dead letters in state.sqlite beside the relay's checkpoint: a power cut that loses a letter loses that
 * checkpoint save too, so the event is published again. The CLI may open the file while the service runs.
 */
export class SqliteDeadLetterStore implements DeadLetterStore {
  private readonly db: DatabaseSync;
  private readonly upsert: StatementSync;
  private readonly selectAll: StatementSync;
  private readonly selectRequested: StatementSync;
  private readonly markOne: StatementSync;
  private readonly markAll: StatementSync;
  private readonly deleteOne: StatementSync;

  constructor(path: string) {
    this.db = openWalDatabase(path, 'NORMAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS dead_letters (
      id INTEGER PRIMARY KEY,
      topic TEXT NOT NULL,
      consumer_group TEXT NOT NULL,
      event_id TEXT NOT NULL,
      message TEXT NOT NULL,
      error TEXT NOT NULL,
      attempts INTEGER NOT NULL,
      deaths INTEGER NOT NULL,
      first_dead_at TEXT NOT NULL,
      last_dead_at TEXT NOT NULL,
      redrive_requested_at TEXT,
      UNIQUE (topic, consumer_group, event_id))`);
    this.upsert = this.db.prepare(`INSERT INTO dead_letters
      (topic, consumer_group, event_id, message, error, attempts, deaths, first_dead_at, last_dead_at)
      VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)
      ON CONFLICT (topic, consumer_group, event_id) DO UPDATE SET
        message = excluded.message, error = excluded.error, attempts = excluded.attempts,
        deaths = deaths + 1, last_dead_at = excluded.last_dead_at, redrive_requested_at = NULL`);
    this.selectAll = this.db.prepare('SELECT * FROM dead_letters ORDER BY id');
    this.selectRequested = this.db.prepare(
      'SELECT * FROM dead_letters WHERE redrive_requested_at IS NOT NULL ORDER BY redrive_requested_at, id',
    );
    this.markOne = this.db.prepare('UPDATE dead_letters SET redrive_requested_at = ? WHERE id = ?');
    this.markAll = this.db.prepare('UPDATE dead_letters SET redrive_requested_at = ?');
    this.deleteOne = this.db.prepare('DELETE FROM dead_letters WHERE id = ?');
  }

  async keep(letter: DeadLetterInput, at: Date): Promise<void> {
    const when = at.toISOString();
    const message: BusMessage = {
      key: letter.message.key,
      value: letter.message.value,
      ...(letter.message.headers ? { headers: letter.message.headers } : {}),
    };
    this.upsert.run(
      letter.topic,
      letter.group,
      letter.message.value.id,
      JSON.stringify(message),
      letter.error,
      letter.attempts,
      when,
      when,
    );
  }

  async list(): Promise<DeadLetter[]> {
    return (this.selectAll.all() as Row[]).map(toLetter);
  }

  async requestRedrive(ids: 'all' | readonly number[], at: Date): Promise<number> {
    const when = at.toISOString();
    if (ids === 'all') return Number(this.markAll.run(when).changes);
    return immediate(this.db, () => ids.reduce((marked, id) => marked + Number(this.markOne.run(when, id).changes), 0));
  }

  async requested(): Promise<DeadLetter[]> {
    return (this.selectRequested.all() as Row[]).map(toLetter);
  }

  async remove(id: number): Promise<void> {
    this.deleteOne.run(id);
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}

function toLetter(row: Row): DeadLetter {
  return {
    id: Number(row.id),
    topic: row.topic,
    group: row.consumer_group,
    message: JSON.parse(row.message) as BusMessage,
    error: row.error,
    attempts: Number(row.attempts),
    deaths: Number(row.deaths),
    firstDeadAt: row.first_dead_at,
    lastDeadAt: row.last_dead_at,
    ...(row.redrive_requested_at ? { redriveRequestedAt: row.redrive_requested_at } : {}),
  };
}
