/** A file the writer thread puts in place whole: a temporary name, then a rename. */
export type FileWrite = {
  id: number;
  path: string;
  /** Bytes on a SharedArrayBuffer cross without a copy; others are copied unless transferred. */
  data: Uint8Array | string;
  mode: number;
  /** fsync the file before the rename and its folder after it, so both survive a power cut. */
  durable: boolean;
  /** Created with this mode (and its new parent fsynced when durable) when missing. */
  folderMode: number;
  /** Removed first when present (a stale sidecar). */
  remove?: string | undefined;
};

/** A write that failed on the thread: the errno code and message. */
export type FileWriteFailure = { code: string | undefined; message: string };
