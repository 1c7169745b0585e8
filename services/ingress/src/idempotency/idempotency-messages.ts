import type { BeginInput, StoredResponse } from './idempotency-store.ts';

/** Calls between ThreadedSqliteIdempotencyStore and its worker. */
export type IdempotencyCall = { id: number } & (
  | { op: 'begin'; input: BeginInput }
  | { op: 'complete'; tenantId: string; key: string; response: StoredResponse }
  | { op: 'release'; tenantId: string; key: string }
  | { op: 'purge'; cutoff: Date }
  | { op: 'close' }
);

/** An error of the worker: SQLite's message and code (SQLITE_BUSY, SQLITE_FULL …) when it has one. */
export type IdempotencyFailure = { message: string; code?: string; errcode?: number };
