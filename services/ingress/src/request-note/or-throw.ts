import type { ErrorCode } from '@fe/contracts';
import type { DomainError } from '@fe/dian-domain';
import { ApiError } from '../http/api-error.ts';

/** A domain result's value, or its failure as the API error with the same code and details. */
export function orThrow<T>(result: { ok: true; value: T } | { ok: false; error: DomainError }): T {
  if (result.ok) return result.value;
  throw new ApiError(result.error.code as ErrorCode, result.error.message, result.error.details);
}
