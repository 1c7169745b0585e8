import { randomUUID } from 'node:crypto';
import type { Envelope } from '@fe/contracts';

/** A well-formed envelope for the contract suites; the data is opaque to the platform. */
export function sampleEnvelope(invoiceId: string, type = 'InvoiceSubmitted', data: unknown = { n: 1 }): Envelope {
  return {
    id: randomUUID(),
    type,
    version: 1,
    occurred_at: '2026-03-10T10:15:00-05:00',
    tenant_id: 'demo',
    invoice_id: invoiceId,
    correlation_id: 'req-1',
    causation_id: 'req-1',
    data,
  };
}
