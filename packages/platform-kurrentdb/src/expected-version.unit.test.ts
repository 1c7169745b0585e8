import { isConcurrencyError, type ExpectedVersion } from '@fe/platform';
import { NO_STREAM } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { expectationRefusal, mayRetryLostRace, streamStateOf, type StreamVersion } from './expected-version.ts';

describe('expected versions on KurrentDB', () => {
  it('accepts exactly the expectations the stream as read satisfies', () => {
    const cases: [ExpectedVersion, StreamVersion, boolean][] = [
      ['any', 'no_stream', true],
      ['any', 4n, true],
      ['no_stream', 'no_stream', true],
      ['no_stream', 0n, false],
      ['stream_exists', 'no_stream', false],
      ['stream_exists', 0n, true],
      ['stream_exists', 9n, true],
      [2n, 2n, true],
      [2n, 3n, false],
      [2n, 1n, false],
      [0n, 'no_stream', false],
    ];
    for (const [expected, current, holds] of cases) {
      expect(
        expectationRefusal('s', expected, current) === undefined,
        `${String(expected)} on ${String(current)}`,
      ).toBe(holds);
    }
  });

  it("refuses with the port's ConcurrencyError carrying the expectation and the actual version, not retriable", () => {
    const refusal = expectationRefusal('inv-1', 3n, 5n);
    expect(isConcurrencyError(refusal)).toBe(true);
    expect(refusal).toMatchObject({
      code: 'WRONG_EXPECTED_VERSION',
      stream: 'inv-1',
      expected: '3',
      actual: 5n,
      retriable: false,
    });
    expect(expectationRefusal('inv-1', 'stream_exists', 'no_stream')).toMatchObject({
      expected: 'stream_exists',
      actual: 'no_stream',
    });
  });

  it('sends the append pinned to the state it read: NO_STREAM or that revision', () => {
    expect(streamStateOf('no_stream')).toBe(NO_STREAM);
    expect(streamStateOf(0n)).toBe(0n);
    expect(streamStateOf(41n)).toBe(41n);
  });

  it('retries a lost race only when the caller did not ask for a revision', () => {
    expect(mayRetryLostRace('any')).toBe(true);
    expect(mayRetryLostRace('stream_exists')).toBe(true);
    expect(mayRetryLostRace('no_stream')).toBe(false);
    expect(mayRetryLostRace(0n)).toBe(false);
  });
});
