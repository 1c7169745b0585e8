import { createTransport } from 'nodemailer';
import { composeMail, parseAddress } from './compose-mail.ts';
import { MailError, type MailErrorCode } from './errors.ts';
import type { MailMessage, MailTransport, SentMail } from './mail-transport.ts';
import type { SmtpSettings } from './smtp-settings.ts';

/**
 * The SMTP adapter: the message composed by `composeMail`, as the outbox writes it, and sent by nodemailer's SMTP
 * client, the server's certificate verified. nodemailer's own logger stays off: it would print the AUTH exchange.
 */
export function createSmtpTransport(settings: SmtpSettings): MailTransport {
  const transporter = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: settings.requireTls,
    ignoreTLS: false,
    ...(settings.auth ? { auth: settings.auth } : {}),
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    logger: false,
    debug: false,
  });
  return {
    kind: 'smtp',
    destination: settings.display,
    async send(message: MailMessage): Promise<SentMail> {
      try {
        const raw = composeMail(message);
        const envelope = { from: parseAddress(message.from).address, to: [parseAddress(message.to).address] };
        const info = await transporter.sendMail({ envelope, raw });
        if (info.rejected.length > 0) throw new MailError('MAIL_RECIPIENT_REFUSED', String(info.response ?? ''));
        return { response: String(info.response ?? ''), bytes: raw.length };
      } catch (error) {
        throw error instanceof MailError ? error : fromSmtpError(error);
      }
    },
    wasSent: async () => undefined,
    close: async () => transporter.close(),
  };
}

/**
 * nodemailer's error → a stable code: 5xx is final (a refused RCPT is the address's fault), 4xx and the network are
 * temporary.
 */
function fromSmtpError(error: unknown): MailError {
  const e = error as { code?: string; responseCode?: number; response?: string; command?: string };
  const reply = typeof e.response === 'string' ? e.response.slice(0, 300) : undefined;
  const code = codeOf(e);
  return new MailError(code, reply ?? e.code, { cause: error, responseCode: e.responseCode });
}

function codeOf(e: { code?: string; responseCode?: number; command?: string }): MailErrorCode {
  if (e.code === 'EAUTH') return 'MAIL_AUTH_FAILED';
  if (e.code === 'ETLS' || e.command === 'STARTTLS') return 'MAIL_TLS_UNAVAILABLE';
  const reply = e.responseCode;
  if (reply !== undefined && reply >= 500)
    return e.code === 'EENVELOPE' || e.command === 'RCPT TO' ? 'MAIL_RECIPIENT_REFUSED' : 'MAIL_REJECTED';
  if (reply !== undefined && reply >= 400) return 'MAIL_TEMPORARY_FAILURE';
  return 'MAIL_SERVER_UNREACHABLE';
}
