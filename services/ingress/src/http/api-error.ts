import { errorCatalogue, type ErrorBody, type ErrorCode, type ErrorDetail } from '@fe/contracts';

/**
 * An answer with the one error body of the API (docs/api.md, "Errors"). Thrown from hooks and
 * handlers; the app's error handler turns it into the response. `headers` carries Retry-After and
 * WWW-Authenticate where the table asks for them.
 */
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
    return { success: false, error: { code: this.code, message: this.message, details: this.details }, request_id: requestId };
  }
}
