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

describe('peek and the keys held', () => {
  it('peek says whether a token is there without taking it', () => {
    const buckets = new TokenBuckets({ perSecond: 1, burst: 2 });
    expect([buckets.peek('a', 0), buckets.peek('a', 0), buckets.peek('a', 0)]).toEqual([0, 0, 0]);
    buckets.take('a', 0);
    buckets.take('a', 0);
    expect(buckets.peek('a', 0)).toBe(1);
    expect(buckets.peek('a', 1000)).toBe(0);
  });

  it('drops the buckets that have refilled, so keys from many addresses do not pile up', () => {
    const buckets = new TokenBuckets({ perSecond: 1, burst: 2 }); // full again 2 s after the last take
    for (let i = 0; i < 100; i++) buckets.take(`203.0.113.${i}`, 10_000);
    expect(buckets.size).toBe(100);
    buckets.take('a', 13_000);
    expect(buckets.size).toBe(1);
  });
});
