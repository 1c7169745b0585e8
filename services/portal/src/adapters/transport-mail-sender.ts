import { randomUUID } from 'node:crypto';
import type { MailTransport } from '@fe/mail';
import type { MailSender } from '../ports/mail-sender.ts';

/**
 * The portal's mails through @fe/mail, like the buyers' mails. The Message-ID starts with the instant, so an outbox
 * lists in the order sent.
 */
export class TransportMailSender implements MailSender {
  private readonly transport: MailTransport;
  private readonly from: string;
  private readonly now: () => Date;

  constructor(transport: MailTransport, from: string, now: () => Date = () => new Date()) {
    this.transport = transport;
    this.from = from;
    this.now = now;
  }

  async send(message: { to: string; subject: string; text: string }): Promise<void> {
    const date = this.now();
    const messageId = `<portal.${date.getTime().toString().padStart(15, '0')}.${randomUUID()}@fe-portal>`;
    await this.transport.send({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      messageId,
      date,
      attachments: [],
    });
  }
}
