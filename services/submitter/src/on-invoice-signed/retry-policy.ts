/**
 * How often and how long the submitter keeps trying one invoice (docs/api.md, "Invoice
 * states": pending stays pending while DIAN is unreachable, with bounded retries and backoff).
 *
 *   const policy = { maxAttempts: 8, baseDelayMs: 1_000, maxDelayMs: 60_000, jitter: 0.2 };
 *   retryDelayMs(policy, 3, 0.5); // 4 000 ms less up to 20 % → 3 600 ms
 *
 * An attempt is one round of DIAN calls for the invoice (a send, or a GetStatus reconciliation
 * followed by a send when needed); attempts are numbered from 1 in the recorded events.
 */
export type RetryPolicy = {
  /** Attempts before the submitter stops retrying; the invoice then stays pending. */
  maxAttempts: number;
  /** Delay after the first failed attempt (ms); doubled after each further one. */
  baseDelayMs: number;
  /** Upper bound of one delay (ms). */
  maxDelayMs: number;
  /** Fraction of the delay drawn at random, 0..1: many invoices that failed together spread out. */
  jitter: number;
};

/**
 * The delay before attempt `failedAttempt + 1`: base × 2^(failedAttempt − 1), capped, then reduced
 * by up to `jitter` of itself. `random` ∈ [0, 1) is an argument so the decision stays pure.
 */
export function retryDelayMs(policy: RetryPolicy, failedAttempt: number, random: number): number {
  const exponent = Math.min(Math.max(failedAttempt - 1, 0), 30); // 2^30 × any base is past any cap
  const capped = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
  const r = Math.min(Math.max(random, 0), 1);
  return Math.max(1, Math.round(capped * (1 - policy.jitter * r)));
}

/** Whether a failure at `attempt` may be followed by another attempt. */
export const mayRetry = (policy: RetryPolicy, attempt: number, retriable: boolean): boolean => retriable && attempt < policy.maxAttempts;
