import { createHash } from 'node:crypto';
import { invoiceStreamName, newInvoiceEvent } from '@fe/platform';
import type { InvoiceRequestedV3 } from '@fe/contracts';

/**
 * A note of an invoice as the ingress records it: reservation and issue on the invoice's stream, the note's
 * first event and verdict on its own.
 */
export function noteFixture(
  invoice: InvoiceRequestedV3,
  options: { kind: 'credit' | 'debit'; number: number; concept: string; amount: string },
) {
  const { kind, concept, amount } = options;
  const prefix = kind === 'credit' ? 'NC' : 'ND';
  const documentId = `${prefix}${options.number}`;
  const tenantId = invoice.tenant_id;
  const noteInvoiceId = invoiceStreamName(tenantId, documentId);
  const cude = createHash('sha384').update(`${tenantId}/${documentId}`).digest('hex');
  const reservationId = `00000000-0000-4000-8000-${String(options.number).padStart(11, '0')}${kind === 'credit' ? 'c' : 'd'}`;
  let time = Date.parse('2026-03-11T15:00:00Z');
  const clock = { now: () => new Date((time += 1000)) };
  const onInvoice = {
    tenantId,
    invoiceId: invoice.invoice_id!,
    correlationId: `req-${documentId}`,
    causationId: `req-${documentId}`,
  };
  const onNote = { ...onInvoice, invoiceId: noteInvoiceId };
  const lines = [{ code: 'P-1', name: 'Servicio', quantity: 1, unit_price: amount, unit_code: '94', taxes: [] }];
  const request = { invoice: { cufe: invoice.data.cufe }, concept, lines } as never;
  const dian = { track_id: cude, status_code: '00', status_description: 'd', status_message: `${documentId} ok` };
  const requestedData = {
    request,
    prefix,
    number: String(options.number),
    document_id: documentId,
    environment: '2' as const,
    issued_at: '2026-03-11T10:00:00-05:00',
    cude,
    payable_amount: amount,
    reservation_id: reservationId,
    lines,
    referenced_invoice: {
      invoice_id: invoice.invoice_id!,
      document_id: invoice.data.document_id,
      cufe: invoice.data.cufe,
      issue_date: invoice.data.issued_at.slice(0, 10),
    },
    customer: invoice.data.request.customer,
    payment: invoice.data.request.payment,
  };
  return {
    documentId,
    noteInvoiceId,
    cude,
    reservationId,
    reserved: () =>
      newInvoiceEvent(
        'InvoiceNoteReserved',
        {
          reservation_id: reservationId,
          kind,
          concept,
          amount,
          issued_at: '2026-03-11T15:00:00.000Z',
          request,
          lines,
          numbered_after: String(options.number - 1),
        },
        onInvoice,
        clock,
      ),
    issued: () =>
      newInvoiceEvent(
        'InvoiceNoteIssued',
        {
          reservation_id: reservationId,
          kind,
          concept,
          amount,
          document_id: documentId,
          note_invoice_id: noteInvoiceId,
          cude,
        },
        onInvoice,
        clock,
      ),
    requested: () =>
      kind === 'credit'
        ? newInvoiceEvent('CreditNoteRequested', requestedData, onNote, clock)
        : newInvoiceEvent('DebitNoteRequested', requestedData, onNote, clock),
    accepted: () =>
      newInvoiceEvent(
        'InvoiceAccepted',
        { ...dian, notifications: [], validated_at: '2026-03-11T10:00:05-05:00' },
        onNote,
        clock,
      ),
    rejected: () =>
      newInvoiceEvent(
        'InvoiceRejected',
        {
          ...dian,
          status_code: '99',
          errors: [{ rule: 'CAD06', message: 'CUDE' }],
          rejected_at: '2026-03-11T10:00:05-05:00',
        },
        onNote,
        clock,
      ),
  };
}
