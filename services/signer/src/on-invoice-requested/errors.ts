/**
 * Why the signer's reaction to InvoiceRequested refused to sign (architecture.md conventions 3–4).
 * Every code here is a broken invariant or a tenant problem no retry can fix: the handler throws,
 * the bus retries a bounded number of times, and the event ends on the dead-letter topic with the
 * code in `x-dead-letter-error`. Tests assert codes, never messages. Messages and details carry
 * names, codes and dates only: never a password, key material or the document text.
 */
export const signingReactionCatalogue = {
  EVENT_NOT_RECORDED: { message: 'The delivered InvoiceRequested is not the one recorded in its invoice stream.', retriable: false },
  TENANT_UNKNOWN: { message: 'The tenant directory has no profile for the invoice\'s tenant.', retriable: false },
  RESOLUTION_UNKNOWN: { message: 'The tenant has no numbering resolution with the recorded resolution_id.', retriable: false },
  REQUEST_INVALID: { message: 'The recorded request no longer passes validation, so the document cannot be rebuilt.', retriable: false },
  REBUILD_FAILED: { message: 'The UBL builder refused the recorded request.', retriable: false },
  DOCUMENT_ID_MISMATCH: { message: 'The rebuilt document id differs from the recorded document_id.', retriable: false },
  CUFE_MISMATCH: { message: 'The rebuilt CUFE differs from the recorded cufe.', retriable: false },
  CREDENTIAL_MISSING: { message: 'The tenant has no signing certificate on file.', retriable: false },
  CREDENTIAL_UNUSABLE: { message: 'The tenant\'s signing certificate cannot sign at the issue instant.', retriable: false },
} as const;

export type SigningReactionErrorCode = keyof typeof signingReactionCatalogue;

export class SigningReactionError extends Error {
  readonly code: SigningReactionErrorCode;
  readonly retriable: boolean;
  /** The signer's own code behind a CREDENTIAL_UNUSABLE (CERT_EXPIRED, P12_WRONG_PASSWORD, …). */
  readonly causeCode: string | undefined;

  /** `detail` is for codes, ids and dates: it ends in logs and dead-letter headers. */
  constructor(code: SigningReactionErrorCode, detail?: string, options: { cause?: unknown; causeCode?: string } = {}) {
    const entry = signingReactionCatalogue[code];
    // The code leads the message: the dead-letter header keeps `name: message`, so operators see it.
    super(`${code}: ${entry.message}${detail ? ` (${detail})` : ''}`, options.cause !== undefined ? { cause: options.cause } : undefined);
    this.name = 'SigningReactionError';
    this.code = code;
    this.retriable = entry.retriable;
    this.causeCode = options.causeCode;
  }
}

export const isSigningReactionError = (error: unknown): error is SigningReactionError => error instanceof SigningReactionError;
