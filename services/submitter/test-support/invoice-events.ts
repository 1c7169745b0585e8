// Invoice event streams for the submitter's decision tests: each helper makes one event of the
// stream `inv-demo-SETP990000001`, in the one envelope, with the data the contracts require.
import type { InvoiceEvent, InvoiceSubmissionFailedV1 } from '@fe/contracts';
import { invoiceRequested } from '@fe/dian-client/testing';
import { newInvoiceEvent, type EventMeta } from '@fe/platform';

const INVOICE_ID = 'inv-demo-SETP990000001';
const CUFE = 'a'.repeat(96);
const meta: EventMeta = { tenantId: 'demo', invoiceId: INVOICE_ID, correlationId: 'req-1', causationId: 'req-1' };
const at = (iso: string) => ({ now: () => new Date(iso) });

export const requested = invoiceRequested;

export const signed = (): InvoiceEvent =>
  newInvoiceEvent(
    'InvoiceSigned',
    {
      xml_key: 'demo/SETP990000001.xml',
      xml_sha256: '0'.repeat(64),
      signed_at: '2026-11-22T15:00:01Z',
      certificate_serial: '0badc0ffee',
    },
    meta,
    at('2026-11-22T15:00:01Z'),
  );

export const submitted = (attempt: number): InvoiceEvent =>
  newInvoiceEvent(
    'InvoiceSubmitted',
    {
      attempt,
      operation: 'SendBillSync',
      track_id: CUFE,
      endpoint: 'http://127.0.0.1:8081/WcfDianCustomerServices.svc',
    },
    meta,
    at('2026-11-22T15:00:02Z'),
  );

export const failedAttempt = (data: Partial<InvoiceSubmissionFailedV1['data']> & { attempt: number }): InvoiceEvent =>
  newInvoiceEvent(
    'InvoiceSubmissionFailed',
    {
      retriable: true,
      reason: 'HTTP_503',
      message: 'DIAN answered HTTP 503',
      outcome_unknown: false,
      ...data,
    },
    meta,
    at('2026-11-22T15:00:02Z'),
  );

export const accepted = (): InvoiceEvent =>
  newInvoiceEvent(
    'InvoiceAccepted',
    {
      track_id: CUFE,
      status_code: '00',
      status_description: 'Procesado Correctamente.',
      status_message: 'ok',
      notifications: [],
      validated_at: '2026-11-22T15:00:03Z',
    },
    meta,
    at('2026-11-22T15:00:03Z'),
  );

export const rejected = (): InvoiceEvent =>
  newInvoiceEvent(
    'InvoiceRejected',
    {
      track_id: CUFE,
      status_code: '99',
      status_description: 'Validación contiene errores en campos mandatorios.',
      status_message: '',
      errors: [{ rule: 'FAD06', message: 'Valor del CUFE no está calculado correctamente.' }],
      rejected_at: '2026-11-22T15:00:03Z',
    },
    meta,
    at('2026-11-22T15:00:03Z'),
  );
