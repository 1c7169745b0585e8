import type { DianClientError, DianClientErrorCode } from '@fe/dian-client';

/**
 * Reasons an InvoiceSubmissionFailed can carry besides the client's own codes (errors.ts): what
 * the service itself finds wrong before or after talking to DIAN. Stable codes, asserted by tests;
 * messages never carry the certificate, its password or DIAN's raw answer.
 */
export const submissionReasons = {
  TENANT_UNKNOWN: { retriable: false, message: 'the tenant has no profile in the tenant directory' },
  CREDENTIAL_MISSING: { retriable: false, message: 'the tenant has no certificate on file' },
  CREDENTIAL_INVALID: { retriable: false, message: "the tenant's certificate could not be loaded or is not valid now" },
  UNEXPECTED_STATUS: { retriable: true, message: 'DIAN answered with a status the submitter cannot act on' },
  APPLICATION_RESPONSE_UNTRUSTED: {
    retriable: true,
    message:
      "DIAN's ApplicationResponse is not signed by a certificate of the configured DIAN anchor (DIAN_TRUSTED_PEM); no verdict recorded",
  },
  ATTEMPTS_EXHAUSTED: {
    retriable: false,
    message: 'the submitter stopped retrying after the configured number of attempts',
  },
} as const satisfies Record<string, { retriable: boolean; message: string }>;

export type SubmissionReasonCode = keyof typeof submissionReasons;

/** One failed attempt, whatever produced it: the DIAN client or the service. */
export type AttemptFailure = {
  reason: DianClientErrorCode | SubmissionReasonCode;
  message: string;
  retriable: boolean;
  /** DIAN may hold the document: reconcile with GetStatus before any resend. */
  outcomeUnknown: boolean;
};

export function serviceFailure(
  reason: SubmissionReasonCode,
  options: { outcomeUnknown?: boolean; detail?: string } = {},
): AttemptFailure {
  const { retriable, message } = submissionReasons[reason];
  return {
    reason,
    message: options.detail ? `${message} (${options.detail})` : message,
    retriable,
    outcomeUnknown: options.outcomeUnknown ?? false,
  };
}

/**
 * A client error as a failure. `duringReconciliation`: the send it follows had an unknown outcome,
 * and a failed GetStatus leaves it unknown (a read itself never has one).
 */
export function clientFailure(error: DianClientError, duringReconciliation: boolean): AttemptFailure {
  return {
    reason: error.code,
    message: error.message,
    retriable: error.retriable,
    outcomeUnknown: error.outcomeUnknown || duringReconciliation,
  };
}
