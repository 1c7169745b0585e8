import { describe, expect, it } from 'vitest';
import { isMailError } from './errors.ts';
import { imapSettings } from './imap-settings.ts';

const credentials = { user: 'recepcion@empresa.example', password: 'Pa55-secreta!' };

const codeOf = (url: string, more: { user?: string; password?: string } = credentials): string => {
  try {
    imapSettings({ url, ...more });
    return 'none';
  } catch (error) {
    return isMailError(error) ? error.code : String(error);
  }
};

describe('imapSettings: TLS unless loopback, no credentials in the URL, bounded', () => {
  it('imaps:// is TLS from the start; imap:// off loopback requires STARTTLS; loopback may be plain', () => {
    expect(imapSettings({ url: 'imaps://imap.example.com', ...credentials })).toMatchObject({
      host: 'imap.example.com',
      port: 993,
      secure: true,
      requireTls: false,
    });
    expect(imapSettings({ url: 'imap://imap.example.com', ...credentials })).toMatchObject({
      port: 143,
      secure: false,
      requireTls: true,
    });
    expect(imapSettings({ url: 'imap://127.0.0.1:53143', ...credentials })).toMatchObject({
      port: 53143,
      requireTls: false,
    });
    expect(imapSettings({ url: 'imap://[::1]:1143', ...credentials })).toMatchObject({
      host: '::1',
      requireTls: false,
    });
  });

  it('has the defaults: INBOX, 30 s timeout, 120 s per call, 10 MiB per message; shows the URL without credentials', () => {
    expect(imapSettings({ url: 'imaps://imap.example.com:1993', ...credentials })).toEqual({
      host: 'imap.example.com',
      port: 1993,
      secure: true,
      requireTls: false,
      auth: { user: 'recepcion@empresa.example', pass: 'Pa55-secreta!' },
      folder: 'INBOX',
      timeoutMs: 30_000,
      callTimeoutMs: 120_000,
      maxMessageBytes: 10 * 1024 * 1024,
      display: 'imaps://imap.example.com:1993',
    });
  });

  it('refuses credentials in the URL, other schemes and missing credentials, with stable codes and without echoing a secret', () => {
    expect(codeOf('imaps://u:Pa55word@imap.example.com')).toBe('MAILBOX_URL_HAS_CREDENTIALS');
    expect(codeOf('pop3://imap.example.com')).toBe('MAILBOX_URL_INVALID');
    expect(codeOf('not a url')).toBe('MAILBOX_URL_INVALID');
    expect(codeOf('imaps://imap.example.com', { user: 'u' })).toBe('MAILBOX_CREDENTIALS_MISSING');
    const refusal = (() => {
      try {
        return imapSettings({ url: 'imaps://u:Pa55word@imap.example.com', ...credentials });
      } catch (error) {
        return error as Error;
      }
    })();
    expect(isMailError(refusal)).toBe(true);
    expect((refusal as Error).message).not.toContain('Pa55word');
  });
});
