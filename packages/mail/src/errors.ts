import { errorCatalogue } from '@fe/platform/errors';

/**
 * The mail package's error catalogue (docs/architecture.md convention 4): stable codes, asserted
 * by tests. Messages never carry a password or the SMTP URL's userinfo.
 */
export const mailErrorCatalogue = {
  MAIL_URL_INVALID: { message: 'FE_SMTP_URL is not an smtp:// or smtps:// URL.', retriable: false },
  MAIL_URL_HAS_CREDENTIALS: {
    message: 'FE_SMTP_URL must not carry a user or password: set FE_SMTP_USER and FE_SMTP_PASSWORD.',
    retriable: false,
  },
  MAIL_RECIPIENT_REFUSED: { message: 'The mail server refused the recipient address.', retriable: false },
  MAIL_REJECTED: { message: 'The mail server refused the message permanently.', retriable: false },
  MAIL_TEMPORARY_FAILURE: { message: 'The mail server answered with a temporary failure.', retriable: true },
  MAIL_SERVER_UNREACHABLE: {
    message: 'The mail server could not be reached or the connection broke.',
    retriable: true,
  },
  MAIL_TLS_UNAVAILABLE: {
    message: 'The mail server did not set up TLS (STARTTLS refused or failed), and this host requires it.',
    retriable: true,
  },
  MAIL_AUTH_FAILED: {
    message: 'The mail server refused the credentials (FE_SMTP_USER, FE_SMTP_PASSWORD).',
    retriable: true,
  },
  MAIL_OUTBOX_WRITE_FAILED: { message: 'The mail could not be written to the outbox folder.', retriable: true },
} as const;

const mailErrors = errorCatalogue('MailError', mailErrorCatalogue);

export type MailErrorCode = keyof typeof mailErrorCatalogue;

export class MailError extends mailErrors.Error {
  /** The server's reply code (550, 451…) when there was one. */
  readonly responseCode: number | undefined;

  constructor(
    code: MailErrorCode,
    detail?: string,
    options: { cause?: unknown; responseCode?: number | undefined } = {},
  ) {
    super(code, detail, { cause: options.cause });
    this.responseCode = options.responseCode;
  }
}

export const isMailError = mailErrors.guard(MailError);
