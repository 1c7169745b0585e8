import type { InvoiceEvent } from '@fe/contracts';
import { newInvoiceEvent } from '@fe/platform';

/** The first event of stream `inv-demo-SETP990000001`, with the facts the client's packaging reads. */
export const invoiceRequested = (): InvoiceEvent =>
  newInvoiceEvent(
    'InvoiceRequested',
    {
      request: {
        customer: {
          document_type: '31',
          document_number: '900108281',
          name: 'Cliente S.A.S.',
          tax_level_codes: ['R-99-PN'],
        },
        lines: [{ code: 'P-1', name: 'Producto 1', quantity: 1, unit_price: 1000, unit_code: '94', taxes: [] }],
        payment: { method_code: '10' },
      },
      prefix: 'SETP',
      number: '990000001',
      document_id: 'SETP990000001',
      resolution_id: 'demo-setp',
      environment: '2',
      issued_at: '2026-11-22T10:00:00-05:00',
      cufe: 'a'.repeat(96),
      payable_amount: '1000.00',
    } as Extract<InvoiceEvent, { type: 'InvoiceRequested' }>['data'],
    { tenantId: 'demo', invoiceId: 'inv-demo-SETP990000001', correlationId: 'req-1', causationId: 'req-1' },
    { now: () => new Date('2026-11-22T15:00:00Z') },
  );
