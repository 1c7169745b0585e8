import type { CertificateExpiry } from '@fe/tenancy';
import { expirySentence, RENEW_ADVICE, RENEW_ADVICE_EXPIRED } from '../expiry/expiry-words.ts';
import { html, type Html } from './html.ts';

/**
 * The banner above every page of a tenant whose certificate is within 30 days of its end, or past it; nothing
 * otherwise. A note, not an alert: it is read in the page's order (docs/portal.md, "Without a mouse or sight").
 */
export function certificateBanner(expiry: CertificateExpiry | undefined): Html | '' {
  if (!expiry?.threshold) return '';
  const expired = expiry.state === 'expired';
  return html`<aside class="notice ${expired ? 'expired' : 'warning'}" aria-label="Aviso del certificado de firma" data-certificate-expiry="${String(expiry.threshold)}" data-days-left="${String(expiry.daysLeft)}" data-not-after="${expiry.notAfter.toISOString()}">
  <p><strong>${expirySentence(expiry)}</strong> ${expired ? RENEW_ADVICE_EXPIRED : RENEW_ADVICE} <a href="/admin/onboarding/certificate">Cargar el certificado</a></p>
</aside>`;
}
