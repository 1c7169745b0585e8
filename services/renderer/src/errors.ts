import { errorCatalogue } from '@fe/platform/errors';

/**
 * The renderer's error catalogue. A malformed invoice is a broken invariant upstream (the signer made it), so these
 * are thrown, not returned.
 */
const rendererErrors = errorCatalogue('RendererError', {
  /** The input is not well-formed XML, or its root is not a UBL Invoice, CreditNote or DebitNote. */
  NOT_AN_INVOICE: {},
  /** A field the PDF must print by law is missing from the XML. */
  MISSING_FIELD: {},
  /** The renderer pool is closed (shutting down): no more PDFs from it. */
  POOL_CLOSED: {},
  /** A renderer worker thread stopped in the middle of a PDF. Retriable: the pool replaces it. */
  POOL_WORKER_FAILED: { retriable: true },
  // Why the reaction to DIAN's verdict (on-invoice-verdict/) refuses to draw: a broken invariant
  // upstream. The handler throws, the bus retries a bounded number of times, and the event is
  // dead-lettered with the code in `x-dead-letter-error`.
  /** The delivered verdict is not recorded in its invoice stream. */
  VERDICT_NOT_RECORDED: {},
  /**
   * The stream holds InvoiceSigned but does not start with InvoiceRequested, CreditNoteRequested or DebitNoteRequested.
   */
  REQUEST_NOT_RECORDED: {},
  /** The stored XML is not the one InvoiceSigned describes (its SHA-256 differs). */
  XML_DIGEST_MISMATCH: {},
  /** The signed XML carries another CUFE or environment than the recorded request. */
  XML_MISMATCH: {},
});

export type RendererErrorCode = (typeof rendererErrors.codes)[number];

/** Each code by name (`rendererErrorCodes.MISSING_FIELD`). */
export const rendererErrorCodes = Object.fromEntries(rendererErrors.codes.map((code) => [code, code])) as {
  readonly [C in RendererErrorCode]: C;
};

/** `message` is for keys, ids, codes and field names: it ends in logs and dead-letter headers. */
export class RendererError extends rendererErrors.Error {
  constructor(code: RendererErrorCode, message: string) {
    super(code, message);
  }
}

export const isRendererError = rendererErrors.guard(RendererError);
