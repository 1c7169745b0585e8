import { describe, expect, it } from 'vitest';
import { creditNoteRequestSchema, debitNoteRequestSchema } from '@fe/contracts';
import { money } from '@fe/dian-domain';
import { decideUnlinkedNote } from './decide-unlinked.ts';
import { parseNoteRequest } from './decide.ts';

const customer = { document_type: '31', document_number: '900108281', name: 'Cliente S.A.S.' };
const payment = { method_code: '10' };
const line = {
  code: 'D-1',
  name: 'Descuento',
  quantity: 1,
  unit_price: 100,
  taxes: [{ code: '01', name: 'IVA', rate: 19 }],
};
const period = { start_date: '2026-11-01', end_date: '2026-11-30' };
const external = { number: 'FE1234', cufe: 'a'.repeat(96), issue_date: '2026-10-15' };
const credit = (body: Record<string, unknown>) =>
  creditNoteRequestSchema.parse({ concept: '3', customer, payment, lines: [line], ...body });

describe('a note on no invoice of this product', () => {
  it('without an invoice: the period, the request buyer and payment, its own totals', () => {
    const decided = decideUnlinkedNote('credit', credit({ invoice_period: period }));
    expect(decided.ok && decided.value.parts).toEqual({ invoice_period: period, customer: expect.anything(), payment });
    expect(decided.ok && money(decided.value.checked.totals.payable)).toBe('119.00');
  });

  it('on an invoice of another provider: its number, CUFE and date as given, and it may cancel it (concept 2)', () => {
    const decided = decideUnlinkedNote('credit', credit({ external_invoice: external, concept: '2' }));
    expect(decided.ok && decided.value.parts.referenced_invoice).toEqual({
      document_id: 'FE1234',
      cufe: external.cufe,
      issue_date: '2026-10-15',
    });
  });

  it('without an invoice cannot cancel one (CBF03a): VALIDATION_ERROR naming concept', () => {
    const decided = decideUnlinkedNote('credit', credit({ invoice_period: period, concept: '2' }));
    expect(!decided.ok && [decided.error.code, decided.error.details?.[0]?.path]).toEqual([
      'VALIDATION_ERROR',
      'concept',
    ]);
  });

  it('of 0.00 is NOTE_AMOUNT_ZERO; a declared total that differs is refused as on an invoice', () => {
    const zero = decideUnlinkedNote(
      'debit',
      debitNoteRequestSchema.parse({
        invoice_period: period,
        concept: '4',
        customer,
        payment,
        lines: [{ ...line, unit_price: 0 }],
      }),
    );
    expect(!zero.ok && zero.error.code).toBe('NOTE_AMOUNT_ZERO');
    const total = decideUnlinkedNote('credit', credit({ invoice_period: period, total: '120.00' }));
    expect(!total.ok && total.error.details?.[0]?.path).toBe('total');
  });

  it('the request names exactly one reference, and customer and payment only without an invoice here', () => {
    const paths = (body: Record<string, unknown>) => {
      const parsed = parseNoteRequest('credit', body);
      return parsed.ok ? [] : parsed.error.details!.map((d) => d.path);
    };
    expect(paths({ concept: '3', lines: [line] })).toEqual(['invoice']);
    expect(paths({ invoice: { cufe: external.cufe }, invoice_period: period, concept: '3', lines: [line] })).toContain(
      'invoice',
    );
    expect(paths({ invoice: { cufe: external.cufe }, concept: '3', customer, lines: [line] })).toEqual(['customer']);
    expect(paths({ invoice_period: period, concept: '3', lines: [line] })).toEqual(['customer', 'payment']);
    expect(paths({ invoice_period: period, concept: '2', customer, payment })).toEqual(['lines']);
    expect(
      paths({
        invoice_period: { start_date: '2026-11-30', end_date: '2026-11-01' },
        concept: '3',
        customer,
        payment,
        lines: [line],
      }),
    ).toEqual(['invoice_period.end_date']);
    expect(
      paths({ external_invoice: { ...external, number: 'FE-1' }, concept: '3', customer, payment, lines: [line] }),
    ).toEqual(['external_invoice.number']);
  });
});
