import { errorCatalogue } from '@fe/platform/errors';

/**
 * The mail package's error catalogue (docs/architecture.md convention 4): stable codes, asserted
 * by tests. Messages never carry a password or a URL's userinfo. MAIL_* for sending and for a
 * message's content, MAILBOX_* for reading a mailbox over IMAP (docs/mailbox.md).
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
  MAIL_MESSAGE_TOO_LARGE: { message: 'The message is larger than the limit; it was not read.', retriable: false },
  MAIL_MESSAGE_TOO_COMPLEX: {
    message: 'The message has more MIME parts, or parts nested deeper, than the limit.',
    retriable: false,
  },
  MAILBOX_URL_INVALID: { message: 'FE_IMAP_URL is not an imap:// or imaps:// URL.', retriable: false },
  MAILBOX_URL_HAS_CREDENTIALS: {
    message: 'FE_IMAP_URL must not carry a user or password: set FE_IMAP_USER and FE_IMAP_PASSWORD.',
    retriable: false,
  },
  MAILBOX_CREDENTIALS_MISSING: {
    message: 'Reading a mailbox needs FE_IMAP_USER and FE_IMAP_PASSWORD.',
    retriable: false,
  },
  MAILBOX_SERVER_UNREACHABLE: {
    message: 'The IMAP server could not be reached or the connection broke.',
    retriable: true,
  },
  MAILBOX_TIMEOUT: { message: 'The IMAP server did not answer in time.', retriable: true },
  MAILBOX_TLS_UNAVAILABLE: {
    message:
      'The IMAP server did not set up TLS (STARTTLS missing or failed, or its certificate refused), and this host requires it.',
    retriable: true,
  },
  MAILBOX_AUTH_FAILED: {
    message: 'The IMAP server refused the credentials (FE_IMAP_USER, FE_IMAP_PASSWORD).',
    retriable: true,
  },
  MAILBOX_FOLDER_NOT_FOUND: { message: 'The mailbox folder does not exist on the IMAP server.', retriable: false },
  MAILBOX_MESSAGE_NOT_FOUND: {
    message: 'No message with this UID in the mailbox (moved or deleted).',
    retriable: false,
  },
  MAILBOX_COMMAND_FAILED: { message: 'The IMAP server refused a command (NO or BAD).', retriable: true },
  MAILBOX_PROTOCOL_ERROR: {
    message: 'The IMAP server sent an answer that breaks the protocol or its size bounds.',
    retriable: true,
  },
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
