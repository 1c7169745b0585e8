/** Sends one plain-text mail (adapters/transport-mail-sender.ts). */
export interface MailSender {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}
