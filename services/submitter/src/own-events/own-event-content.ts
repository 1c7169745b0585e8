import type { RadianEventRequest } from '@fe/contracts';
import type { InvoiceState } from '@fe/platform';
import {
  dianEventReceiver,
  tacitAcceptanceStatement,
  titleValueTerms,
  type EventContent,
  type Result,
  type Tenant,
} from '@fe/dian-domain';

/** The RADIAN events the seller sends through this service. */
export type OwnEventCode = '034' | '036' | '037';

const PREFIX: Record<OwnEventCode, string> = { '034': 'TAC', '036': 'TV', '037': 'END' };

/**
 * The number (cbc:ID) of the seller's own event on one invoice: a prefix per event code + the invoice's own number.
 * DIAN refuses an ID its sender used before for the same event code (AAD05), and the seller sends each of these at most
 * once per invoice (AAH09; a 037 once: it is no longer the holder after). An invoice number is used once per tenant
 * (its stream is created with no_stream), so the ID never repeats and needs no counter a crash could skip or repeat;
 * a resend after a lost answer carries the same ID, which DIAN refuses as a repeat instead of registering a second
 * event (docs/choices.md, "The 034's number").
 */
export const ownEventId = (code: OwnEventCode, invoiceNumber: string): string => `${PREFIX[code]}${invoiceNumber}`;

/** The ID the service gives its 034 of an invoice. */
export const tacitAcceptanceId = (invoiceNumber: string): string => ownEventId('034', invoiceNumber);

/** Whether an event of DIAN's list is one this service sent for the seller (by its code and ID). */
export function isOwnEvent(code: string, id: string, invoiceNumber: string): boolean {
  return (code === '034' || code === '036' || code === '037') && id === ownEventId(code, invoiceNumber);
}

/** Where an own event of an invoice and DIAN's answer to it are kept. */
export const ownEventKeys = (tenantId: string, invoiceNumber: string, code: OwnEventCode) => ({
  event: `${tenantId}/${invoiceNumber}.${code}.xml`,
  applicationResponse: `${tenantId}/${invoiceNumber}.${code}.application-response.xml`,
});

const senderOf = (tenant: Tenant) => ({
  name: tenant.legalName,
  documentType: '31',
  id: tenant.nit,
  dv: tenant.dv,
  personType: tenant.personType,
});

function invoiceOf(state: InvoiceState) {
  const requested = state.requested;
  if (!requested) throw new Error('an event on an invoice needs the invoice request');
  return { requested, invoice: { id: requested.data.document_id, cufe: requested.data.cufe } };
}

/** What the seller's 034 says (pure): sender the tenant, receiver DIAN, the sworn statement naming the buyer. */
export function tacitAcceptanceContent(tenant: Tenant, state: InvoiceState): EventContent {
  const { requested, invoice } = invoiceOf(state);
  const customer = requested.data.request.customer;
  // A NIT may be written with its DV (`-d`); the statement names the NIT alone.
  const buyerId =
    customer.document_type === '31' ? customer.document_number.replace(/-\d$/, '') : customer.document_number;
  return {
    eventCode: '034',
    id: tacitAcceptanceId(invoice.id),
    sender: senderOf(tenant),
    receiver: { ...dianEventReceiver },
    invoice,
    note: tacitAcceptanceStatement(customer.name, buyerId),
  };
}

/**
 * The seller's registration of the invoice as a título valor (036, to DIAN; 361 first registration for general
 * negotiation unless asked otherwise) or its endorsement (037, to the endorsee; 371 with responsibility unless asked
 * otherwise), with the título valor's data: the request's terms (filled with the invoice's defaults at the API; a
 * request recorded before the terms existed gets them here, 0 % discount) and the invoice's value and due date from
 * its own request (docs/radian.md, "The título valor's data"). A failure is titleValueTerms's: nothing to sign.
 */
export function titleEventContent(
  tenant: Tenant,
  state: InvoiceState,
  request: RadianEventRequest,
): Result<EventContent> {
  const { requested, invoice } = invoiceOf(state);
  if (request.code !== '036' && request.code !== '037') throw new Error(`no title event content for ${request.code}`);
  const { payable_amount: payableAmount, request: asked } = requested.data;
  const dueDate = asked.payment.due_date;
  const terms = titleValueTerms(
    { ...request, code: request.code },
    { payableAmount, dueDate, paymentMeans: asked.payment.method_code },
  );
  if (!terms.ok) return terms;
  const t = terms.value;
  const common = { id: ownEventId(request.code, invoice.id), sender: senderOf(tenant), invoice };
  if (t.code === '036')
    return {
      ok: true,
      value: {
        ...common,
        eventCode: '036',
        operationType: request.operation_type ?? '361',
        receiver: { ...dianEventReceiver },
        titleValue: { invoiceAmount: payableAmount, paidAmount: t.paid_amount, dueDate: dueDate! },
      },
    };
  const endorsee = request.endorsee;
  if (!endorsee) throw new Error('an endorsement names its endorsee');
  return {
    ok: true,
    value: {
      ...common,
      eventCode: '037',
      operationType: request.operation_type ?? '371',
      receiver: {
        name: endorsee.name,
        documentType: endorsee.document_type,
        id: endorsee.id,
        ...(endorsee.dv !== undefined ? { dv: endorsee.dv } : {}),
        personType: endorsee.person_type,
      },
      endorsement: {
        kind: t.endorsement_kind === 'blank' ? '2' : '1',
        amount: t.amount,
        discountRate: t.discount_rate,
        paymentMeans: t.payment_means,
        dueDate: dueDate!,
      },
    },
  };
}
