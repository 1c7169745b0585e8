/**
 * The port every mail leaves through: `createSmtpTransport` (nodemailer) or `createOutboxTransport` (.eml files,
 * the embedded default without an SMTP server).
 */
export type MailAttachment = { filename: string; content: Uint8Array; contentType: string };

export type MailMessage = {
  /** `Name <address>` or a bare address. */
  from: string;
  to: string;
  subject: string;
  text: string;
  /** `<local@domain>`: the same value on every retry of one mail, so a receiver can tell a repeat. */
  messageId: string;
  /** The Date header; defaults to the moment of sending. */
  date?: Date;
  replyTo?: string;
  attachments: readonly MailAttachment[];
};

export type SentMail = {
  /** What the transport answered for the accepted message (SMTP: the server's 250 line; outbox: the file). */
  response: string;
  /** Size of the message as it left, in bytes. */
  bytes: number;
};

export interface MailTransport {
  /** 'smtp' or 'outbox': shown at start and in `pnpm fe outbox`. */
  readonly kind: 'smtp' | 'outbox';
  /** Where mail goes, for a person: `smtps://smtp.example.com:465` (never credentials) or the outbox folder. */
  readonly destination: string;
  /** Rejects with MailError: `retriable` tells a temporary failure from a final one. */
  send(message: MailMessage): Promise<SentMail>;
  /**
   * Whether a message with this Message-ID left through this transport: true/false when the
   * transport can tell (the outbox can), undefined when it cannot (SMTP keeps no receipt we can read).
   */
  wasSent(messageId: string): Promise<boolean | undefined>;
  close(): Promise<void>;
}
