import { createHash } from 'node:crypto';
import type { BusMessage } from '@fe/platform';
import { invoiceStreamName, newInvoiceEvent, STORE_POSITION_HEADER, type EventMeta } from '@fe/platform';
import type { Envelope, InvoiceEvent, RadianEventRegistration } from '@fe/contracts';

/**
 * One invoice's events as the services append them, a second apart; the cufe is a SHA-384 stand-in.
 *
 *   const events = [inv.requested(), inv.signed(), inv.submitted(), inv.accepted(), inv.rendered()];
 */
export function invoiceFixture(
  options: {
    tenantId?: string;
    prefix?: string;
    consecutive?: number | string;
    /** Sold on credit, due that day (a título valor's invoice); cash by default. */
    dueDate?: string;
  } = {},
) {
  const tenantId = options.tenantId ?? 'demo';
  const prefix = options.prefix ?? 'SETP';
  const consecutive = String(options.consecutive ?? 990000001);
  const documentId = `${prefix}${consecutive}`;
  const invoiceId = invoiceStreamName(tenantId, documentId);
  const cufe = createHash('sha384').update(`${tenantId}/${documentId}`).digest('hex');
  let time = Date.parse('2026-03-10T15:00:00Z');
  const clock = { now: () => new Date((time += 1000)) };
  const meta: EventMeta = { tenantId, invoiceId, correlationId: `req-${documentId}`, causationId: `req-${documentId}` };

  return {
    tenantId,
    prefix,
    consecutive,
    documentId,
    invoiceId,
    cufe,
    requested: () =>
      newInvoiceEvent(
        'InvoiceRequested',
        {
          request: {
            customer: {
              document_type: '31',
              document_number: '900108281',
              name: 'Comprador S.A.S.',
              tax_level_codes: ['R-99-PN'],
            },
            lines: [{ code: 'P-1', name: 'Servicio', quantity: 1, unit_price: 100, unit_code: '94', taxes: [] }],
            payment: options.dueDate ? { method_code: '31', due_date: options.dueDate } : { method_code: '10' },
          },
          prefix,
          number: consecutive,
          document_id: documentId,
          resolution_id: '18760000001',
          environment: '2',
          issued_at: '2026-03-10T10:00:00-05:00',
          cufe,
          payable_amount: '100.00',
        },
        meta,
        clock,
      ),
    signed: () =>
      newInvoiceEvent(
        'InvoiceSigned',
        {
          xml_key: `${tenantId}/${documentId}.xml`,
          xml_sha256: 'b'.repeat(64),
          signed_at: '2026-03-10T10:00:01-05:00',
          certificate_serial: '01',
        },
        meta,
        clock,
      ),
    submitted: (attempt = 1) =>
      newInvoiceEvent(
        'InvoiceSubmitted',
        { attempt, operation: 'SendBillSync', track_id: cufe, endpoint: 'http://127.0.0.1:8080/dian' },
        meta,
        clock,
      ),
    failed: (attempt = 1) =>
      newInvoiceEvent(
        'InvoiceSubmissionFailed',
        {
          attempt,
          retriable: true,
          reason: 'TIMEOUT',
          message: 'DIAN did not answer',
          outcome_unknown: true,
          next_attempt_at: '2026-03-10T10:05:00-05:00',
        },
        meta,
        clock,
      ),
    accepted: (notifications: { rule: string; message: string }[] = []) =>
      newInvoiceEvent(
        'InvoiceAccepted',
        {
          track_id: cufe,
          status_code: '00',
          status_description: 'Procesado Correctamente.',
          status_message: `La Factura electrónica ${documentId}, ha sido autorizada.`,
          notifications,
          validated_at: '2026-03-10T10:00:05-05:00',
        },
        meta,
        clock,
      ),
    rejected: (errors = [{ rule: 'FAD06', message: 'Valor del CUFE no está calculado correctamente.' }]) =>
      newInvoiceEvent(
        'InvoiceRejected',
        {
          track_id: cufe,
          status_code: '99',
          status_description: 'Validación contiene errores en campos mandatorios.',
          status_message: 'Documento con errores en campos mandatorios.',
          errors,
          rejected_at: '2026-03-10T10:00:05-05:00',
        },
        meta,
        clock,
      ),
    rendered: () =>
      newInvoiceEvent(
        'InvoiceRendered',
        { pdf_key: `${tenantId}/${documentId}.pdf`, pdf_sha256: 'c'.repeat(64), pages: 1 },
        meta,
        clock,
      ),
    notificationStarted: (attempt = 1) =>
      newInvoiceEvent(
        'BuyerNotificationStarted',
        {
          email: 'compras@example.com',
          source: 'request',
          message_id: `<${documentId}@fe.local>`,
          attempt,
          attached_document_id: `ad-${documentId}`,
        },
        meta,
        clock,
      ),
    notificationFailed: (final: boolean, attempt = 1) =>
      newInvoiceEvent(
        'BuyerNotificationFailed',
        {
          email: 'compras@example.com',
          message_id: `<${documentId}@fe.local>`,
          attempt,
          code: final ? 'MAIL_RECIPIENT_REFUSED' : 'MAIL_TEMPORARY_FAILURE',
          reason: '550 no such user',
          final,
          failed_at: '2026-03-10T10:00:08-05:00',
        },
        meta,
        clock,
      ),
    notified: () =>
      newInvoiceEvent(
        'BuyerNotified',
        {
          email: 'compras@example.com',
          message_id: `<${documentId}@fe.local>`,
          notified_at: '2026-03-10T10:00:09-05:00',
        },
        meta,
        clock,
      ),
    /** A RADIAN event the submitter recorded: by code, a digit its CUDE repeats, and its issue date. */
    radian: (code: RadianEventRegistration['code'], digit: string, issueDate: string, issuedByUs = false) =>
      newInvoiceEvent(
        'InvoiceRadianEventRegistered',
        {
          code,
          name: `Evento ${code}`,
          event_id: `EV${code}`,
          cude: digit.repeat(96),
          issue_date: issueDate,
          issue_time: '12:00:00-05:00',
          sender: { nit: issuedByUs ? '900123456' : '900108281' },
          issued_by_us: issuedByUs,
          ...(code === '031' ? { claim: { reason: '02' as const } } : {}),
        },
        meta,
        clock,
      ),
  };
}

/** A bus message as the relay publishes it: keyed by invoice, with the store position when given. */
export function asMessage(event: InvoiceEvent, position?: bigint): BusMessage {
  const message: BusMessage = { key: event.invoice_id ?? '', value: event as Envelope };
  return position === undefined ? message : { ...message, headers: { [STORE_POSITION_HEADER]: String(position) } };
}
