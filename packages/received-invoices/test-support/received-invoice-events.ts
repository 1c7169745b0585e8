// Events of a received invoice's stream for given/when/then tests (docs/radian.md, "The buyer's side").
import type {
  BuyerEventCode,
  InvoiceProcessingHaltedV1,
  ReceivedInvoiceEventMailedV1,
  ReceivedInvoiceEventRefusedV1,
  ReceivedInvoiceEventRegisteredV1,
  ReceivedInvoiceEventRequestedV1,
  ReceivedInvoiceImportedV1,
} from '@fe/contracts';

export const CUFE = 'c'.repeat(96);
const STREAM = `rcv-acme-${CUFE}`;
let next = 0;
const envelope = (type: string) => ({
  id: `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`,
  type,
  version: 1 as const,
  occurred_at: '2026-11-23T15:00:00.000Z',
  tenant_id: 'acme',
  invoice_id: STREAM,
  correlation_id: 'req-1',
  causation_id: 'req-1',
});

export const cudeOf = (code: BuyerEventCode) => code.padStart(96, 'e');

export function imported(checksPassed = true): ReceivedInvoiceImportedV1 {
  return {
    ...envelope('ReceivedInvoiceImported'),
    type: 'ReceivedInvoiceImported',
    data: {
      cufe: CUFE,
      number: 'SETP990000001',
      supplier: { nit: '900123456', dv: 7, name: 'EMPRESA DEMO S.A.S.', email: 'facturacion@demo.example' },
      buyer_id: '900108281',
      source: 'mail',
      document_key: `acme/received/${CUFE}.abc.xml`,
      document_sha256: 'a'.repeat(64),
      checks: [{ code: 'BUYER_IS_TENANT', ok: checksPassed, detail: '…' }],
      checks_passed: checksPassed,
    },
  };
}

export function requested(code: BuyerEventCode): ReceivedInvoiceEventRequestedV1 {
  return {
    ...envelope('ReceivedInvoiceEventRequested'),
    type: 'ReceivedInvoiceEventRequested',
    data: {
      code,
      event_id: 'RCCCCCCCCCCCCCCCCCCCCCCCC',
      ...(code === '031'
        ? { claim: { reason: '02' as const } }
        : { person: { id: '1020304050', document_type: '13', first_name: 'Ana', family_name: 'Pérez' } }),
      requested_from: 'api',
    },
  };
}

export function registered(code: BuyerEventCode, withAnswer = true): ReceivedInvoiceEventRegisteredV1 {
  return {
    ...envelope('ReceivedInvoiceEventRegistered'),
    type: 'ReceivedInvoiceEventRegistered',
    data: {
      code,
      event_id: 'RCCCCCCCCCCCCCCCCCCCCCCCC',
      cude: cudeOf(code),
      issue_date: '2026-11-23',
      issue_time: '10:00:00-05:00',
      event_key: `acme/received/${CUFE}.${code}.xml`,
      event_sha256: 'b'.repeat(64),
      ...(withAnswer ? { application_response_key: `acme/received/${CUFE}.${code}.application-response.xml` } : {}),
    },
  };
}

export function refused(code: BuyerEventCode): ReceivedInvoiceEventRefusedV1 {
  return {
    ...envelope('ReceivedInvoiceEventRefused'),
    type: 'ReceivedInvoiceEventRefused',
    data: {
      code,
      event_id: 'RCCCCCCCCCCCCCCCCCCCCCCCC',
      status_code: '99',
      rules: [{ rule: 'SIM-EV05', message: 'x' }],
    },
  };
}

export function mailed(code: BuyerEventCode): ReceivedInvoiceEventMailedV1 {
  return {
    ...envelope('ReceivedInvoiceEventMailed'),
    type: 'ReceivedInvoiceEventMailed',
    data: {
      code,
      cude: cudeOf(code),
      to: 'facturacion@demo.example',
      attached_document_key: `acme/received/${CUFE}.${code}.attached-document.xml`,
    },
  };
}

/** The submitter gave up on a request (its message dead-lettered). */
export function halted(request: ReceivedInvoiceEventRequestedV1): InvoiceProcessingHaltedV1 {
  return {
    ...envelope('InvoiceProcessingHalted'),
    type: 'InvoiceProcessingHalted',
    data: {
      step: 'submission',
      consumer_group: 'fe.submitter',
      failed_event_id: request.id,
      failed_event_type: request.type,
      error_code: 'DIAN_CALLS_BUSY',
      attempts: 6,
    },
  };
}
