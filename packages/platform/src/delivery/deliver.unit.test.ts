import { describe, expect, it } from 'vitest';
import { sampleEnvelope } from '../../test-support/sample-envelope.ts';
import { PlatformError } from '../errors.ts';
import { attemptDelivery } from './deliver.ts';

const delivered = { topic: 't', key: 'inv-1', value: sampleEnvelope('inv-1'), partition: 0, offset: 0n };
/** A handler that fails `times` times with `error`, then succeeds; how often it ran. */
function failing(times: number, error: () => Error) {
  const calls = { count: 0 };
  const handler = async () => {
    calls.count += 1;
    if (calls.count <= times) throw error();
  };
  return { calls, handler: () => handler };
}
const outage = () => new PlatformError('STORE_UNAVAILABLE', 'S3 could not store demo/1.xml: ECONNREFUSED', true);

describe('attemptDelivery', () => {
  it('waits out a store outage longer than its attempts without spending them (S3 down for seconds)', async () => {
    const { calls, handler } = failing(8, outage);
    const outcome = await attemptDelivery({ delivered, maxAttempts: 3, retryBackoffMs: 1, handler });
    expect(outcome).toEqual({ outcome: 'handled' });
    expect(calls.count).toBe(9);
  });

  it('spends attempts on an outage past its budget: a store down for good still ends in a dead letter', async () => {
    const { calls, handler } = failing(Infinity, outage);
    const outcome = await attemptDelivery({
      delivered,
      maxAttempts: 3,
      retryBackoffMs: 1,
      handler,
      outageBudgetMs: 30,
    });
    expect(outcome).toMatchObject({ outcome: 'failed', error: expect.stringContaining('STORE_UNAVAILABLE') });
    expect(calls.count).toBeGreaterThan(3);
  });

  it('spends an attempt on every other failure, and on a store that refused for good (not retriable)', async () => {
    for (const error of [
      () => new Error('expired certificate'),
      () => new PlatformError('STORE_UNAVAILABLE', 'denied', false),
    ]) {
      const { calls, handler } = failing(Infinity, error);
      expect(await attemptDelivery({ delivered, maxAttempts: 3, retryBackoffMs: 1, handler })).toMatchObject({
        outcome: 'failed',
      });
      expect(calls.count).toBe(3);
    }
  });
});
