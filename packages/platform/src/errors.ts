import { errorCatalogue } from './error-catalogue.ts';

/**
 * Infrastructure errors carry `retriable` (docs/architecture.md, convention 3); the thrower says which, since a
 * store may be down or refuse for good.
 */
const platformErrors = errorCatalogue('PlatformError', {
  WRONG_EXPECTED_VERSION: {},
  DUPLICATE_EVENT_ID: {},
  STORE_UNAVAILABLE: {},
  BLOB_NOT_FOUND: {},
  BLOB_KEY_INVALID: {},
  BUS_CLOSED: {},
  DATA_FOLDER_UNSAFE: {},
  DATA_FOLDER_NOT_OWNED: {},
  AUDIT_KEY_INVALID: {},
  REDRIVE_NOT_FOUND: {},
  REDRIVE_FINAL: {},
  REDRIVE_NOT_FAILED: {},
});

export type PlatformErrorCode = (typeof platformErrors.codes)[number];

export class PlatformError extends platformErrors.Error {
  constructor(code: PlatformErrorCode, message: string, retriable: boolean, options?: { cause?: unknown }) {
    super(code, message, { ...options, retriable });
  }
}

/** A wrong expectation on append: how duplicate invoice numbers and double numbering are refused. */
export class ConcurrencyError extends PlatformError {
  readonly stream: string;
  readonly expected: string;
  readonly actual: bigint | 'no_stream';

  constructor(stream: string, expected: string, actual: bigint | 'no_stream') {
    super('WRONG_EXPECTED_VERSION', `stream ${stream}: expected ${expected}, found ${actual}`, false);
    this.stream = stream;
    this.expected = expected;
    this.actual = actual;
  }
}

export const isConcurrencyError = (error: unknown): error is ConcurrencyError =>
  error instanceof PlatformError && error.code === 'WRONG_EXPECTED_VERSION';
