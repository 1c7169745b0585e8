import type { CertificateExpiry } from '@fe/tenancy';
import { bogotaDate, expirySentence, RENEW_ADVICE, RENEW_ADVICE_EXPIRED, REVOKED_SENTENCE } from './expiry-words.ts';

/**
 * The warning mailed at a threshold, or (`revoked`) once its CA revoked it, in Spanish, with the link to the
 * certificate step; no secret in it.
 */
export function expiryMail(
  company: { legalName: string; nit: string },
  expiry: CertificateExpiry,
  baseUrl: string,
  revoked = false,
): { subject: string; text: string } {
  const date = bogotaDate(expiry.notAfter);
  const subject = revoked
    ? `Su certificado de firma fue revocado: ${company.legalName} no puede facturar`
    : expiry.state === 'expired'
      ? `Su certificado de firma venció el ${date}: ${company.legalName} no puede facturar`
      : `Su certificado de firma vence el ${date} (${company.legalName})`;
  const text = [
    `Empresa: ${company.legalName} (NIT ${company.nit})`,
    '',
    revoked ? REVOKED_SENTENCE : expirySentence(expiry),
    '',
    revoked || expiry.state === 'expired' ? RENEW_ADVICE_EXPIRED : RENEW_ADVICE,
    `${baseUrl}/admin/onboarding/certificate`,
    '',
    'Este aviso se envía a los 30, 7 y 1 días del vencimiento, y al vencer.',
  ].join('\n');
  return { subject, text };
}
