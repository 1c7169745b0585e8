// The public surface of @fe/mail: the MailTransport port and its two adapters. Anything not exported here is private.
export type { MailAttachment, MailMessage, MailTransport, SentMail } from './mail-transport.ts';
export { createSmtpTransport } from './smtp-transport.ts';
export { createOutboxTransport, listOutbox, outboxFileName, type OutboxEntry } from './outbox-transport.ts';
export {
  smtpSettingsSchema,
  smtpSettings,
  isLoopbackHost,
  type SmtpSettings,
  type SmtpSettingsInput,
} from './smtp-settings.ts';
export { MailError, isMailError, mailErrorCatalogue, type MailErrorCode } from './errors.ts';
export { readMail, decodeWords, type ReadMail } from './read-mail.ts';
