// The worker side of FileWriter: plain synchronous syscalls on this thread cost less than the same calls through
// fs/promises on the service's event loop, and a folder is fsynced once for every write that arrived together.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { FileWrite, FileWriteReply } from './file-writer-messages.ts';

const port = parentPort!;
const folders = new Set<string>();
let waiting: { replies: { reply: FileWriteReply; folder: string | undefined }[]; folders: Set<string> } | undefined;

port.on('message', (write: FileWrite) => {
  if (!waiting) {
    waiting = { replies: [], folders: new Set() };
    setImmediate(flush); // after every write already queued: they share the folders' fsyncs
  }
  try {
    writeWhole(write);
    const folder = write.durable ? dirname(write.path) : undefined;
    if (folder) waiting.folders.add(folder);
    waiting.replies.push({ reply: { id: write.id }, folder });
  } catch (error) {
    waiting.replies.push({ reply: { id: write.id, error: describe(error) }, folder: undefined });
  }
});

function flush(): void {
  const batch = waiting!;
  waiting = undefined;
  const failed = new Map<string, NonNullable<FileWriteReply['error']>>();
  for (const folder of batch.folders) {
    try {
      fsyncPath(folder);
    } catch (error) {
      failed.set(folder, describe(error));
    }
  }
  for (const { reply, folder } of batch.replies) {
    const error = folder === undefined ? undefined : failed.get(folder);
    port.postMessage(error ? { id: reply.id, error } : reply);
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

function describe(error: unknown): NonNullable<FileWriteReply['error']> {
  return {
    code: (error as NodeJS.ErrnoException).code,
    message: error instanceof Error ? error.message : String(error),
  };
}
