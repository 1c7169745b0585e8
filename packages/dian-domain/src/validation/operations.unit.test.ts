import { describe, expect, it } from 'vitest';
import { documentLinesOf } from './document-lines.ts';
import { validateInvoiceRequest } from './validate-request.ts';
import { invoiceRequestSchema } from '@fe/contracts';

const buyer = { document_type: '31', document_number: '900108281', name: 'Cliente S.A.S.' };
const contractLine = (code: string, unit_price: number | string, quantity: number | string = 1) => ({
  code,
  name: `Obra ${code}`,
  quantity,
  unit_price,
});
const aiu = {
  contract_object: 'Bodega',
  administration: { percent: 10 },
  unforeseen: { percent: '3.5' },
  profit: { percent: 5 },
};
const principal = { document_type: '31', document_number: '800197268', check_digit: '4', name: 'Mandante S.A.S.' };
const validate = (request: object) =>
  validateInvoiceRequest({ customer: buyer, payment: { method_code: '10' }, ...request }, { issueDate: '2026-03-10' });
const errorOf = (request: object) => {
  const result = validate(request);
  if (result.ok) throw new Error('expected a refusal');
  return { code: result.error.code, paths: result.error.details.map((d) => d.path) };
};

describe('an AIU contract (operation 09)', () => {
  it('adds A, I and U after the contract lines, IVA on U only, the note on A; totals by arithmetic written here', () => {
    const result = validate({ lines: [contractLine('C-1', '1234567.89'), contractLine('C-2', 1000, 3)], aiu });
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    const invoice = result.value;
    // direct cost 1 234 567.89 + 3 000.00 = 1 237 567.89 (cents 123756789)
    const direct = 123756789n;
    const half = (n: bigint, d: bigint) => (n * 2n + d) / (d * 2n); // half-up n / d
    const a = half(direct * 1000n, 10000n); // 10 %
    const i = half(direct * 350n, 10000n); // 3.5 %
    const u = half(direct * 500n, 10000n); // 5 %
    const iva = half(u * 19n, 100n);
    expect(invoice.operationType).toBe('09');
    expect(invoice.lines.map((l) => [l.code, l.name, l.aiuPart])).toEqual([
      ['C-1', 'Obra C-1', undefined],
      ['C-2', 'Obra C-2', undefined],
      ['AIU-A', 'Administración', 'administration'],
      ['AIU-I', 'Imprevistos', 'unforeseen'],
      ['AIU-U', 'Utilidad', 'profit'],
    ]);
    expect(invoice.lines[2]!.note).toBe('Contrato de servicios AIU por concepto de: Bodega');
    expect(invoice.totals.lines.slice(2).map((l) => l.base)).toEqual([a, i, u]);
    expect(invoice.totals.lines.map((l) => l.taxTotal)).toEqual([0n, 0n, 0n, 0n, iva]);
    expect(invoice.totals.taxExclusive).toBe(u);
    expect(invoice.totals.lineExtension).toBe(direct + a + i + u);
    expect(invoice.totals.payable).toBe(direct + a + i + u + iva);
  });

  it('takes a part as an amount and the profit at IVA 5 %', () => {
    const result = validate({
      lines: [contractLine('C-1', 100000)],
      aiu: { ...aiu, profit: { amount: '7000.50' }, profit_iva_rate: 5 },
    });
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect(result.value.totals.taxTotals).toMatchObject([{ code: '01', amount: 35003n }]); // 7000.50 × 5 % = 350.025
  });

  it.each([
    [
      'a contract line with a tax',
      { lines: [{ ...contractLine('C-1', 1), taxes: [{ code: '01', name: 'IVA', rate: 19 }] }], aiu },
      'VALIDATION_ERROR',
      ['lines.0.taxes'],
    ],
    [
      "a contract line with the Utilidad line's code",
      { lines: [contractLine('AIU-U', 1)], aiu },
      'VALIDATION_ERROR',
      ['lines.0.code'],
    ],
    [
      'a line sold for a principal too',
      { lines: [{ ...contractLine('C-1', 1), principal }], aiu },
      'VALIDATION_ERROR',
      ['lines.0.principal'],
    ],
    [
      'the profit at IVA 0 %',
      { lines: [contractLine('C-1', 1)], aiu: { ...aiu, profit_iva_rate: 0 } },
      'TAX_RATE_INVALID',
      ['aiu.profit_iva_rate'],
    ],
    [
      'a part of more than 100 %',
      { lines: [contractLine('C-1', 1)], aiu: { ...aiu, unforeseen: { percent: 101 } } },
      'VALIDATION_ERROR',
      ['aiu.unforeseen.percent'],
    ],
    [
      'a part with both percent and amount',
      { lines: [contractLine('C-1', 1)], aiu: { ...aiu, profit: { percent: 1, amount: 1 } } },
      'VALIDATION_ERROR',
      ['aiu.profit.percent'],
    ],
  ])('refuses %s', (_what, request, code, paths) => {
    expect(errorOf(request)).toEqual({ code, paths });
  });

  it("a cancellation's lines are the document's: the contract's, then A, I and U with U's IVA", () => {
    const request = invoiceRequestSchema.parse({
      customer: buyer,
      payment: { method_code: '10' },
      lines: [contractLine('C-1', 200000)],
      aiu,
    });
    expect(documentLinesOf(request, { issueDate: '2026-03-10' })!.slice(1)).toEqual([
      { code: 'AIU-A', name: 'Administración', quantity: '1', unit_price: '20000.00', unit_code: '94', taxes: [] },
      { code: 'AIU-I', name: 'Imprevistos', quantity: '1', unit_price: '7000.00', unit_code: '94', taxes: [] },
      {
        code: 'AIU-U',
        name: 'Utilidad',
        quantity: '1',
        unit_price: '10000.00',
        unit_code: '94',
        taxes: [{ code: '01', name: 'IVA', rate: '19' }],
      },
    ]);
  });
});

describe('a mandate (operation 11)', () => {
  it('keeps each principal on its line, NIT split from its DV, and is operation 11', () => {
    const natural = { document_type: '13', document_number: '1020304050', name: 'Ana' };
    const result = validate({
      lines: [
        { ...contractLine('M-1', 1000), principal },
        { ...contractLine('M-2', 1000), principal: natural },
        contractLine('O-1', 1),
      ],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect(result.value.operationType).toBe('11');
    expect(result.value.lines.map((l) => l.principal)).toEqual([
      { documentType: '31', documentNumber: '800197268', dv: 4, name: 'Mandante S.A.S.' },
      { documentType: '13', documentNumber: '1020304050', name: 'Ana' },
      undefined,
    ]);
  });

  it.each([
    [
      "a principal's NIT with a wrong check digit",
      { ...principal, check_digit: '5' },
      'NIT_INVALID',
      ['lines.0.principal.document_number'],
    ],
    [
      'a cédula with a check digit',
      { document_type: '13', document_number: '1020304050', check_digit: '1', name: 'A' },
      'VALIDATION_ERROR',
      ['lines.0.principal.check_digit'],
    ],
    [
      'a cédula with letters',
      { document_type: '13', document_number: 'AB12345', name: 'A' },
      'VALIDATION_ERROR',
      ['lines.0.principal.document_number'],
    ],
  ])('refuses %s', (_what, p, code, paths) => {
    expect(errorOf({ lines: [{ ...contractLine('M-1', 1), principal: p }] })).toEqual({ code, paths });
  });

  it('an invoice without AIU or principals stays operation 10', () => {
    const result = validate({ lines: [contractLine('P-1', 1)] });
    expect(result.ok && result.value.operationType).toBe('10');
  });
});
