import { Worker } from 'node:worker_threads';
import type { FileWrite, FileWriteReply } from './file-writer-messages.ts';

export type WriteFileOptions = {
  mode: number;
  folderMode: number;
  /** fsync the file and its folder before the promise settles (a blob an event will name). */
  durable: boolean;
  /** A file removed first when present. */
  remove?: string | undefined;
};

/** A file write that failed on the writer thread, with the errno code (`ENOSPC`, `EACCES`…). */
export class FileWriteError extends Error {
  readonly code: string | undefined;
  constructor(code: string | undefined, message: string) {
    super(message);
    this.name = 'FileWriteError';
    this.code = code;
  }
}

/**
 * Whole-file writes on one thread of the process's own (started on first use, holding the process open only while
 * a write is pending): the event loop only posts the bytes. Each file appears whole (temporary name, rename) or
 * not at all.
 */
class FileWriter {
  private thread: WriterThread | undefined;
  private nextId = 1;

  write(path: string, data: Uint8Array | string, options: WriteFileOptions): Promise<void> {
    const thread = this.thread ?? (this.thread = this.start());
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      if (thread.pending.size === 0) thread.worker.ref();
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, path, data, ...options } satisfies FileWrite);
    });
  }

  private start(): WriterThread {
    const worker = new Worker(new URL('./file-writer-thread.ts', import.meta.url), {
      name: 'fe-file-writer',
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    const thread: WriterThread = { worker, pending: new Map() };
    worker.unref();
    worker.on('message', (reply: FileWriteReply) => {
      const waiter = thread.pending.get(reply.id);
      if (!waiter) return;
      thread.pending.delete(reply.id);
      if (thread.pending.size === 0) worker.unref();
      if (reply.error) waiter.reject(new FileWriteError(reply.error.code, reply.error.message));
      else waiter.resolve();
    });
    const failAll = (error: unknown) => {
      if (this.thread === thread) this.thread = undefined; // the next write starts a new thread
      for (const waiter of thread.pending.values()) waiter.reject(error);
      thread.pending.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new FileWriteError(undefined, `the file writer thread stopped (${code})`)));
    return thread;
  }
}

type WriterThread = {
  worker: Worker;
  pending: Map<number, { resolve: () => void; reject: (error: unknown) => void }>;
};

const writer = new FileWriter();

/** Writes a file whole on the process's file writer thread (see FileWriter). */
export const writeFileWhole = (path: string, data: Uint8Array | string, options: WriteFileOptions): Promise<void> =>
  writer.write(path, data, options);
