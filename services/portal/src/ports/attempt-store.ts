/**
 * Attempts counted per key in expiring windows (login failures, form posts), shared by every
 * portal instance on the same storage: the lockout and the post limits hold across instances.
 * Keys are opaque to the store; the portal passes keyed hashes (auth/attempt-keys.ts), never an
 * email or an address.
 *
 *   const attempts = await store.hit(key, { windowMs: 15 * 60_000, limit: 5 }, now); // 1, 2, …
 *   if (attempts > 5) refuse();
 */
export interface AttemptStore {
  /**
   * Counts one attempt for `key` and returns its window's count, this one included. A window opens
   * at a key's first attempt and lasts `windowMs`; the attempt that brings the count to `limit`
   * opens it again from `now`, so a key that reached its limit stays there a full window. Atomic:
   * concurrent hits from any number of instances each count once.
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
