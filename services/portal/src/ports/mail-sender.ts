/**
 * Sends one plain-text mail. The embedded shape writes `.eml` files to a local outbox folder
 * (adapters/outbox-mail-sender.ts); an SMTP adapter fills the same port (the buyer-mail notifier's
 * nodemailer transport can, once the two are unified).
 *
 *   await mail.send({ to: 'ana@acme.co', subject: 'Confirme su correo', text: `Abra ${link}` });
 */
export interface MailSender {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}
