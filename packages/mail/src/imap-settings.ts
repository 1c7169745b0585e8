import { z } from 'zod';
import { MailError } from './errors.ts';
import { isLoopbackHost } from './smtp-settings.ts';

export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/**
 * The IMAP keys of one mailbox (docs/architecture.md, convention 6). As for SMTP, the credentials come from their own
 * variables, so a logged URL never carries them.
 */
export const imapSettingsSchema = z.object({
  url: z
    .string()
    .optional()
    .describe(
      'FE_IMAP_URL: the reception mailbox, imaps://host:993 (TLS) or imap://host:143 (STARTTLS required; plain only on loopback); absent: no mailbox is read.',
    ),
  user: z.string().optional().describe('FE_IMAP_USER: the IMAP login, often the reception address itself.'),
  password: z.string().optional().describe('FE_IMAP_PASSWORD: the IMAP password; never logged.'),
  folder: z.string().min(1).default('INBOX').describe('FE_IMAP_FOLDER: the folder read.'),
  timeoutMs: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(30_000)
    .describe('FE_IMAP_TIMEOUT_MS: connection, greeting and inactivity timeout.'),
  callTimeoutMs: z.coerce
    .number()
    .int()
    .min(1000)
    .max(3_600_000)
    .default(120_000)
    .describe('FE_IMAP_CALL_TIMEOUT_MS: the most one call (a listing, a download) may take, connecting included.'),
  maxMessageBytes: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(100 * 1024 * 1024)
    .default(DEFAULT_MAX_MESSAGE_BYTES)
    .describe('FE_IMAP_MAX_MESSAGE_BYTES: a larger message is refused (MAIL_MESSAGE_TOO_LARGE), not downloaded.'),
});

export type ImapSettingsInput = z.input<typeof imapSettingsSchema>;

/** What the IMAP adapter is built from: checked, with the TLS policy decided. */
export type ImapSettings = {
  host: string;
  port: number;
  /** imaps://: TLS from the first byte. */
  secure: boolean;
  /** imap:// must upgrade with STARTTLS; false only for a loopback host (a local server or the test server). */
  requireTls: boolean;
  auth: { user: string; pass: string };
  folder: string;
  timeoutMs: number;
  callTimeoutMs: number;
  maxMessageBytes: number;
  /** The URL without credentials, for start text and logs. */
  display: string;
};

/** Checks the URL, the credentials and the TLS rule; throws MailError with a stable code (never echoing a secret). */
export function imapSettings(input: ImapSettingsInput & { url: string }): ImapSettings {
  const parsed = imapSettingsSchema.parse(input);
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw new MailError('MAILBOX_URL_INVALID');
  }
  if (url.username || url.password) throw new MailError('MAILBOX_URL_HAS_CREDENTIALS');
  if (url.protocol !== 'imap:' && url.protocol !== 'imaps:')
    throw new MailError('MAILBOX_URL_INVALID', `scheme ${url.protocol}`);
  const host = url.hostname;
  if (!host) throw new MailError('MAILBOX_URL_INVALID', 'no host');
  if (!parsed.user || !parsed.password) throw new MailError('MAILBOX_CREDENTIALS_MISSING');
  const secure = url.protocol === 'imaps:';
  return {
    host: host.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    requireTls: !secure && !isLoopbackHost(host),
    auth: { user: parsed.user, pass: parsed.password },
    folder: parsed.folder,
    timeoutMs: parsed.timeoutMs,
    callTimeoutMs: parsed.callTimeoutMs,
    maxMessageBytes: parsed.maxMessageBytes,
    display: `${url.protocol}//${url.host}`,
  };
}
