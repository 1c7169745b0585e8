/**
 * Why the renderer's reaction to DIAN's verdict refused to draw the PDF (architecture.md
 * conventions 3–4). Each is a broken invariant upstream: the handler throws, the bus retries a
 * bounded number of times, and the event ends on the dead-letter topic with the code leading
 * `x-dead-letter-error`. Tests assert codes, never messages.
 */
export const renderingReactionCatalogue = {
  VERDICT_NOT_RECORDED: { message: 'The delivered verdict is not recorded in its invoice stream.', retriable: false },
  REQUEST_NOT_RECORDED: { message: 'The invoice stream holds InvoiceSigned but no InvoiceRequested.', retriable: false },
  XML_DIGEST_MISMATCH: { message: 'The stored XML is not the one InvoiceSigned describes (SHA-256 differs).', retriable: false },
  XML_MISMATCH: { message: 'The signed XML carries another CUFE or environment than the recorded request.', retriable: false },
} as const;

export type RenderingReactionErrorCode = keyof typeof renderingReactionCatalogue;

export class RenderingReactionError extends Error {
  readonly code: RenderingReactionErrorCode;
  readonly retriable: boolean;
  /** Kept so a renderer worker can send the error back to the pool's thread as it was. */
  readonly detail: string | undefined;

  /** `detail` is for keys, ids and codes only: it ends in logs and dead-letter headers. */
  constructor(code: RenderingReactionErrorCode, detail?: string) {
    const entry = renderingReactionCatalogue[code];
    super(`${code}: ${entry.message}${detail ? ` (${detail})` : ''}`);
    this.name = 'RenderingReactionError';
    this.code = code;
    this.retriable = entry.retriable;
    this.detail = detail;
  }
}

export const isRenderingReactionError = (error: unknown): error is RenderingReactionError => error instanceof RenderingReactionError;
