import { errorCatalogue } from '@fe/platform/errors';

/**
 * The signer's error catalogue; a .p12, certificate or layout failure keeps @fe/xades's codes. Messages never carry
 * the password, key bytes or document text.
 */
export const signerErrorCatalogue = {
  POOL_CLOSED: { message: 'The signer pool is closed.', retriable: false },
  POOL_WORKER_FAILED: { message: 'A signer worker stopped unexpectedly.', retriable: true },
  // Why the reaction to InvoiceRequested (on-invoice-requested/) or to a note's first event
  // (CreditNoteRequested/DebitNoteRequested, on-note-requested/) refuses to sign: a broken invariant
  // or a tenant problem no retry can fix. The handler throws, the bus retries a bounded number of
  // times, and the event is dead-lettered with the code in `x-dead-letter-error`.
  EVENT_NOT_RECORDED: {
    message: 'The delivered InvoiceRequested (or note request) is not the one recorded in its stream.',
    retriable: false,
  },
  TENANT_UNKNOWN: { message: "The tenant directory has no profile for the invoice's tenant.", retriable: false },
  RESOLUTION_UNKNOWN: {
    message: 'The tenant has no numbering resolution with the recorded resolution_id.',
    retriable: false,
  },
  BUILD_RULES_UNKNOWN: {
    message: 'The event names a build rules version this release cannot build (a later release recorded it).',
    retriable: false,
  },
  REQUEST_INVALID: {
    message: 'The recorded request no longer passes validation, so the document cannot be rebuilt.',
    retriable: false,
  },
  REBUILD_FAILED: { message: 'The UBL builder refused the recorded request.', retriable: false },
  DOCUMENT_ID_MISMATCH: { message: 'The rebuilt document id differs from the recorded document_id.', retriable: false },
  CUFE_MISMATCH: { message: 'The rebuilt CUFE differs from the recorded cufe.', retriable: false },
  // The same refusal for a credit or debit note (on-note-requested/), whose key is a CUDE.
  CUDE_MISMATCH: { message: 'The rebuilt CUDE differs from the recorded cude.', retriable: false },
  CREDENTIAL_MISSING: { message: 'The tenant has no signing certificate on file.', retriable: false },
  CREDENTIAL_UNUSABLE: {
    message: "The tenant's signing certificate cannot sign at the issue instant.",
    retriable: false,
  },
  CREDENTIAL_REVOKED: {
    message: "The tenant's signing certificate was revoked by its certification authority (DIAN rule ZD04).",
    retriable: false,
  },
} as const;

const signerErrors = errorCatalogue('SignerError', signerErrorCatalogue);

export type SignerErrorCode = keyof typeof signerErrorCatalogue;

/**
 * `detail` holds names, codes, ids, sizes and dates only: it ends in logs and dead-letter headers. `causeCode` is
 * the code behind a CREDENTIAL_UNUSABLE.
 */
export class SignerError extends signerErrors.Error {
  constructor(code: SignerErrorCode, detail?: string, options: { cause?: unknown; causeCode?: string } = {}) {
    super(code, detail, options);
  }
}

export const isSignerError = signerErrors.guard(SignerError);
