import { ConcurrencyError, type ExpectedVersion } from '@fe/platform';
import { NO_STREAM, type AppendStreamState } from '@kurrent/kurrentdb-client';

/** A stream's version as the port says it: the last event's revision, or 'no_stream'. */
export type StreamVersion = bigint | 'no_stream';

/**
 * The caller's expectation checked against the stream just read: undefined when it holds, else the port's
 * ConcurrencyError.
 */
export function expectationRefusal(
  stream: string,
  expected: ExpectedVersion,
  current: StreamVersion,
): ConcurrencyError | undefined {
  const holds =
    expected === 'any'
      ? true
      : expected === 'no_stream'
        ? current === 'no_stream'
        : expected === 'stream_exists'
          ? current !== 'no_stream'
          : current === expected;
  return holds ? undefined : new ConcurrencyError(stream, String(expected), current);
}

/**
 * The revision an append is sent with: the state just read and checked, never the caller's looser `any` or
 * `stream_exists`, so the duplicate-id check before it holds at the write.
 */
export function streamStateOf(current: StreamVersion): AppendStreamState {
  return current === 'no_stream' ? NO_STREAM : current;
}

/**
 * Whether a write that lost its pinned revision may read and try again: only when the caller did not ask for a
 * revision.
 */
export const mayRetryLostRace = (expected: ExpectedVersion): boolean =>
  expected === 'any' || expected === 'stream_exists';
