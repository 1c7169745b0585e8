/**
 * The HTTP API's error codes and statuses (docs/api.md, "Errors"). A code is never renamed or reused:
 * integrators switch on it.
 */
export const errorCatalogue = {
  MALFORMED_JSON: { http: 400, summary: 'The body is not JSON, or has bytes invalid in its declared charset.' },
  JSON_TOO_DEEP: { http: 400, summary: 'The JSON body nests arrays and objects more than 32 levels deep.' },
  VALIDATION_ERROR: {
    http: 400,
    summary: 'A field is missing or has the wrong type, bound or format; details name every faulty field.',
  },
  NIT_INVALID: { http: 400, summary: 'The NIT is not digits, has the wrong length, or its check digit (DV) is wrong.' },
  TAX_RATE_INVALID: {
    http: 400,
    summary:
      'A tax rate or per-unit amount is not allowed for its tax code (IVA 0/5/19, INC 2/4/8/16, ICUI 10/15/20, ICA above 0 up to 100, IBUA the per-millilitre values of Ley 2277).',
  },
  UNAUTHORIZED: { http: 401, summary: 'The API key is missing, malformed, unknown or revoked.' },
  TENANT_NOT_READY: { http: 403, summary: 'Onboarding is incomplete: no valid certificate or numbering resolution.' },
  INVOICE_NOT_FOUND: { http: 404, summary: 'No invoice with that cufe for this tenant.' },
  DUPLICATE_INVOICE_NUMBER: { http: 409, summary: 'The number was already used by this tenant and prefix.' },
  IDEMPOTENCY_IN_PROGRESS: { http: 409, summary: 'A request with this Idempotency-Key is still running.' },
  INVOICE_NOT_ACCEPTED: {
    http: 409,
    summary: 'The invoice is not accepted by DIAN (yet): there is nothing to deliver to the buyer.',
  },
  PAYLOAD_TOO_LARGE: { http: 413, summary: 'The body is over 1 MiB.' },
  UNSUPPORTED_MEDIA_TYPE: {
    http: 415,
    summary:
      'The body is not application/json, declares a charset other than UTF-8, ISO-8859-1 or windows-1252, or has a Content-Encoding other than identity (details name the header).',
  },
  AMOUNTS_INCONSISTENT: {
    http: 422,
    summary:
      'Discounts take a line or the invoice below zero, an amount has no base to apply to, the advances exceed the payable amount, or an amount would pass 15 integer digits; details name each field.',
  },
  LINE_TOTAL_MISMATCH: { http: 422, summary: 'The declared total differs from the sum of the lines.' },
  NUMBER_OUT_OF_RANGE: {
    http: 422,
    summary: 'The number is outside the authorized range, or the range is exhausted or expired.',
  },
  NUMBER_NOT_CONSECUTIVE: {
    http: 422,
    summary:
      'An explicit number is further ahead of the next consecutive than the configured window allows; numbering would have a gap.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    http: 422,
    summary: 'The Idempotency-Key was used before with a different body, or on another endpoint.',
  },
  TAX_AUTHORITY_REJECTED: {
    http: 422,
    summary: 'DIAN rejected the invoice; tax_authority_response.errors carries its rules.',
  },
  RATE_LIMITED: {
    http: 429,
    summary:
      'The per-tenant request rate, or the failed authentications allowed from one client address, were exceeded; see Retry-After.',
  },
  UNAVAILABLE: { http: 503, summary: 'A store or the bus is down; nothing was half-written; see Retry-After.' },
  // Beyond the product brief's table (docs/service.md says why): file links, unknown routes, bugs.
  LINK_INVALID: { http: 403, summary: 'The file link was altered or belongs to another file.' },
  LINK_EXPIRED: { http: 410, summary: 'The file link expired; the status endpoint hands out fresh ones.' },
  FILE_NOT_READY: { http: 404, summary: "The file does not exist yet (the PDF is drawn after DIAN's verdict)." },
  ROUTE_NOT_FOUND: { http: 404, summary: 'No such route.' },
  METHOD_NOT_ALLOWED: {
    http: 405,
    summary: 'The path exists but not with this method; the Allow header lists its methods.',
  },
  // What Node's HTTP parser refuses before there is a request to route (docs/guarantees.md, "HTTP").
  MALFORMED_REQUEST_LINE: {
    http: 400,
    summary: 'The request line is not "<METHOD> <path> HTTP/1.1" (bad method, path or version).',
  },
  MALFORMED_BODY_FRAMING: {
    http: 400,
    summary:
      "The body's length is ambiguous or malformed: Content-Length with Transfer-Encoding, a bad Content-Length or chunk.",
  },
  MALFORMED_HTTP: {
    http: 400,
    summary: 'The request is not valid HTTP/1.1 (e.g. a header with a forbidden character, or no Host header).',
  },
  REQUEST_TIMEOUT: {
    http: 408,
    summary: "The request (headers and body) did not arrive within the server's time limit; the connection is closed.",
  },
  EXPECTATION_FAILED: { http: 417, summary: 'An Expect header other than 100-continue; the request was not run.' },
  HEADERS_TOO_LARGE: { http: 431, summary: "The request line and headers are over the server's limit (16 KiB)." },
  // Credit and debit notes (docs/notes.md, "Book rules").
  REFERENCED_INVOICE_NOT_FOUND: {
    http: 404,
    summary: 'A note names an invoice (by cufe, or prefix and number) this tenant does not have.',
  },
  REFERENCED_INVOICE_NOT_ACCEPTED: {
    http: 409,
    summary:
      'A note names an invoice DIAN has not accepted (pending or rejected): only an accepted invoice can be corrected.',
  },
  INVOICE_VOIDED: {
    http: 409,
    summary:
      'A note names an invoice cancelled by a credit note of concept "2" (accepted, or still pending): nothing more can be corrected.',
  },
  CREDIT_EXCEEDS_BALANCE: {
    http: 422,
    summary:
      "The credit note is larger than the invoice's balance (its payable amount − credit notes not rejected + debit notes not rejected, pending ones included).",
  },
  NOTE_AMOUNT_ZERO: {
    http: 422,
    summary: 'A note of 0.00 corrects nothing; only a cancellation (credit concept "2") of a 0.00 balance may be 0.00.',
  },
  CANCELLATION_NOT_FULL: {
    http: 422,
    summary:
      'A cancellation (credit concept "2") must credit exactly the whole balance; without lines it is allowed only when the invoice has no earlier notes.',
  },
  // The seller's tacit acceptance (RADIAN 034, docs/radian.md).
  TACIT_ACCEPTANCE_GOODS_NOT_RECEIVED: {
    http: 409,
    summary: 'The buyer has not registered the receipt of the goods or service (032) at DIAN: no tacit acceptance yet.',
  },
  TACIT_ACCEPTANCE_TOO_EARLY: {
    http: 409,
    summary:
      'The three Colombian business days after the receipt (032) have not passed; details give the date a tacit acceptance becomes possible.',
  },
  TACIT_ACCEPTANCE_BUYER_ANSWERED: {
    http: 409,
    summary: 'The buyer claimed (031) or accepted expressly (033): a tacit acceptance is no longer possible.',
  },
  TACIT_ACCEPTANCE_REJECTED: {
    http: 422,
    summary: "DIAN refused the tacit acceptance (034); details carry DIAN's rules.",
  },
  // The buyer's side: received invoices and the buyer's RADIAN events (docs/radian.md, "The buyer's side").
  RECEIVED_INVOICE_UNREADABLE: {
    http: 422,
    summary:
      'The upload is not a zip holding an AttachedDocument or invoice XML, nor such an XML, or it names no CUFE and number.',
  },
  RECEIVED_INVOICE_NOT_FOUND: { http: 404, summary: 'No received invoice with that cufe for this tenant.' },
  RECEIVED_INVOICE_CHECKS_FAILED: {
    http: 409,
    summary: 'The received invoice failed its checks (details name them): no event can be sent on it.',
  },
  BUYER_EVENT_OUT_OF_ORDER: {
    http: 409,
    summary:
      'The event comes before the one it needs (030, then 032, then 031 or 033); details name the missing event.',
  },
  BUYER_EVENT_REPEATED: {
    http: 409,
    summary:
      'The event was sent before on this invoice, or it excludes one sent (031 and 033 exclude each other); details name it.',
  },
  BUYER_EVENT_PENDING: {
    http: 409,
    summary: 'An event of this invoice is still on its way to DIAN: wait for its answer before the next one.',
  },
  // The título valor (RADIAN 036 and 037, docs/radian.md).
  TITLE_VALUE_NOT_ACCEPTED: {
    http: 409,
    summary:
      'The buyer has not accepted the invoice (033, or 034 tacitly): it cannot be registered as a título valor yet.',
  },
  TITLE_VALUE_CASH_INVOICE: {
    http: 409,
    summary: 'The invoice has no due date (paid in cash): it cannot be registered or endorsed as a título valor.',
  },
  TITLE_VALUE_NOT_REGISTERED: {
    http: 409,
    summary: 'The invoice is not registered as a título valor (036): it cannot be endorsed.',
  },
  TITLE_VALUE_NOT_HOLDER: {
    http: 409,
    summary:
      'The seller is no longer the legitimate holder of the título valor (it was endorsed): it cannot endorse it.',
  },
  RADIAN_EVENT_REJECTED: {
    http: 422,
    summary: "DIAN refused the seller's RADIAN event (036 or 037); details carry DIAN's rules.",
  },
  INTERNAL_ERROR: {
    http: 500,
    summary: 'An unexpected error; nothing was half-written; the request id finds it in the logs.',
  },
} as const satisfies Record<string, { http: number; summary: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];
