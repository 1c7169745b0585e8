import { Worker } from 'node:worker_threads';
import { WorkerCalls } from '../../threads/worker-calls.ts';
import type { FileWrite, FileWriteFailure } from './file-writer-messages.ts';

export type WriteFileOptions = {
  mode: number;
  folderMode: number;
  /** fsync the file and its folder before the promise settles (a blob an event will name). */
  durable: boolean;
  /** A file removed first when present. */
  remove?: string | undefined;
  /**
   * The caller no longer needs `data`: its buffer moves to the writer thread instead of being copied, and is empty
   * here afterwards. Bytes that share their buffer (a slice of Node's pool) are copied all the same.
   */
  handOver?: boolean;
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
 * a write is pending; started again after it failed): the event loop only posts the bytes, the writes of one turn
 * in one message. Each file appears whole (temporary name, rename) or not at all.
 */
class FileWriter {
  private calls: WorkerCalls<Omit<FileWrite, 'id'>, FileWriteFailure> | undefined;

  write(path: string, data: Uint8Array | string, options: WriteFileOptions): Promise<void> {
    if (!this.calls?.open) this.calls = this.start();
    const { handOver, ...write } = options;
    const transfer = handOver && ownsWholeBuffer(data) ? [data.buffer] : [];
    return this.calls.call({ path, data, ...write }, transfer) as Promise<void>;
  }

  private start(): WorkerCalls<Omit<FileWrite, 'id'>, FileWriteFailure> {
    const worker = new Worker(new URL('./file-writer-thread.ts', import.meta.url), {
      name: 'fe-file-writer',
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    return new WorkerCalls(worker, {
      fromWorker: (failure) => new FileWriteError(failure.code, failure.message),
      unavailable: (reason) => new FileWriteError(undefined, reason),
      refWhilePending: true,
    });
  }
}

/** A view of a whole ArrayBuffer of its own, which can move to another thread without taking anything else along. */
function ownsWholeBuffer(data: Uint8Array | string): data is Uint8Array<ArrayBuffer> {
  return (
    typeof data !== 'string' &&
    data.buffer instanceof ArrayBuffer &&
    data.byteOffset === 0 &&
    data.byteLength === data.buffer.byteLength
  );
}

const writer = new FileWriter();

/**
 * Writes a file whole on the process's file writer thread (see FileWriter). The bytes are taken at the end of the
 * turn, not during the call: they must not change before the promise settles (as with fs.promises.writeFile).
 */
export const writeFileWhole = (path: string, data: Uint8Array | string, options: WriteFileOptions): Promise<void> =>
  writer.write(path, data, options);
