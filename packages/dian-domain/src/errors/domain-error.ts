import type { ErrorCode, ErrorDetail } from '@fe/contracts';

/**
 * An expected, client-caused failure with its stable API code (docs/api.md, "Errors").
 * Returned, not thrown: a broken invariant throws; a bad request is a value.
 */
export type DomainError = { code: ErrorCode; message: string; details: ErrorDetail[] };

export type Result<T> = { ok: true; value: T } | { ok: false; error: DomainError };

export const failure = (
  code: ErrorCode,
  message: string,
  details: ErrorDetail[] = [],
): { ok: false; error: DomainError } => ({
  ok: false,
  error: { code, message, details },
});
