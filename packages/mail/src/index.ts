// The public surface of @fe/mail: the MailTransport port and its two adapters, the MailboxReader port and its IMAP
// adapter, and the attachments of a received mail. Anything not exported here is private.
export type { MailAttachment, MailMessage, MailTransport, SentMail } from './mail-transport.ts';
export { composeMail } from './compose-mail.ts';
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
export type { MailboxMessage, MailboxReader } from './mailbox-reader.ts';
export { createImapMailboxReader } from './imap-mailbox-reader.ts';
export { imapSettingsSchema, imapSettings, type ImapSettings, type ImapSettingsInput } from './imap-settings.ts';
export {
  extractAttachments,
  defaultAttachmentLimits,
  type AttachmentLimits,
  type InvoiceAttachment,
  type OtherAttachment,
} from './mail-attachments.ts';
