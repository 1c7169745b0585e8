import { errorCatalogue, type ErrorBody, type ErrorCode, type ErrorDetail } from '@fe/contracts';
import { bounded, boundedDetails } from './bounded-details.ts';

/**
 * An answer with the API's one error body (docs/api.md, "Errors"), thrown from hooks and handlers. What it repeats of
 * the request is bounded (bounded-details.ts).
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, details: ErrorDetail[] = [], headers: Record<string, string> = {}) {
    super(bounded(message, 1000));
    this.name = 'ApiError';
    this.code = code;
    this.details = boundedDetails(details);
    this.headers = headers;
  }

  get status(): number {
    return errorCatalogue[this.code].http;
  }

  body(requestId: string): ErrorBody {
    return {
      success: false,
      error: { code: this.code, message: this.message, details: this.details },
      request_id: requestId,
    };
  }
}
