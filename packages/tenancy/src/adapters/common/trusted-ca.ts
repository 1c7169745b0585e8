import { X509Certificate } from 'node:crypto';
import { TenancyError } from '../../errors.ts';

/**
 * One CA certificate, re-encoded so the same CA pasted twice (other line breaks) is stored once. CA_CERTIFICATE_INVALID
 * otherwise.
 */
export function normalizeCaPem(pem: string): string {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length !== 1) throw new TenancyError('CA_CERTIFICATE_INVALID', `${blocks.length} certificates`);
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(blocks[0]!);
  } catch {
    throw new TenancyError('CA_CERTIFICATE_INVALID', 'unreadable');
  }
  if (!cert.ca) throw new TenancyError('CA_CERTIFICATE_INVALID', 'not a CA');
  return cert.toString();
}
