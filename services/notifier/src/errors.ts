import { errorCatalogue } from '@fe/platform/errors';

/**
 * The notifier's error catalogue (docs/architecture.md convention 4). Codes are stable; tests assert
 * them. A mail server's refusals have their own codes in @fe/mail (MAIL_*), recorded as they are.
 */
export const notifierErrorCatalogue = {
  TRIGGER_NOT_RECORDED: { message: 'The delivered event is not recorded in its invoice stream.', retriable: false },
  REQUEST_NOT_RECORDED: {
    message: 'The stream does not start with InvoiceRequested, CreditNoteRequested or DebitNoteRequested.',
    retriable: false,
  },
  NO_APPLICATION_RESPONSE: {
    message: 'InvoiceAccepted names no stored ApplicationResponse: the AttachedDocument cannot be built.',
    retriable: false,
  },
  STORED_DOCUMENT_MISMATCH: {
    message: 'A stored document is not the one its event describes (SHA-256 differs).',
    retriable: false,
  },
  TENANT_UNKNOWN: { message: "The invoice's tenant is not in the tenant directory.", retriable: false },
  NO_CERTIFICATE: {
    message: 'The tenant has no certificate on file to sign the AttachedDocument with.',
    retriable: false,
  },
  ATTACHMENT_TOO_LARGE: {
    message: 'The zip of the AttachedDocument and the PDF is over the 2 MB DIAN allows (annex §9.1).',
    retriable: false,
  },
  ACQUIRER_LOOKUP_FAILED: {
    message: "DIAN's GetAcquirer could not be asked for the buyer's address.",
    retriable: true,
  },
} as const;

const notifierErrors = errorCatalogue('NotifierError', notifierErrorCatalogue);

export type NotifierErrorCode = keyof typeof notifierErrorCatalogue;

/** `detail` is for keys, ids, codes and sizes: it ends in logs and dead-letter headers. */
export class NotifierError extends notifierErrors.Error {
  constructor(code: NotifierErrorCode, detail?: string, options: { cause?: unknown } = {}) {
    super(code, detail, options);
  }
}
