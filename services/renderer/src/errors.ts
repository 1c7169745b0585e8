/**
 * The renderer's error catalogue. Codes are stable; tests assert the code, never the message
 * (docs/architecture.md, convention 4). A malformed or incomplete invoice is a broken invariant
 * upstream (the signer produced it), so these are thrown, not returned.
 */
export const rendererErrorCodes = {
  /** The input is not well-formed XML, or its root is not a UBL Invoice. */
  NOT_AN_INVOICE: 'NOT_AN_INVOICE',
  /** A field the PDF must print by law is missing from the XML. */
  MISSING_FIELD: 'MISSING_FIELD',
} as const;

export type RendererErrorCode = keyof typeof rendererErrorCodes;

export class RendererError extends Error {
  readonly code: RendererErrorCode;
  constructor(code: RendererErrorCode, message: string) {
    super(message);
    this.name = 'RendererError';
    this.code = code;
  }
}
