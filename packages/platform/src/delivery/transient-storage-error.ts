/**
 * Whether a handler's failure is its storage being unavailable for now (full, busy, down, restarting), which a later
 * try gets past once the storage recovers: the bus retries it without counting it toward dead-lettering. Looks
 * through `cause`, so a catalogued error wrapping the driver's is recognised too.
 */
export function isTransientStorageError(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, errcode, message } = current as { code?: unknown; errcode?: unknown; message?: unknown };
    // node:sqlite: the primary result code is the low byte of an extended one (SQLITE_IOERR_WRITE is 778).
    if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' && SQLITE_TRANSIENT.has(errcode & 0xff)) return true;
    if (typeof code === 'string' && (POSTGRES_TRANSIENT.test(code) || SYSTEM_TRANSIENT.has(code))) return true;
    if (typeof message === 'string' && PG_CONNECTION_LOST.has(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** SQLITE_BUSY 5, SQLITE_LOCKED 6, SQLITE_NOMEM 7, SQLITE_IOERR 10, SQLITE_FULL 13, SQLITE_PROTOCOL 15. */
const SQLITE_TRANSIENT = new Set([5, 6, 7, 10, 13, 15]);

/**
 * SQLSTATE class 08 (connection), 53 (insufficient resources: disk full, out of memory, too many connections),
 * 57P0x (shutting down, restarting, cannot connect now), 40001 / 40P01 (serialization failure, deadlock).
 */
const POSTGRES_TRANSIENT = /^(?:08[0-9A-Z]{3}|53[0-9A-Z]{3}|57P0[0-9]|40001|40P01)$/;

/** A connection refused, cut or timed out, a name not resolved yet, a full disk (a store on files). */
const SYSTEM_TRANSIENT = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOSPC',
]);

/** node-postgres says these without a code when the server went away or the pool could not reach it. */
const PG_CONNECTION_LOST = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'timeout exceeded when trying to connect',
]);
