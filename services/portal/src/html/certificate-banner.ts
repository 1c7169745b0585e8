import type { CertificateStanding } from '../expiry/current-expiry.ts';
import { expirySentence, RENEW_ADVICE, RENEW_ADVICE_EXPIRED, REVOKED_SENTENCE } from '../expiry/expiry-words.ts';
import { html, type Html } from './html.ts';

/**
 * The banner above every page of a tenant whose certificate is within 30 days of its end, past it, or revoked by its
 * CA; nothing otherwise. A note, not an alert: it is read in the page's order (docs/portal.md, "Without a mouse or
 * sight").
 */
export function certificateBanner(expiry: CertificateStanding | undefined): Html | '' {
  if (expiry?.revoked)
    return html`<aside class="notice expired" aria-label="Aviso del certificado de firma" data-certificate-revoked="true">
  <p><strong>${REVOKED_SENTENCE}</strong> ${RENEW_ADVICE_EXPIRED} <a href="/admin/onboarding/certificate">Cargar el certificado</a></p>
</aside>`;
  if (!expiry?.threshold) return '';
  const expired = expiry.state === 'expired';
  return html`<aside class="notice ${expired ? 'expired' : 'warning'}" aria-label="Aviso del certificado de firma" data-certificate-expiry="${String(expiry.threshold)}" data-days-left="${String(expiry.daysLeft)}" data-not-after="${expiry.notAfter.toISOString()}">
  <p><strong>${expirySentence(expiry)}</strong> ${expired ? RENEW_ADVICE_EXPIRED : RENEW_ADVICE} <a href="/admin/onboarding/certificate">Cargar el certificado</a></p>
</aside>`;
}
