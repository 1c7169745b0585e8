/**
 * Sends one plain-text mail (adapters/transport-mail-sender.ts: through @fe/mail, to the SMTP server
 * configured, or to the outbox folder without one).
 *
 *   await mail.send({ to: 'ana@acme.co', subject: 'Confirme su correo', text: `Abra ${link}` });
 */
export interface MailSender {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}
