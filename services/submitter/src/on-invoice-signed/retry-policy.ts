/**
 * How often and how long the submitter keeps trying one invoice (docs/api.md, "Invoice states"). An attempt is
 * one round of DIAN calls, numbered from 1.
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
  /** A contingency invoice's cap on one delay (ms; docs/contingency.md); absent: `maxDelayMs`. */
  contingencyMaxDelayMs?: number | undefined;
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
export const mayRetry = (policy: RetryPolicy, attempt: number, retriable: boolean): boolean =>
  retriable && attempt < policy.maxAttempts;
