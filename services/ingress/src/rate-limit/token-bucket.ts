/**
 * A token bucket per tenant (docs/api.md, "Limits": 50 requests/s, burst 100 by default). In memory: each
 * process limits what it serves; the distributed shape shares nothing, so its limit is per replica.
 *
 *   const limiter = new TokenBuckets({ perSecond: 50, burst: 100 });
 *   const wait = limiter.take('demo', Date.now()); // 0 = allowed, else seconds until a token
 */
export class TokenBuckets {
  private readonly perMs: number;
  private readonly burst: number;
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(options: { perSecond: number; burst: number }) {
    this.perMs = options.perSecond / 1000;
    this.burst = options.burst;
  }

  /** Takes one token; returns 0 when allowed, otherwise the whole seconds to wait (Retry-After). */
  take(key: string, nowMs: number): number {
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: nowMs };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (nowMs - bucket.at) * this.perMs);
    bucket.at = nowMs;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000));
  }
}
