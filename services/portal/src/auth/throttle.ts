/**
 * Login lockout and form-post rate limits, in the process's memory (one portal process; a
 * distributed deployment with several would keep these in a shared store: docs/portal.md).
 *
 * - lockout: failures per email within `windowMs`; with `maxFailures` of them the email is locked
 *   until the oldest leaves the window, whether or not an account has that email (no enumeration).
 * - `posts`: a fixed window of `perMinute` posts per client address.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly posts = new Map<string, { windowStart: number; count: number }>();

  private readonly options: { maxFailures: number; windowMs: number; postsPerMinute: number };

  constructor(options: { maxFailures: number; windowMs: number; postsPerMinute: number }) {
    this.options = options;
  }

  isLocked(email: string, now: number): boolean {
    return this.recent(email, now).length >= this.options.maxFailures;
  }

  recordFailure(email: string, now: number): void {
    this.failures.set(email, [...this.recent(email, now), now]);
  }

  recordSuccess(email: string): void {
    this.failures.delete(email);
  }

  /** True when this post is within the address's budget (and counts it). */
  allowPost(address: string, now: number): boolean {
    const current = this.posts.get(address);
    if (!current || now - current.windowStart >= 60_000) {
      if (this.posts.size > 10_000) this.posts.clear(); // bounded: a flood of addresses cannot grow it forever
      this.posts.set(address, { windowStart: now, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= this.options.postsPerMinute;
  }

  private recent(email: string, now: number): number[] {
    const kept = (this.failures.get(email) ?? []).filter((at) => now - at < this.options.windowMs);
    if (kept.length === 0) this.failures.delete(email);
    return kept;
  }
}
