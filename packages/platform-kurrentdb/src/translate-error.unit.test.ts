import { isConcurrencyError, PlatformError } from '@fe/platform';
import {
  AccessDeniedError,
  DeadlineExceededError,
  InvalidArgumentError,
  NotLeaderError,
  StreamDeletedError,
  TimeoutError,
  UnavailableError,
  UnknownError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { isRefusedStart, isWrongExpectedVersion, translateKurrentError } from './translate-error.ts';

/**
 * What grpc-js rejects with when the client passes its error on unconverted (an append on a channel that never
 * connected).
 */
const grpcError = (code: number, details: string) => Object.assign(new Error(`${code} ${details}`), { code, details });

describe('translateKurrentError', () => {
  it('makes an unreachable node, a deadline, a server timeout and a lost leader the retriable STORE_UNAVAILABLE', () => {
    const leaderMoved = new NotLeaderError({
      metadata: { 'leader-endpoint-host': '10.0.0.2', 'leader-endpoint-port': '2113' },
    } as never);
    for (const error of [
      new UnavailableError(),
      new DeadlineExceededError(),
      new TimeoutError(),
      leaderMoved,
      grpcError(14, 'UNAVAILABLE: No connection established. Last error: connect ECONNREFUSED 127.0.0.1:1'),
      grpcError(4, 'DEADLINE_EXCEEDED: Deadline exceeded'),
      grpcError(10, 'ABORTED: Operation timed out'),
    ]) {
      expect(translateKurrentError(error)).toMatchObject({ code: 'STORE_UNAVAILABLE', retriable: true, cause: error });
    }
  });

  it("makes a wrong expected revision the port's ConcurrencyError, with the caller's expectation and the actual version", () => {
    const lost = translateKurrentError(
      new WrongExpectedVersionError(undefined, { streamName: 'inv-1', expected: 3n, current: 5n }),
      { stream: 'inv-1', expected: 'stream_exists' },
    );
    expect(isConcurrencyError(lost)).toBe(true);
    expect(lost).toMatchObject({ stream: 'inv-1', expected: 'stream_exists', actual: 5n, retriable: false });
    const noStream = translateKurrentError(
      new WrongExpectedVersionError(undefined, { streamName: 'inv-2', expected: 0n, current: 'no_stream' }),
    );
    expect(noStream).toMatchObject({
      code: 'WRONG_EXPECTED_VERSION',
      stream: 'inv-2',
      expected: '0',
      actual: 'no_stream',
    });
    expect(
      isWrongExpectedVersion(
        new WrongExpectedVersionError(undefined, { streamName: 's', expected: 'no_stream', current: 0n }),
      ),
    ).toBe(true);
    expect(isWrongExpectedVersion(new UnavailableError())).toBe(false);
  });

  it('leaves what a retry would not fix as it is: access denied, a deleted stream, an unknown failure, a bug', () => {
    for (const error of [
      new AccessDeniedError(),
      StreamDeletedError.fromStreamName('inv-1'),
      new UnknownError(),
      grpcError(7, 'PERMISSION_DENIED'),
      new TypeError('bug'),
    ]) {
      expect(translateKurrentError(error)).toBe(error);
    }
    const platform = new PlatformError('DUPLICATE_EVENT_ID', 'x', false);
    expect(translateKurrentError(platform)).toBe(platform);
  });

  it("recognises a read refused for its start (KurrentDB's invalid position) and nothing retriable as such", () => {
    expect(isRefusedStart(new UnknownError())).toBe(true);
    expect(isRefusedStart(new InvalidArgumentError('Trying to read from an invalid position.'))).toBe(true);
    expect(isRefusedStart(new UnavailableError())).toBe(false);
    expect(isRefusedStart(new DeadlineExceededError())).toBe(false);
    expect(isRefusedStart(new Error("not the client's"))).toBe(false);
  });
});
