import { networkOf } from '@fe/platform';
import type { TenantDirectory } from '@fe/tenancy';
import { ApiError } from '../http/api-error.ts';
import type { TokenBuckets } from '../rate-limit/token-bucket.ts';
import { authenticateBearer } from './bearer-token.ts';

/**
 * `authenticateBearer` behind a budget of failures per client network: an address out of tokens gets 429 before
 * its key is looked at, so guessing keys costs time; successes take nothing.
 */
export function authenticateWithFailureLimit(tenants: TenantDirectory, failures: TokenBuckets) {
  return async (address: string, authorization: string | undefined, nowMs: number): Promise<string> => {
    const key = networkOf(address);
    const wait = failures.peek(key, nowMs);
    if (wait > 0) {
      throw new ApiError(
        'RATE_LIMITED',
        'Too many failed authentications from this address; wait before trying again.',
        [{ path: 'Authorization', message: 'too many failed attempts' }],
        { 'Retry-After': String(wait) },
      );
    }
    try {
      return await authenticateBearer(authorization, tenants);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'UNAUTHORIZED') failures.take(key, nowMs);
      throw error;
    }
  };
}
