import { z } from 'zod';
import { MailError } from './errors.ts';

/**
 * The SMTP keys (docs/architecture.md, convention 6). Credentials come from their own variables, so a logged URL
 * never carries them.
 */
export const smtpSettingsSchema = z.object({
  url: z
    .string()
    .optional()
    .describe(
      'FE_SMTP_URL: the mail server, smtps://host:465 (TLS) or smtp://host:587 (STARTTLS required); absent: no SMTP (the embedded default writes an outbox folder).',
    ),
  user: z.string().optional().describe('FE_SMTP_USER: SMTP user name, when the server wants one.'),
  password: z.string().optional().describe('FE_SMTP_PASSWORD: SMTP password; never logged.'),
  timeoutMs: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(30_000)
    .describe('FE_SMTP_TIMEOUT_MS: connection, greeting and socket timeout.'),
});

export type SmtpSettingsInput = z.infer<typeof smtpSettingsSchema>;

/** What the SMTP adapter is built from: checked, with the TLS policy decided. */
export type SmtpSettings = {
  host: string;
  port: number;
  /** smtps://: TLS from the first byte. */
  secure: boolean;
  /** smtp:// must upgrade with STARTTLS; false only for a loopback host (a local relay or a test mail catcher). */
  requireTls: boolean;
  auth: { user: string; pass: string } | undefined;
  timeoutMs: number;
  /** The URL without credentials, for start text and logs. */
  display: string;
};

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
export const isLoopbackHost = (host: string): boolean =>
  LOOPBACK.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);

/** Checks the URL and the TLS rule; throws MailError with a stable code (never echoing a secret). */
export function smtpSettings(input: SmtpSettingsInput & { url: string }): SmtpSettings {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw new MailError('MAIL_URL_INVALID');
  }
  if (url.username || url.password) throw new MailError('MAIL_URL_HAS_CREDENTIALS');
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new MailError('MAIL_URL_INVALID', `scheme ${url.protocol}`);
  const secure = url.protocol === 'smtps:';
  const host = url.hostname;
  if (!host) throw new MailError('MAIL_URL_INVALID', 'no host');
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  return {
    host,
    port,
    secure,
    requireTls: !secure && !isLoopbackHost(host),
    auth: input.user ? { user: input.user, pass: input.password ?? '' } : undefined,
    timeoutMs: input.timeoutMs,
    display: `${url.protocol}//${url.host}`,
  };
}
