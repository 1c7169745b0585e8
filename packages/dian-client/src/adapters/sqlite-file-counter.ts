import { existsSync } from 'node:fs';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { GroupCommit, immediate, openWalDatabase } from '@fe/platform/sqlite';
import type { FileCounter, FileNumber, FileNumberRequest } from '../ports/file-counter.ts';
import { MAX_FILE_CONSECUTIVE } from '../file-names/file-names.ts';

type Row = { year: number; consecutive: number };

/**
 * The file counter of the embedded shape, in the state file. One row per file: the next number is the counter's
 * highest plus one, read and written under BEGIN IMMEDIATE, so two connections never take the same one, and a number
 * exists only once its owner's row is committed (no gaps). One turn's allocations share that transaction and its
 * fsync, each in its own savepoint: a full counter fails only its own request.
 */
export class SqliteFileCounter implements FileCounter {
  private readonly db: DatabaseSync;
  private readonly owned: StatementSync;
  private readonly insert: StatementSync;
  private readonly commits: GroupCommit;

  /** `importFrom`: a file whose file_numbers table an empty counter starts from (where the counter lived before). */
  constructor(path: string, options: { importFrom?: string } = {}) {
    this.db = openWalDatabase(path, 'FULL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS file_numbers (
      nit TEXT NOT NULL, kind TEXT NOT NULL, year INTEGER NOT NULL, consecutive INTEGER NOT NULL, owner TEXT NOT NULL,
      PRIMARY KEY (nit, kind, year, consecutive), UNIQUE (nit, kind, owner))`);
    if (options.importFrom) importNumbers(this.db, options.importFrom);
    this.commits = new GroupCommit(this.db, { closed: () => new Error('the file counter is closed') });
    this.owned = this.db.prepare('SELECT year, consecutive FROM file_numbers WHERE nit = ? AND kind = ? AND owner = ?');
    this.insert = this.db.prepare(`INSERT INTO file_numbers (nit, kind, year, consecutive, owner)
      SELECT ?1, ?2, ?3, COALESCE(MAX(consecutive), 0) + 1, ?4 FROM file_numbers WHERE nit = ?1 AND kind = ?2 AND year = ?3
      RETURNING year, consecutive`);
  }

  async allocate(request: FileNumberRequest): Promise<FileNumber> {
    const { nit, kind, year, owner } = request;
    return this.commits.run(() => {
      const mine = this.owned.get(nit, kind, owner) as Row | undefined;
      if (mine) return { year: mine.year, consecutive: mine.consecutive };
      const taken = this.insert.get(nit, kind, year, owner) as Row;
      if (taken.consecutive > MAX_FILE_CONSECUTIVE) throw new RangeError(`the ${kind} file counter of ${year} is full`);
      return { year: taken.year, consecutive: taken.consecutive };
    });
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }
}

/** Copies the numbers taken before into an empty counter, once: a name is never given twice, wherever it was kept. */
function importNumbers(db: DatabaseSync, from: string): void {
  if (!existsSync(from)) return;
  db.prepare('ATTACH DATABASE ? AS previous').run(from); // not allowed inside a transaction
  try {
    const kept = db.prepare("SELECT 1 FROM previous.sqlite_master WHERE type = 'table' AND name = 'file_numbers'");
    if (!kept.get()) return;
    immediate(db, () => {
      if (db.prepare('SELECT 1 FROM file_numbers LIMIT 1').get()) return;
      db.exec('INSERT INTO file_numbers SELECT nit, kind, year, consecutive, owner FROM previous.file_numbers');
    });
  } finally {
    db.exec('DETACH DATABASE previous');
  }
}
