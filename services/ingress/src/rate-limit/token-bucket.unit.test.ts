import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './token-bucket.ts';

describe('per-tenant token bucket', () => {
  it('allows the burst at once, then the sustained rate, and says how long to wait', () => {
    const buckets = new TokenBuckets({ perSecond: 2, burst: 3 });
    expect([0, 0, 0].map(() => buckets.take('a', 1000))).toEqual([0, 0, 0]);
    expect(buckets.take('a', 1000)).toBe(1); // empty: one token comes back in 0.5 s → Retry-After 1
    expect(buckets.take('a', 1500)).toBe(0); // refilled one token
    expect(buckets.take('a', 1500)).toBeGreaterThan(0);
  });

  it('keeps tenants apart', () => {
    const buckets = new TokenBuckets({ perSecond: 1, burst: 1 });
    expect(buckets.take('a', 0)).toBe(0);
    expect(buckets.take('a', 0)).toBeGreaterThan(0);
    expect(buckets.take('b', 0)).toBe(0);
  });
});
