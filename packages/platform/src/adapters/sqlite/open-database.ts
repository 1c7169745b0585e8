import { DatabaseSync } from 'node:sqlite';
import { ensureOwnerOnlyFile } from '../filesystem/owner-only.ts';

/**
 * A `node:sqlite` connection as every embedded store opens one: WAL, a busy timeout, FULL durability for what
 * must survive a power cut and NORMAL for what a replay rebuilds; owner-only files.
 */
export function openWalDatabase(path: string, synchronous: 'FULL' | 'NORMAL'): DatabaseSync {
  ensureOwnerOnlyFile(path);
  const db = new DatabaseSync(path);
  db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = ${synchronous}; PRAGMA busy_timeout = 5000;`);
  return db;
}
