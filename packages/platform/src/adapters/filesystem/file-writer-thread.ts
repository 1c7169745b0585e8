// The worker side of FileWriter: plain synchronous syscalls on this thread cost less than the same calls through
// fs/promises on the service's event loop. The writes that arrive together are put in place together: every
// temporary written, then each fsynced, then all renamed, then each folder fsynced once for all of them.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { serveWorkerCalls } from '../../threads/worker-calls.ts';
import type { FileWrite, FileWriteFailure } from './file-writer-messages.ts';

/** A temporary written and still open, to be fsynced (when durable) and renamed with the rest of its batch. */
type Written = { write: FileWrite; temporary: string; fd: number; done: PromiseWithResolvers<void> };

/** Open temporaries per batch at most: a large batch is put in place in parts rather than running out of fds. */
const MAX_OPEN = 64;

const folders = new Set<string>();
/** This turn's temporaries, put in place at its end. */
let written: Written[] = [];

serveWorkerCalls<FileWrite, FileWriteFailure>((write) => {
  const one: Written = { write, ...writeTemporary(write), done: Promise.withResolvers() };
  if (written.push(one) === 1) setImmediate(putInPlace);
  if (written.length >= MAX_OPEN) putInPlace();
  return one.done.promise;
}, describe);

/**
 * Every temporary fsynced before any rename: a new file's fsync also makes its folder's entry durable (ext4 writes
 * the folder, or commits the journal holding it), once for all of them when they were all created first. A write
 * settles once its name is in place and, when durable, its folder is fsynced; one that fails leaves no temporary
 * and fails alone.
 */
function putInPlace(): void {
  const batch = written;
  written = [];
  const synced = batch.filter((one) => survives(one, () => one.write.durable && fsyncSync(one.fd)));
  const waitingByFolder = new Map<string, Written[]>();
  for (const one of synced) {
    const renamed = survives(one, () => {
      closeFile(one);
      renameSync(one.temporary, one.write.path);
    });
    if (!renamed) continue;
    if (!one.write.durable) {
      one.done.resolve();
      continue;
    }
    const folder = dirname(one.write.path);
    let waiting = waitingByFolder.get(folder);
    if (!waiting) waitingByFolder.set(folder, (waiting = []));
    waiting.push(one);
  }
  for (const [folder, waiting] of waitingByFolder) {
    try {
      fsyncPath(folder);
      for (const one of waiting) one.done.resolve();
    } catch (error) {
      for (const one of waiting) one.done.reject(error);
    }
  }
}

/** Runs `step`; when it throws, the write fails and its temporary is closed and removed: false. */
function survives(one: Written, step: () => unknown): boolean {
  try {
    step();
    return true;
  } catch (error) {
    one.done.reject(error);
    try {
      closeFile(one);
    } catch {
      // The write has already failed with its own error; the descriptor is released whatever close reports.
    }
    rmSync(one.temporary, { force: true });
    return false;
  }
}

function closeFile(one: Written): void {
  const { fd } = one;
  one.fd = -1;
  if (fd >= 0) closeSync(fd);
}

/** The bytes under a new temporary name in the file's folder, left open for the fsync. */
function writeTemporary(write: FileWrite): { temporary: string; fd: number } {
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
  } catch (error) {
    closeSync(fd);
    unlinkSync(temporary);
    throw error;
  }
  return { temporary, fd };
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
