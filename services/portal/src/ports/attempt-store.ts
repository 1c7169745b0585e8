/**
 * Attempts per key in expiring windows, shared by every portal instance so the limits hold across them. Keys are
 * opaque keyed hashes, never an email or an address.
 */
export interface AttemptStore {
  /**
   * Counts one attempt and returns its window's count. Reaching `limit` reopens the window, so a key at its limit
   * stays there a full window. Atomic across instances.
   */
  hit(key: string, window: { windowMs: number; limit: number }, now: Date): Promise<number>;
  /** The count of the key's open window; 0 when it has none. */
  count(key: string, now: Date): Promise<number>;
  /** Closes the key's window (a successful login forgets the account's failures). */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** How often a store deletes the windows that ended (at most; on a hit). */
export const ATTEMPT_PURGE_EVERY_MS = 60_000;
