import { describe, expect, it } from 'vitest';
import { errorCatalogue } from './api/error-codes.ts';
import { errorBodySchema } from './api/error-body.ts';
import { invoiceEventSchema, invoiceEventTypes } from './events/invoice-events.ts';
import { receivedInvoiceEventTypes } from './events/received-invoice-events.ts';
import { topology } from './topology.ts';

describe('error catalogue', () => {
  it('answers with the HTTP status of docs/api.md', () => {
    expect(Object.fromEntries(Object.entries(errorCatalogue).map(([code, e]) => [code, e.http]))).toEqual({
      MALFORMED_JSON: 400,
      JSON_TOO_DEEP: 400,
      VALIDATION_ERROR: 400,
      NIT_INVALID: 400,
      TAX_RATE_INVALID: 400,
      UNAUTHORIZED: 401,
      TENANT_NOT_READY: 403,
      INVOICE_NOT_FOUND: 404,
      DUPLICATE_INVOICE_NUMBER: 409,
      IDEMPOTENCY_IN_PROGRESS: 409,
      INVOICE_NOT_ACCEPTED: 409,
      PAYLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA_TYPE: 415,
      AMOUNTS_INCONSISTENT: 422,
      LINE_TOTAL_MISMATCH: 422,
      NUMBER_OUT_OF_RANGE: 422,
      IDEMPOTENCY_KEY_REUSED: 422,
      TAX_AUTHORITY_REJECTED: 422,
      RATE_LIMITED: 429,
      UNAVAILABLE: 503,
      // ours, beyond the product brief's table (docs/service.md): file links, unknown routes, bugs
      LINK_INVALID: 403,
      LINK_EXPIRED: 410,
      FILE_NOT_READY: 404,
      ROUTE_NOT_FOUND: 404,
      INTERNAL_ERROR: 500,
      // ours: a wrong method on a known path, and what the HTTP parser and the server's time limit refuse
      METHOD_NOT_ALLOWED: 405,
      MALFORMED_REQUEST_LINE: 400,
      MALFORMED_BODY_FRAMING: 400,
      MALFORMED_HTTP: 400,
      REQUEST_TIMEOUT: 408,
      EXPECTATION_FAILED: 417,
      HEADERS_TOO_LARGE: 431,
      // ours: an explicit number that would leave a gap in the numbering
      NUMBER_NOT_CONSECUTIVE: 422,
      // ours: the book rules of credit and debit notes (docs/notes.md)
      REFERENCED_INVOICE_NOT_FOUND: 404,
      REFERENCED_INVOICE_NOT_ACCEPTED: 409,
      INVOICE_VOIDED: 409,
      CREDIT_EXCEEDS_BALANCE: 422,
      NOTE_AMOUNT_ZERO: 422,
      CANCELLATION_NOT_FULL: 422,
      // ours: the seller's tacit acceptance (docs/radian.md)
      TACIT_ACCEPTANCE_GOODS_NOT_RECEIVED: 409,
      TACIT_ACCEPTANCE_TOO_EARLY: 409,
      TACIT_ACCEPTANCE_BUYER_ANSWERED: 409,
      TACIT_ACCEPTANCE_REJECTED: 422,
      // ours: the buyer's side, received invoices and the buyer's events (docs/radian.md)
      RECEIVED_INVOICE_UNREADABLE: 422,
      RECEIVED_INVOICE_NOT_FOUND: 404,
      RECEIVED_INVOICE_CHECKS_FAILED: 409,
      BUYER_EVENT_OUT_OF_ORDER: 409,
      BUYER_EVENT_REPEATED: 409,
      BUYER_EVENT_PENDING: 409,
      TITLE_VALUE_NOT_ACCEPTED: 409,
      TITLE_VALUE_CASH_INVOICE: 409,
      TITLE_VALUE_NOT_REGISTERED: 409,
      TITLE_VALUE_NOT_HOLDER: 409,
      RADIAN_EVENT_REJECTED: 422,
    });
  });

  it('the error body refuses unknown codes', () => {
    const body = { success: false, error: { code: 'NIT_INVALID', message: 'm', details: [] }, request_id: 'r' };
    expect(errorBodySchema.safeParse(body).success).toBe(true);
    expect(errorBodySchema.safeParse({ ...body, error: { ...body.error, code: 'OOPS' } }).success).toBe(false);
  });
});

describe('topology', () => {
  it('every invoice event has exactly one producer, and every consumed event is produced', () => {
    for (const type of invoiceEventTypes) {
      const producers = Object.entries(topology)
        .filter(([, s]) => s.produces.includes(type))
        .map(([name]) => name);
      expect(producers, type).toHaveLength(1);
    }
    for (const [name, service] of Object.entries(topology)) {
      for (const type of service.consumes) expect(invoiceEventTypes, `${name} consumes ${type}`).toContain(type);
      if (service.consumes.length) expect(service.consumerGroup, name).toMatch(/^fe\./);
    }
  });

  it("the projection consumes every invoice event but a received invoice's (the buyer's side has its own view)", () => {
    const issued = invoiceEventTypes.filter((type) => !(receivedInvoiceEventTypes as readonly string[]).includes(type));
    expect([...topology.projection.consumes].sort()).toEqual(issued.sort());
  });
});

describe('invoice events', () => {
  const envelope = {
    id: '7d1f0a57-8f63-4c39-9a53-3c7d9c1b2f10',
    version: 1,
    occurred_at: '2026-03-10T10:15:00-05:00',
    tenant_id: 'demo',
    invoice_id: 'inv-1',
    correlation_id: 'req-1',
    causation_id: 'req-1',
  };

  it('parses a valid InvoiceAccepted and refuses one without its data', () => {
    const event = {
      ...envelope,
      type: 'InvoiceAccepted',
      data: {
        track_id: 't',
        status_code: '00',
        status_description: 'Procesado Correctamente.',
        status_message: 'ok',
        notifications: [],
        validated_at: '2026-03-10T10:15:02-05:00',
      },
    };
    expect(invoiceEventSchema.safeParse(event).success).toBe(true);
    expect(invoiceEventSchema.safeParse({ ...event, data: {} }).success).toBe(false);
    expect(invoiceEventSchema.safeParse({ ...event, version: 2 }).success).toBe(false);
  });
});
