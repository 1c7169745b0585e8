/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The notes' API wired into the embedded service (docs/notes.md): routes, ledger events, statuses. The notes'
// documents are covered by suites/credit-debit-notes.ts.
import { createInvoiceResponseSchema, invoiceStatusResponseSchema } from '@fe/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollStatus, type HttpAnswer } from '../test-support/http-client.ts';
import { startEmbeddedShape } from '../test-support/shapes/embedded-shape.ts';
import type { Shape } from '../test-support/shapes/shape.ts';
import { exampleRequest } from '../test-support/world.ts';

let shape: Shape;
beforeAll(async () => {
  shape = await startEmbeddedShape();
});
afterAll(async () => shape?.close());

async function postNote(kind: 'credit' | 'debit', body: unknown): Promise<HttpAnswer> {
  const response = await fetch(`${shape.url}/api/v1/service/${kind}-note`, {
    method: 'POST',
    headers: { authorization: `Bearer ${shape.apiKey}`, 'content-type': 'application/json', prefer: 'wait=0' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text), text };
}

describe('credit notes on the embedded service', () => {
  // exampleRequest pays 438 001.62; one consultancy hour with IVA is 178 500.00.
  const hour = {
    code: 'SRV-001',
    name: 'Consultoría',
    quantity: 1,
    unit_price: 150000,
    taxes: [{ code: '01', name: 'IVA', rate: 19 }],
  };
  let invoice: any;
  let note: HttpAnswer;
  beforeAll(async () => {
    invoice = (await shape.post(exampleRequest)).body;
    note = await postNote('credit', { invoice: { cufe: invoice.cufe }, concept: '1', lines: [hour] });
  });

  it('numbers a note and answers with its CUDE, type and reference', () => {
    expect(invoice.status).toBe('accepted');
    expect([201, 202]).toContain(note.status);
    expect(createInvoiceResponseSchema.parse(note.body)).toMatchObject({
      number: 'NC1',
      document_type: 'credit_note',
      referenced_invoice: { cufe: invoice.cufe },
    });
    expect(note.headers.get('location')).toBe(`/api/v1/service/status/${note.body.cufe}`);
  });

  it("lists it on the invoice's status with the balance left, and answers for it by its CUDE", async () => {
    const status = invoiceStatusResponseSchema.parse(
      await pollStatus(shape, invoice.cufe, (b) => b.notes?.length === 1),
    );
    expect(status.notes![0]).toMatchObject({
      document_type: 'credit_note',
      number: 'NC1',
      cude: note.body.cufe,
      concept: '1',
      amount: '178500.00',
    });
    // Pending or accepted it counts; a rejected note frees its amount.
    expect(status.balance).toBe(status.notes![0]!.status === 'rejected' ? '438001.62' : '259501.62');
    const own = invoiceStatusResponseSchema.parse(await pollStatus(shape, note.body.cufe, () => true));
    expect(own).toMatchObject({
      document_type: 'credit_note',
      concept: '1',
      referenced_invoice: { number: invoice.number },
    });
  });

  it("refuses a credit above the balance, and a note on an invoice of nobody's", async () => {
    const excess = await postNote('credit', {
      invoice: { cufe: invoice.cufe },
      concept: '3',
      lines: [{ ...hour, quantity: 3 }],
    }); // 535 500.00: above the whole invoice
    expect({ status: excess.status, code: excess.body.error.code }).toEqual({
      status: 422,
      code: 'CREDIT_EXCEEDS_BALANCE',
    });
    const unknown = await postNote('debit', { invoice: { prefix: 'SETP', number: 1 }, concept: '1', lines: [hour] });
    expect({ status: unknown.status, code: unknown.body.error.code }).toEqual({
      status: 404,
      code: 'REFERENCED_INVOICE_NOT_FOUND',
    });
  });
});
