import { invoiceStreamName, isContingencyInvoice, type DocumentState } from '@fe/platform';
import type { RetryPolicy } from './retry-policy.ts';

/**
 * A contingency invoice is retried until DIAN takes it (giving up would leave an issued invoice untransmitted), each
 * delay capped so the queue drains soon after DIAN answers again; any other document keeps `policy`.
 */
export function contingencyPolicy(policy: RetryPolicy, state: DocumentState): RetryPolicy {
  if (!isContingencyInvoice(state.requested)) return policy;
  const cap = Math.min(policy.maxDelayMs, policy.contingencyMaxDelayMs ?? policy.maxDelayMs);
  return {
    ...policy,
    maxAttempts: Number.MAX_SAFE_INTEGER,
    maxDelayMs: cap,
    baseDelayMs: Math.min(policy.baseDelayMs, cap),
  };
}

/**
 * The stream a contingency invoice waits for: the tenant's previous number of the same prefix (DIAN gets the range
 * in the order it was issued). Undefined for any other document, or the first number.
 */
export function previousInvoiceStream(state: DocumentState): string | undefined {
  const requested = state.requested;
  if (!requested || requested.type !== 'InvoiceRequested' || !isContingencyInvoice(requested)) return undefined;
  const previous = BigInt(requested.data.number) - 1n;
  if (previous < 0n) return undefined;
  return invoiceStreamName(requested.tenant_id, `${requested.data.prefix}${previous}`);
}

/** Whether the previous number holds this one back: a contingency invoice DIAN has not judged yet. */
export const holdsBack = (previous: DocumentState): boolean =>
  isContingencyInvoice(previous.requested) && !previous.verdict;
