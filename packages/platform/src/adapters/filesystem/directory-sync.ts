import { open } from 'node:fs/promises';

/**
 * fsync of a directory, so renames in it survive a power cut; requests made before a sync starts share it.
 */
export class DirectorySync {
  private readonly pending = new Map<
    string,
    { next?: Promise<void> | undefined; running?: Promise<void> | undefined }
  >();
  private readonly fsyncDirectory: (dir: string) => Promise<void>;

  /** `fsync` is for tests (counting); the default opens the directory and syncs it. */
  constructor(fsync: (dir: string) => Promise<void> = fsyncDirectory) {
    this.fsyncDirectory = fsync;
  }

  sync(dir: string): Promise<void> {
    let state = this.pending.get(dir);
    if (!state) this.pending.set(dir, (state = {}));
    if (state.next) return state.next; // not started yet: it will cover this request too
    const after = state.running ?? Promise.resolve();
    const next: Promise<void> = after
      .catch(() => undefined) // a failed earlier sync is its own callers' failure
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        const current = this.pending.get(dir)!;
        current.next = undefined; // from here on, new requests need a sync that starts later
        current.running = next;
        return this.fsyncDirectory(dir);
      })
      .finally(() => {
        const current = this.pending.get(dir);
        if (current?.running === next) current.running = undefined;
        if (current && !current.running && !current.next) this.pending.delete(dir);
      });
    state.next = next;
    return next;
  }
}

async function fsyncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
