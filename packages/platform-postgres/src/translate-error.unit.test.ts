import { isConcurrencyError, PlatformError } from '@fe/platform';
import { describe, expect, it } from 'vitest';
import { translatePgError } from './translate-error.ts';

const pgError = (fields: { code?: string; constraint?: string; detail?: string }, message = 'pg says no') =>
  Object.assign(new Error(message), fields);

describe('translatePgError', () => {
  it('makes connection loss, a server shutting down and lost serialization races the retriable STORE_UNAVAILABLE', () => {
    for (const error of [
      pgError({ code: '57P01' }),
      pgError({ code: '57P03' }),
      pgError({ code: '08006' }),
      pgError({ code: '40001' }),
      pgError({ code: '40P01' }),
      pgError({ code: '53300' }),
      pgError({ code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(translatePgError(error)).toMatchObject({ code: 'STORE_UNAVAILABLE', retriable: true, cause: error });
    }
  });

  it("makes the append function's FE409 a ConcurrencyError with the actual version, not retriable", () => {
    const lost = translatePgError(pgError({ code: 'FE409', detail: '4' }), { stream: 's', expected: '3' });
    expect(isConcurrencyError(lost)).toBe(true);
    expect(lost).toMatchObject({ stream: 's', expected: '3', actual: 4n, retriable: false });
    expect(translatePgError(pgError({ code: 'FE409', detail: 'no_stream' }))).toMatchObject({ actual: 'no_stream' });
  });

  it('makes a reused event id DUPLICATE_EVENT_ID, and leaves other errors (a bug, a constraint) as they are', () => {
    expect(translatePgError(pgError({ code: '23505', constraint: 'events_event_id_key' }))).toMatchObject({
      code: 'DUPLICATE_EVENT_ID',
      retriable: false,
    });
    const other = pgError({ code: '23505', constraint: 'events_stream_version_key' });
    expect(translatePgError(other)).toBe(other);
    const syntax = pgError({ code: '42601' });
    expect(translatePgError(syntax)).toBe(syntax);
    const platform = new PlatformError('BUS_CLOSED', 'x', false);
    expect(translatePgError(platform)).toBe(platform);
  });
});
