import { ConcurrencyError, PlatformError } from '@fe/platform';
import { ErrorType, isCommandError, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';

// Client errors after which the same call may well succeed: the node is down or unreachable, it
// did not answer in time (client deadline, or the server's own commit timeout, reported as
// ABORTED), or it is no longer the leader (a cluster election; the next call finds the new one).
const RETRIABLE_TYPES = new Set<string>([
  ErrorType.UNAVAILABLE,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.TIMEOUT,
  ErrorType.NOT_LEADER,
]);
// gRPC status codes of the same failures when the client hands over grpc-js's error unconverted
// (an append on a channel that never connected does: "14 UNAVAILABLE: No connection established").
const RETRIABLE_GRPC_CODES = new Set([4 /* DEADLINE_EXCEEDED */, 10 /* ABORTED */, 14 /* UNAVAILABLE */]);

/**
 * A KurrentDB client failure as the platform's error. STORE_UNAVAILABLE says nothing of whether a write happened;
 * a retry with the same event ids finds its own events and never doubles them.
 */
export function translateKurrentError(error: unknown, context: { stream?: string; expected?: string } = {}): unknown {
  if (error instanceof PlatformError || !(error instanceof Error)) return error;
  if (error instanceof WrongExpectedVersionError) {
    const actual = typeof error.actualState === 'bigint' && error.actualState >= 0n ? error.actualState : 'no_stream';
    return new ConcurrencyError(
      context.stream ?? error.streamName,
      context.expected ?? String(error.expectedState),
      actual,
    );
  }
  const code = (error as { code?: unknown }).code;
  const retriable = isCommandError(error)
    ? RETRIABLE_TYPES.has(error.type)
    : typeof code === 'number' && RETRIABLE_GRPC_CODES.has(code);
  if (retriable) {
    const what = isCommandError(error) ? error.type : `gRPC status ${String(code)}`;
    return new PlatformError(
      'STORE_UNAVAILABLE',
      `KurrentDB is unavailable or did not answer in time (${what}); retry`,
      true,
      { cause: error },
    );
  }
  return error;
}

/** Whether the failure is a lost race on the expected revision (before translation). */
export const isWrongExpectedVersion = (error: unknown): boolean => error instanceof WrongExpectedVersionError;

/**
 * Whether a $all read was refused for its start: the server's "invalid position" reaches us as an UnknownError from
 * the client's native reader.
 */
export const isRefusedStart = (error: unknown): boolean =>
  error instanceof Error &&
  isCommandError(error) &&
  (error.type === ErrorType.UNKNOWN || error.type === ErrorType.INVALID_ARGUMENT);
