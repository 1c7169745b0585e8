import { closeSync, openSync } from 'node:fs';

/** Folders under the data folder: the owner only (customers' data, keys, certificates). */
export const OWNER_ONLY_DIR = 0o700;
/** Files under the data folder: the owner reads and writes, nobody else. */
export const OWNER_ONLY_FILE = 0o600;

/**
 * Creates `path` empty, mode 0600, when missing: SQLite gives its `-wal` and `-shm` the database file's mode, so
 * all three end owner-only whatever the umask.
 */
export function ensureOwnerOnlyFile(path: string): void {
  if (path === ':memory:' || path === '') return;
  try {
    closeSync(openSync(path, 'wx', OWNER_ONLY_FILE)); // 'wx': an existing file is not even opened
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
