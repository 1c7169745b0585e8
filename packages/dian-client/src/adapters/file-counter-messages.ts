import type { FileNumberRequest } from '../ports/file-counter.ts';

/** Calls between ThreadedSqliteFileCounter and its worker. */
export type CounterCall = { id: number } & ({ op: 'allocate'; request: FileNumberRequest } | { op: 'close' });

/** An error of the worker: `range` when a counter is full (a RangeError, as SqliteFileCounter throws). */
export type CounterFailure = { range: boolean; message: string };
