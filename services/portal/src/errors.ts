import { errorCatalogue } from '@fe/platform/errors';

/**
 * The portal's catalogue (convention 4). Every refusal page carries its code in `data-error-code`, which tests
 * assert; none carries a secret.
 */
export const portalErrorCatalogue = {
  CSRF_INVALID: { status: 403, message: 'The form token is missing or does not belong to this session.' },
  RATE_LIMITED: { status: 429, message: 'Too many form posts from this address.' },
  LOGIN_FAILED: { status: 401, message: 'Wrong email or password, an unconfirmed account, or a locked email.' },
  TOKEN_INVALID: { status: 400, message: 'The link is unknown, used or expired.' },
  FORM_INVALID: { status: 422, message: 'A field is missing or wrong.' },
  NOT_FOUND: { status: 404, message: 'No such page or invoice for this account.' },
  UPLOAD_INVALID: { status: 422, message: 'The upload is not one .p12 file within the size limit.' },
  BODY_TYPE_UNSUPPORTED: { status: 415, message: 'The body is not in a type this form sends.' },
  BODY_ENCODED: { status: 415, message: 'The body has a Content-Encoding; only identity is accepted.' },
  BODY_TOO_LARGE: { status: 413, message: 'The body, a field or a file is over its limit, or has too many parts.' },
  BODY_MALFORMED: { status: 400, message: 'The body cannot be read as the form its type declares.' },
  STORAGE_FULL: { status: 503, message: 'The storage is full; nothing was changed.' },
  REDRIVE_FINAL: { status: 409, message: 'The invoice has a verdict from DIAN: there is nothing to re-drive.' },
  REDRIVE_NOT_FAILED: { status: 409, message: 'No step of the invoice failed for good: there is nothing to re-drive.' },
  TACIT_ACCEPTANCE_GOODS_NOT_RECEIVED: { status: 409, message: 'The buyer has not registered the receipt (032).' },
  TACIT_ACCEPTANCE_TOO_EARLY: { status: 409, message: 'The three business days after the receipt have not passed.' },
  TACIT_ACCEPTANCE_BUYER_ANSWERED: { status: 409, message: 'The buyer claimed (031) or accepted (033) the invoice.' },
  TACIT_ACCEPTANCE_REJECTED: { status: 422, message: 'DIAN refused the tacit acceptance (034).' },
  RECEIVED_INVOICE_UNREADABLE: { status: 422, message: "The upload holds no supplier's AttachedDocument or invoice." },
  RECEIVED_INVOICE_CHECKS_FAILED: { status: 409, message: 'The received invoice failed its checks: no event.' },
  BUYER_EVENT_OUT_OF_ORDER: { status: 409, message: 'The event comes before the one it needs (030, 032, 031/033).' },
  BUYER_EVENT_REPEATED: { status: 409, message: 'The event was registered before, or one it excludes was.' },
  BUYER_EVENT_PENDING: { status: 409, message: "An event of the invoice awaits DIAN's answer." },
  TITLE_VALUE_NOT_ACCEPTED: { status: 409, message: 'The buyer has not accepted the invoice (033 or 034).' },
  TITLE_VALUE_CASH_INVOICE: { status: 409, message: 'The invoice has no due date (cash): it is no título valor.' },
  TITLE_VALUE_NOT_REGISTERED: { status: 409, message: 'The invoice is not registered as a título valor (036).' },
  TITLE_VALUE_NOT_HOLDER: { status: 409, message: 'The seller no longer holds the título valor (037).' },
  RADIAN_EVENT_REJECTED: { status: 422, message: "DIAN refused the seller's RADIAN event (036 or 037)." },
  DIAN_UNAVAILABLE: { status: 503, message: 'DIAN could not be asked or did not answer; nothing was recorded.' },
} as const satisfies Record<string, { status: number; message: string }>;

const portalErrors = errorCatalogue('PortalError', portalErrorCatalogue);

export type PortalErrorCode = keyof typeof portalErrorCatalogue;

export class PortalError extends portalErrors.Error {
  readonly status: number;
  constructor(code: PortalErrorCode) {
    super(code);
    this.status = portalErrorCatalogue[code].status;
  }
}
