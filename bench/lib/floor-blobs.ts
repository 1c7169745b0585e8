import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { GroupCommit, openWalDatabase } from '@fe/platform';
import { syncFolder, writeDurableFile } from './durable-files.ts';

/**
 * Where the floor keeps an invoice's blobs, durable before the events naming them are appended: `put` as each blob is
 * made, `durable()` once per batch, before the batch's event commit.
 */
export type FloorBlobs = {
  describe: string;
  put(key: string, bytes: Uint8Array): void;
  durable(): Promise<void>;
  close(): void;
};

/** As the service keeps them: one file per blob, each fsynced, the folder fsynced once per batch. */
export function blobFiles(root: string, folder: string): FloorBlobs {
  mkdirSync(join(root, folder), { recursive: true, mode: 0o700 });
  return {
    describe: 'each a file fsynced, then their folder fsynced',
    put: (key, bytes) => writeDurableFile(join(root, key), bytes),
    durable: async () => syncFolder(join(root, folder)),
    close: () => undefined,
  };
}

/** Every blob of a batch in one SQLite transaction (WAL, synchronous FULL): one fsync for them all. */
export function blobTable(path: string): FloorBlobs {
  const db = openWalDatabase(path, 'FULL');
  db.exec('CREATE TABLE IF NOT EXISTS blobs (key TEXT PRIMARY KEY, bytes BLOB NOT NULL)');
  const insert = db.prepare('INSERT OR REPLACE INTO blobs (key, bytes) VALUES (?, ?)');
  const commits = new GroupCommit(db, { closed: () => new Error('the blob table is closed') });
  let pending: Promise<unknown>[] = [];
  return {
    describe: 'all in one SQLite transaction: one fsync',
    put: (key, bytes) => void pending.push(commits.run(() => insert.run(key, bytes))),
    durable: async () => {
      const waiting = pending;
      pending = [];
      await Promise.all(waiting);
    },
    close: () => db.close(),
  };
}
