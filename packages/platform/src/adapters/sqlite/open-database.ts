import { DatabaseSync } from 'node:sqlite';
import { ensureOwnerOnlyFile } from '../filesystem/owner-only.ts';

/**
 * A `node:sqlite` connection as every embedded store opens one: WAL (readers never wait for the
 * writer), a 5 s busy timeout (another process, the CLI say, may hold the write lock a moment), and
 * the durability the store needs — FULL for what must survive a power cut (events, tenants,
 * idempotency keys), NORMAL for what a replay rebuilds (read models, checkpoints, schedules).
 * A new file is created owner-only (0600), and so are its `-wal` and `-shm` (SQLite copies the
 * database file's mode): the stores hold customers' names, NITs and e-mails.
 *
 *   const db = openWalDatabase(path, 'FULL');
 */
export function openWalDatabase(path: string, synchronous: 'FULL' | 'NORMAL'): DatabaseSync {
  ensureOwnerOnlyFile(path);
  const db = new DatabaseSync(path);
  db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = ${synchronous}; PRAGMA busy_timeout = 5000;`);
  return db;
}
