// A real SMTP server on loopback for the tests (the smtp-server package): it keeps every message it
// accepts, raw, and refuses the recipients and replies it is told to. Never used by production code.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { from: string; to: string[]; raw: Buffer };

export type SmtpCatcher = {
  url: string;
  port: number;
  mails: CaughtMail[];
  /** RCPT TO answers: address → [code, text] (550 refuses it for good, 450 for now). */
  refuse: Map<string, [number, string]>;
  /** Called when DATA ends, before the 250: e.g. to stop the sender's process right after the mail is stored. */
  onMail?: ((mail: CaughtMail) => void) | undefined;
  /** Resolves when `count` mails have arrived (bounded by `ms`). */
  waitForMails(count: number, ms?: number): Promise<CaughtMail[]>;
  close(): Promise<void>;
};

export async function startSmtpCatcher(options: { port?: number } = {}): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const refuse = new Map<string, [number, string]>();
  const catcher: Partial<SmtpCatcher> = { mails, refuse };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 25 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const refusal = refuse.get(address.address);
      if (!refusal) return callback();
      const error = Object.assign(new Error(refusal[1]), { responseCode: refusal[0] });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        };
        mails.push(mail);
        catcher.onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(catcher, {
    url: `smtp://127.0.0.1:${port}`,
    port,
    async waitForMails(count: number, ms = 30_000) {
      const deadline = Date.now() + ms;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${mails.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as SmtpCatcher;
}
