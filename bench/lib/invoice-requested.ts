// A real InvoiceRequested envelope for the platform bench, built as ingress builds one (the demo
// tenant, a 5-line request, the CUFE of the document), and the unsigned invoice XML of the same
// request: what the event store, the bus and the blob store carry in the service.
import { invoiceRequestSchema, type Envelope } from '@fe/contracts';
import {
  buildInvoiceXml,
  colombiaDateTime,
  demoResolution,
  demoSoftware,
  demoTenant,
  money,
  validateInvoiceRequest,
} from '@fe/dian-domain';
import { invoiceStreamName, newInvoiceEvent, systemClock } from '@fe/platform';
import { benchRequest } from './bench-request.ts';

const request = invoiceRequestSchema.parse(benchRequest);

/** The envelope of invoice number `number`, its invoice XML, and its stream (invoice id). */
export function invoiceRequested(number: number): { envelope: Envelope; xml: string; stream: string } {
  const issuedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  const validated = validateInvoiceRequest(request, { issueDate: colombiaDateTime(issuedAt).date });
  if (!validated.ok) throw new Error(`the bench's request is invalid: ${validated.error.code}`);
  const built = buildInvoiceXml({
    invoice: validated.value,
    tenant: demoTenant,
    resolution: demoResolution,
    number: String(number),
    software: demoSoftware,
    environment: '2',
    issuedAt,
  });
  const stream = invoiceStreamName(demoTenant.id, built.documentId);
  const envelope = newInvoiceEvent(
    'InvoiceRequested',
    {
      request,
      prefix: demoResolution.prefix,
      number: String(number),
      document_id: built.documentId,
      resolution_id: demoResolution.id,
      environment: '2',
      issued_at: built.issuedAt,
      cufe: built.cufe,
      payable_amount: money(validated.value.totals.payable),
    },
    { tenantId: demoTenant.id, invoiceId: stream, correlationId: 'bench', causationId: 'bench' },
    systemClock,
  ) as Envelope;
  return { envelope, xml: built.xml, stream };
}
