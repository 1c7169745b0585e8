import { CONTINGENCY_ADVICE, contingencySentence, type ContingencyStanding } from '../contingency/contingency-words.ts';
import { html, type Html } from './html.ts';

/**
 * The banner above every page of a tenant with contingency invoices DIAN has not taken yet (docs/contingency.md): how
 * many, and the earliest end of their window; nothing otherwise. A note, as the certificate's banner is.
 */
export function contingencyBanner(standing: ContingencyStanding | undefined): Html | '' {
  if (!standing) return '';
  return html`<aside class="notice ${standing.passed ? 'expired' : 'warning'}" aria-label="Aviso de facturas de contingencia" data-contingency-untransmitted="${String(standing.count)}" data-transmit-by="${standing.earliest.transmitBy.toISOString()}">
  <p><strong>${contingencySentence(standing)}</strong> ${CONTINGENCY_ADVICE} <a href="/admin/invoices?status=pending">Ver las facturas pendientes</a></p>
</aside>`;
}
