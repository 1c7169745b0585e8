/**
 * A token bucket per key (docs/api.md, "Limits"). In memory: the distributed shape shares nothing, so its limit is
 * per replica.
 */
export class TokenBuckets {
  private readonly perMs: number;
  private readonly burst: number;
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  /** A bucket untouched this long is full again, the same as no bucket: it can go. */
  private readonly refillMs: number;
  private prunedAt = 0;

  constructor(options: { perSecond: number; burst: number }) {
    this.perMs = options.perSecond / 1000;
    this.burst = options.burst;
    this.refillMs = Math.ceil(this.burst / this.perMs);
  }

  /** Takes one token; returns 0 when allowed, otherwise the whole seconds to wait (Retry-After). */
  take(key: string, nowMs: number): number {
    const bucket = this.refilled(key, nowMs);
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return this.secondsToToken(bucket);
  }

  /** Like `take`, without taking: 0 when `key` has a token now, else the whole seconds to wait. */
  peek(key: string, nowMs: number): number {
    const bucket = this.refilled(key, nowMs);
    return bucket.tokens >= 1 ? 0 : this.secondsToToken(bucket);
  }

  /** How many keys are held (full buckets are dropped, at most once per refill period). */
  get size(): number {
    return this.buckets.size;
  }

  private refilled(key: string, nowMs: number): { tokens: number; at: number } {
    this.prune(nowMs);
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: nowMs };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (nowMs - bucket.at) * this.perMs);
    bucket.at = nowMs;
    return bucket;
  }

  private secondsToToken(bucket: { tokens: number }): number {
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000));
  }

  /** Keys from many client addresses must not grow the map for ever. */
  private prune(nowMs: number): void {
    if (nowMs - this.prunedAt < this.refillMs) return;
    this.prunedAt = nowMs;
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (nowMs - bucket.at) * this.perMs >= this.burst) this.buckets.delete(key);
    }
  }
}
