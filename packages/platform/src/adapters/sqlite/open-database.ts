import { DatabaseSync } from 'node:sqlite';
import { ensureOwnerOnlyFile } from '../filesystem/owner-only.ts';

/**
 * A `node:sqlite` connection as every embedded store opens one: WAL, a busy timeout, FULL durability for what
 * must survive a power cut and NORMAL for what a replay rebuilds; owner-only files.
 */
export function openWalDatabase(path: string, synchronous: 'FULL' | 'NORMAL'): DatabaseSync {
  ensureOwnerOnlyFile(path);
  const db = new DatabaseSync(path);
  // The busy timeout first: switching a new file to WAL takes a lock another opener may hold for a moment.
  db.exec(`PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = ${synchronous};`);
  return db;
}
