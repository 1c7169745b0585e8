import { describe, expect, it } from 'vitest';
import { isMailError } from './errors.ts';
import { smtpSettings } from './smtp-settings.ts';

/** What smtpSettings throws for this URL, or undefined when it throws nothing. */
const thrownFor = (url: string): unknown => {
  try {
    smtpSettings({ url, timeoutMs: 1000 });
    return undefined;
  } catch (error) {
    return error;
  }
};

const codeOf = (url: string) => {
  const error = thrownFor(url);
  return error === undefined ? 'none' : isMailError(error) ? error.code : String(error);
};

describe('smtpSettings: TLS unless loopback, no credentials in the URL', () => {
  it('smtps:// is TLS from the start; smtp:// off loopback requires STARTTLS; loopback may be plain', () => {
    expect(smtpSettings({ url: 'smtps://mail.example.com', timeoutMs: 1000 })).toMatchObject({
      secure: true,
      port: 465,
      requireTls: false,
    });
    expect(smtpSettings({ url: 'smtp://mail.example.com', timeoutMs: 1000 })).toMatchObject({
      secure: false,
      port: 587,
      requireTls: true,
    });
    expect(smtpSettings({ url: 'smtp://127.0.0.1:2525', timeoutMs: 1000 })).toMatchObject({
      port: 2525,
      requireTls: false,
    });
    expect(smtpSettings({ url: 'smtp://localhost:25', timeoutMs: 1000 }).requireTls).toBe(false);
  });

  it('refuses credentials in the URL and other schemes, with stable codes and without echoing the secret', () => {
    expect(codeOf('smtp://user:pw@mail.example.com')).toBe('MAIL_URL_HAS_CREDENTIALS');
    expect(codeOf('http://mail.example.com')).toBe('MAIL_URL_INVALID');
    expect(codeOf('not a url')).toBe('MAIL_URL_INVALID');
    const refusal = thrownFor('smtps://u:Pa55word@mail.example.com');
    expect(isMailError(refusal) && refusal.code).toBe('MAIL_URL_HAS_CREDENTIALS');
    expect((refusal as Error).message).not.toContain('Pa55word');
  });

  it('takes the credentials from their own keys and shows the URL without them', () => {
    const s = smtpSettings({ url: 'smtps://mail.example.com:2465', user: 'facturas', password: 'x', timeoutMs: 1000 });
    expect(s.auth).toEqual({ user: 'facturas', pass: 'x' });
    expect(s.display).toBe('smtps://mail.example.com:2465');
  });
});
