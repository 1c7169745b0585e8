import { errorCatalogue } from '@fe/platform/errors';

/**
 * The DIAN client's error catalogue: one stable code per failure, and whether trying again can
 * help. Tests assert codes, never messages. Messages never carry the certificate, the password,
 * the request body or DIAN's raw answer (it may hold the invoice).
 *
 * `outcomeUnknown` is true when the request may have reached DIAN and been processed (the answer
 * was lost): the caller must reconcile with GetStatus(CUFE) before sending again (annex §6.6).
 */
export const dianClientErrors = {
  // Transport: DIAN was not reached, or its answer did not arrive.
  TIMEOUT: { retriable: true, message: 'DIAN did not answer within the configured timeout' },
  CONNECTION_FAILED: { retriable: true, message: 'could not connect to the DIAN endpoint' },
  CONNECTION_RESET: { retriable: true, message: 'the connection closed before DIAN answered' },
  TLS_FAILED: { retriable: false, message: "the DIAN endpoint's TLS certificate did not verify" },
  // HTTP and SOAP answers that are not a DianResponse.
  HTTP_500: { retriable: true, message: 'DIAN answered HTTP 500 without a SOAP fault' },
  HTTP_503: { retriable: true, message: 'DIAN answered HTTP 503 (service unavailable)' },
  HTTP_5XX: { retriable: true, message: 'DIAN answered with an HTTP 5xx status' },
  HTTP_4XX: { retriable: false, message: 'DIAN refused the HTTP request (4xx)' },
  SOAP_FAULT: { retriable: true, message: 'DIAN answered with a SOAP Receiver fault' },
  SOAP_FAULT_CLIENT: {
    retriable: false,
    message:
      'DIAN refused the request with a SOAP Client fault (WS-Security certificate not trusted, or a malformed request)',
  },
  RESPONSE_MALFORMED: { retriable: true, message: "DIAN's answer could not be read as the expected SOAP response" },
  // Configuration and input: retrying the same call cannot help.
  INSECURE_ENDPOINT: { retriable: false, message: 'plain http is only allowed to a loopback address' },
  ENDPOINT_INVALID: { retriable: false, message: 'the DIAN endpoint is not an http(s) URL' },
  ZIP_INVALID: { retriable: false, message: 'the zip could not be read' },
  DOCUMENT_INVALID: { retriable: false, message: 'the document to send is not a signed UBL document' },
  DIAN_ANCHOR_INVALID: { retriable: false, message: 'DIAN_TRUSTED_PEM holds no readable PEM certificate' },
  DIAN_ANCHOR_REQUIRED: {
    retriable: false,
    message: "DIAN_TRUSTED_PEM is required with a DIAN endpoint off this machine: DIAN's answers would go unchecked",
  },
  // The habilitación test set (dian-soap/test-set.ts).
  TEST_SET_REFUSED: {
    retriable: false,
    message: 'DIAN refused the test set without a ZipKey (unknown TestSetId, or a zip it cannot read)',
  },
  TEST_SET_STILL_PROCESSING: {
    retriable: true,
    message: 'DIAN was still processing the test set when the polls ran out; poll GetStatusZip again with its ZipKey',
  },
} as const satisfies Record<string, { retriable: boolean; message: string }>;

const catalogue = errorCatalogue('DianClientError', dianClientErrors);

export type DianClientErrorCode = keyof typeof dianClientErrors;

export class DianClientError extends catalogue.Error {
  readonly outcomeUnknown: boolean;
  /** HTTP status or SOAP fault code when there was one; never a body. */
  readonly detail: string | undefined;

  constructor(
    code: DianClientErrorCode,
    options: { outcomeUnknown?: boolean; detail?: string; cause?: unknown; field?: string } = {},
  ) {
    super(code, options.detail, { cause: options.cause, field: options.field });
    this.outcomeUnknown = options.outcomeUnknown ?? false;
    this.detail = options.detail;
  }
}

export const isDianClientError = catalogue.guard(DianClientError);
