import type { InvoiceState } from '@fe/platform';
import { dianEventReceiver, tacitAcceptanceStatement, type EventContent, type Tenant } from '@fe/dian-domain';

/**
 * The number (cbc:ID) of the seller's tacit acceptance of one invoice: `TAC` + the invoice's own number. DIAN refuses
 * an ID its sender used before for the same event code (AAD05), and an invoice has at most one 034 (AAH09); an invoice
 * number is used once per tenant (its stream is created with no_stream), so this never repeats, needs no counter that
 * a crash could skip or repeat, and a resend after a lost answer carries the same ID, which DIAN refuses as a repeat
 * instead of registering a second 034 (docs/choices.md, "The 034's number").
 */
export const tacitAcceptanceId = (invoiceNumber: string): string => `TAC${invoiceNumber}`;

/** What the seller's 034 says (pure): sender the tenant, receiver DIAN, the sworn statement naming the buyer. */
export function tacitAcceptanceContent(tenant: Tenant, state: InvoiceState): EventContent {
  const requested = state.requested;
  if (!requested) throw new Error('a tacit acceptance needs the invoice request');
  const customer = requested.data.request.customer;
  // A NIT may be written with its DV (`-d`); the statement names the NIT alone.
  const buyerId =
    customer.document_type === '31' ? customer.document_number.replace(/-\d$/, '') : customer.document_number;
  return {
    eventCode: '034',
    id: tacitAcceptanceId(requested.data.document_id),
    sender: {
      name: tenant.legalName,
      documentType: '31',
      id: tenant.nit,
      dv: tenant.dv,
      personType: tenant.personType,
    },
    receiver: { ...dianEventReceiver },
    invoice: { id: requested.data.document_id, cufe: requested.data.cufe },
    note: tacitAcceptanceStatement(customer.name, buyerId),
  };
}
