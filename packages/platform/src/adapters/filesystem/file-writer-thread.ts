// The worker side of FileWriter: plain synchronous syscalls on this thread cost less than the same calls through
// fs/promises on the service's event loop, and a folder is fsynced once for every write that arrived together.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { serveWorkerCalls } from '../../threads/worker-calls.ts';
import type { FileWrite, FileWriteFailure } from './file-writer-messages.ts';

const folders = new Set<string>();
/** The folders whose renames wait for an fsync at the end of this turn, and the writes waiting with them. */
let unsynced: Map<string, PromiseWithResolvers<void>> | undefined;

serveWorkerCalls<FileWrite, FileWriteFailure>((write) => {
  writeWhole(write);
  return write.durable ? folderSynced(dirname(write.path)) : undefined;
}, describe);

/** Settles once the folder is fsynced, after every write already queued: they share that fsync. */
function folderSynced(folder: string): Promise<void> {
  if (!unsynced) {
    unsynced = new Map();
    setImmediate(syncFolders);
  }
  let synced = unsynced.get(folder);
  if (!synced) unsynced.set(folder, (synced = Promise.withResolvers()));
  return synced.promise;
}

function syncFolders(): void {
  const waiting = unsynced!;
  unsynced = undefined;
  for (const [folder, synced] of waiting) {
    try {
      fsyncPath(folder);
      synced.resolve();
    } catch (error) {
      synced.reject(error);
    }
  }
}

function writeWhole(write: FileWrite): void {
  const folder = dirname(write.path);
  if (!folders.has(folder)) makeFolder(folder, write);
  if (write.remove !== undefined) rmSync(write.remove, { force: true });
  const temporary = `${write.path}.${randomBytes(6).toString('hex')}.tmp`;
  let fd: number;
  try {
    fd = openSync(temporary, 'wx', write.mode);
  } catch (error) {
    // A folder this thread made was removed since (an operator, a test's data folder): make it again, once.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    makeFolder(folder, write);
    fd = openSync(temporary, 'wx', write.mode);
  }
  try {
    writeAll(fd, write.data);
    if (write.durable) fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(temporary);
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, write.path);
}

function makeFolder(folder: string, write: FileWrite): void {
  mkdirSync(folder, { recursive: true, mode: write.folderMode });
  if (write.durable) fsyncPath(dirname(folder)); // the new folder's own name
  folders.add(folder);
}

function writeAll(fd: number, data: Uint8Array | string): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset);
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function describe(error: unknown): FileWriteFailure {
  return {
    code: (error as NodeJS.ErrnoException).code,
    message: error instanceof Error ? error.message : String(error),
  };
}
