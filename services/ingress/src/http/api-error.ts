import { errorCatalogue, type ErrorBody, type ErrorCode, type ErrorDetail } from '@fe/contracts';

/** An answer with the API's one error body (docs/api.md, "Errors"), thrown from hooks and handlers. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, details: ErrorDetail[] = [], headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.details = details;
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
