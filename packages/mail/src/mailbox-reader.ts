/**
 * The port a mailbox is read through: the reception address a tenant registered at DIAN, where suppliers mail their
 * invoices. The unseen flag is the cursor: list, fetch, import, then mark seen (or move). Failures are MailErrors.
 *
 *   const reader = createImapMailboxReader(imapSettings({ url: 'imaps://imap.example.com', user, password }));
 *   for (const m of await reader.listUnseen())
 *     if (await imported(await reader.fetchRaw(m.uid))) await reader.markSeen(m.uid);
 */
export type MailboxMessage = {
  /** The message's IMAP UID in the folder read: stable while the folder's UIDVALIDITY is. */
  uid: number;
  /** The Message-ID header, `<local@domain>`; '' when the mail has none. */
  messageId: string;
  /** The first From address, without its display name; '' when there is none. */
  from: string;
  /** The subject, decoded. */
  subject: string;
  /** When the server received it (IMAP INTERNALDATE). */
  receivedAt: Date;
  /** The message's size in bytes (RFC822.SIZE), as the server reports it. */
  bytes: number;
};

export interface MailboxReader {
  /** Where it reads, for a person: `imaps://imap.example.com:993 INBOX as recepcion@empresa.example` (no password). */
  readonly mailbox: string;
  /** The unseen messages, oldest (lowest UID) first, at most `limit` (default 50, at most 1000); marks nothing. */
  listUnseen(limit?: number): Promise<MailboxMessage[]>;
  /**
   * The whole message as it arrived (RFC 822 bytes), without marking it seen. A message above the size limit is
   * refused with MAIL_MESSAGE_TOO_LARGE before any of it is downloaded; a UID no longer there is
   * MAILBOX_MESSAGE_NOT_FOUND.
   */
  fetchRaw(uid: number): Promise<Buffer>;
  /** Sets \Seen; a UID no longer there is no error (a second reader moved it). */
  markSeen(uid: number): Promise<void>;
  /** Moves the message to `folder` (created when missing), e.g. `Importadas` or `Rechazadas`. */
  moveTo(uid: number, folder: string): Promise<void>;
  /** Logs out and closes the connection; a later call connects again. */
  close(): Promise<void>;
}
