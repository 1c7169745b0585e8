import { ConcurrencyError, PlatformError } from '@fe/platform';

type PgError = Error & { code?: string; constraint?: string; detail?: string };

// SQLSTATE classes and codes after which the same call may well succeed: the connection went away
// (08, the server shutting down or restarting: 57P01-57P03), a transaction lost a race the server
// resolved by aborting it (40001 serialization, 40P01 deadlock), or the server is short of a resource (53).
const RETRIABLE_SQLSTATE = /^(08|53|40001$|40P01$|57P0[123]$|55P03$)/;
// What the driver itself reports when the socket fails or the pool cannot connect.
const RETRIABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const RETRIABLE_DRIVER_MESSAGE =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed/i;

/**
 * A pg failure as the platform's error. A retriable one says nothing of whether a write happened; an append retried
 * with the same event ids finds its own events and never doubles them.
 */
export function translatePgError(error: unknown, context: { stream?: string; expected?: string } = {}): unknown {
  if (error instanceof PlatformError || !(error instanceof Error)) return error;
  const { code, constraint, detail } = error as PgError;
  if (code === 'FE409') {
    const actual = detail === undefined || detail === 'no_stream' ? 'no_stream' : BigInt(detail);
    return new ConcurrencyError(context.stream ?? '?', context.expected ?? '?', actual);
  }
  if (code === '23505' && constraint === 'events_event_id_key') {
    return new PlatformError('DUPLICATE_EVENT_ID', 'an event with this id is already stored', false, { cause: error });
  }
  if (
    (code !== undefined && (RETRIABLE_SQLSTATE.test(code) || RETRIABLE_NODE_CODES.has(code))) ||
    RETRIABLE_DRIVER_MESSAGE.test(error.message)
  ) {
    return new PlatformError(
      'STORE_UNAVAILABLE',
      `PostgreSQL is unavailable or aborted the call (${code ?? 'connection'}); retry`,
      true,
      { cause: error },
    );
  }
  return error;
}
