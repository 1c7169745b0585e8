import { createHash } from 'node:crypto';
import { cac, cbc, childElements, parseXmlTree, textAt } from '@fe/dian-xml';
import { describe, expect, it } from 'vitest';
import { demoResolution, demoSoftware, demoTenant } from '../tenant/demo-tenant.ts';
import { buildInvoiceXml } from '../ubl/build-invoice.ts';
import { validateInvoiceRequest } from '../validation/validate-request.ts';

// A wholesaler's sale to a buyer who withholds: 40 × 185 000.00 at IVA 19 %.
const sale = {
  customer: { document_type: '31', document_number: '900108281', name: 'Cliente S.A.S.' },
  lines: [
    { code: 'P-1', name: 'Papel', quantity: 40, unit_price: 185000, taxes: [{ code: '01', name: 'IVA', rate: 19 }] },
  ],
  payment: { method_code: '31', due_date: '2030-12-31' },
};
const withholdings = [
  { code: '06', rate: 2.5 },
  { code: '05', rate: 15 },
  { code: '07', rate: 0.966 },
];

function build(request: object) {
  const validated = validateInvoiceRequest(request, { issueDate: '2026-12-04' });
  if (!validated.ok) throw new Error(JSON.stringify(validated.error));
  return buildInvoiceXml({
    invoice: validated.value,
    tenant: demoTenant,
    resolution: demoResolution,
    number: '990000001',
    software: demoSoftware,
    environment: '2',
    issuedAt: new Date('2026-12-04T15:00:00Z'),
  });
}

describe("the buyer's withholdings (issue 30)", () => {
  it('are computed on their bases, written after the taxes, and change neither the payable amount nor the CUFE', () => {
    const plain = build(sale);
    const withheld = build({ ...sale, withholdings });
    // Arithmetic written here: lines 7 400 000.00, IVA 1 406 000.00.
    const expected = [
      ['05', '1406000.00', '15.00', '210900.00'], // 15 % of the IVA
      ['06', '7400000.00', '2.50', '185000.00'], // 2.5 % of the lines' net amount
      ['07', '7400000.00', '0.966', '71484.00'], // 9.66 per mil of it
    ];
    const root = parseXmlTree(withheld.xml);
    const totals = childElements(root, ...cac('WithholdingTaxTotal')).map((t) => [
      textAt(t, cac('TaxSubtotal'), cac('TaxCategory'), cac('TaxScheme'), cbc('ID')),
      textAt(t, cac('TaxSubtotal'), cbc('TaxableAmount')),
      textAt(t, cac('TaxSubtotal'), cac('TaxCategory'), cbc('Percent')),
      textAt(t, cbc('TaxAmount')),
    ]);
    expect(totals).toEqual(expected);
    const order = root.content.flatMap((c) => (typeof c === 'string' ? [] : [c.localName]));
    expect(order.indexOf('WithholdingTaxTotal')).toBe(order.lastIndexOf('TaxTotal') + 1);
    expect(order.lastIndexOf('WithholdingTaxTotal') + 1).toBe(order.indexOf('LegalMonetaryTotal'));
    expect(textAt(root, cac('LegalMonetaryTotal'), cbc('PayableAmount'))).toBe('8806000.00');
    expect(withheld.cufe).toBe(plain.cufe);
    // The CUFE by annex §1.1, written here: the withholdings are not among its values.
    const input = `SETP9900000012026-12-0410:00:00-05:007400000.00011406000.00040.00030.008806000.00${demoTenant.nit}900108281${demoResolution.technicalKey}2`;
    expect(createHash('sha384').update(input).digest('hex')).toBe(withheld.cufe);
    // Without them the document is the one it was: nothing else moved.
    const from = withheld.xml.indexOf('<cac:WithholdingTaxTotal>');
    const to = withheld.xml.lastIndexOf('</cac:WithholdingTaxTotal>') + '</cac:WithholdingTaxTotal>'.length;
    expect(withheld.xml.slice(0, from) + withheld.xml.slice(to)).toBe(plain.xml);
  });

  it('refuses a code twice, a rate of 0 or above 100, and ReteIVA on an invoice without IVA, naming the field', () => {
    const refused = (request: object) => {
      const validated = validateInvoiceRequest(request, { issueDate: '2026-12-04' });
      return validated.ok ? [] : validated.error.details.map((d) => d.path);
    };
    expect(
      refused({
        ...sale,
        withholdings: [
          { code: '06', rate: 1 },
          { code: '06', rate: 2 },
        ],
      }),
    ).toEqual(['withholdings.1.code']);
    expect(refused({ ...sale, withholdings: [{ code: '07', rate: 101 }] })).toEqual(['withholdings.0.rate']);
    expect(refused({ ...sale, withholdings: [{ code: '07', rate: 0 }] })).toEqual(['withholdings.0.rate']);
    const exempt = { ...sale, lines: [{ ...sale.lines[0]!, taxes: [] }] };
    expect(refused({ ...exempt, withholdings: [{ code: '05', rate: 15 }] })).toEqual(['withholdings.0.code']);
  });
});
