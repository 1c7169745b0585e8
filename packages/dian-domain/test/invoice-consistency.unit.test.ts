import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { demoResolution } from '../src/index.ts';
import { buildCase, invoiceCases } from './fixtures/invoice-cases.ts';

/**
 * Checks each built XML from the outside: parsed with a generic XML parser, the CUFE recomputed
 * from the document's own fields with node:crypto (not the domain's cufe()), and the monetary
 * totals re-added from the lines in integer cents.
 */
type Node = Record<string, unknown>;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, parseAttributeValue: false, isArray: (name) => ['cac:InvoiceLine', 'cac:TaxTotal', 'cac:TaxSubtotal'].includes(name) });

const text = (v: unknown): string => (typeof v === 'object' && v !== null ? String((v as Node)['#text']) : String(v));
const cents = (v: unknown): bigint => {
  const s = text(v);
  expect(s).toMatch(/^\d+\.\d{2}$/);
  return BigInt(s.replace('.', ''));
};
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
const taxTotals = (parent: Node) => (parent['cac:TaxTotal'] as Node[] | undefined) ?? [];
const subtotals = (total: Node) => total['cac:TaxSubtotal'] as Node[];
const schemeOf = (sub: Node) => text(((sub['cac:TaxCategory'] as Node)['cac:TaxScheme'] as Node)['cbc:ID']);
const percentOf = (sub: Node) => text((sub['cac:TaxCategory'] as Node)['cbc:Percent']);

describe.each(invoiceCases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
  const built = buildCase(c.request);
  const inv = parser.parse(built.xml).Invoice as Node;
  const lmt = inv['cac:LegalMonetaryTotal'] as Node;
  const lines = inv['cac:InvoiceLine'] as Node[];
  const party = (key: string) => (inv[key] as Node)['cac:Party'] as Node;

  it('the CUFE in cbc:UUID equals SHA-384 of the XML\'s own fields', () => {
    const header = (code: string) => {
      const total = taxTotals(inv).find((t) => schemeOf(subtotals(t)[0]!) === code);
      return total ? text(total['cbc:TaxAmount']) : '0.00';
    };
    const input =
      text(inv['cbc:ID']) + text(inv['cbc:IssueDate']) + text(inv['cbc:IssueTime']) + text(lmt['cbc:LineExtensionAmount']) +
      '01' + header('01') + '04' + header('04') + '03' + header('03') + text(lmt['cbc:PayableAmount']) +
      text((party('cac:AccountingSupplierParty')['cac:PartyTaxScheme'] as Node)['cbc:CompanyID']) +
      text((party('cac:AccountingCustomerParty')['cac:PartyTaxScheme'] as Node)['cbc:CompanyID']) +
      demoResolution.technicalKey + text(inv['cbc:ProfileExecutionID']);
    const uuid = inv['cbc:UUID'] as Node;
    expect(text(uuid)).toBe(createHash('sha384').update(input, 'utf8').digest('hex'));
    expect(uuid['@schemeName']).toBe('CUFE-SHA384');
    expect(uuid['@schemeID']).toBe(text(inv['cbc:ProfileExecutionID']));
  });

  it('LegalMonetaryTotal adds up from the lines', () => {
    const bases = lines.map((l) => cents(l['cbc:LineExtensionAmount']));
    const taxedBases = lines.filter((l) => taxTotals(l).length > 0).map((l) => cents(l['cbc:LineExtensionAmount']));
    const headerTaxes = sum(taxTotals(inv).map((t) => cents(t['cbc:TaxAmount'])));
    expect(cents(lmt['cbc:LineExtensionAmount'])).toBe(sum(bases));
    expect(cents(lmt['cbc:TaxExclusiveAmount'])).toBe(sum(taxedBases));
    expect(cents(lmt['cbc:TaxInclusiveAmount'])).toBe(sum(bases) + headerTaxes);
    expect(cents(lmt['cbc:PayableAmount'])).toBe(
      cents(lmt['cbc:TaxInclusiveAmount']) - cents(lmt['cbc:AllowanceTotalAmount']) + cents(lmt['cbc:ChargeTotalAmount']),
    );
    expect(Number(text(inv['cbc:LineCountNumeric']))).toBe(lines.length);
  });

  it('each header TaxTotal equals its subtotals, and each subtotal the lines at that code and rate', () => {
    const fromLines = new Map<string, { taxable: bigint; amount: bigint }>();
    for (const line of lines) {
      for (const total of taxTotals(line)) {
        expect(cents(total['cbc:TaxAmount'])).toBe(sum(subtotals(total).map((s) => cents(s['cbc:TaxAmount']))));
        for (const sub of subtotals(total)) {
          const key = `${schemeOf(sub)}|${percentOf(sub)}`;
          const acc = fromLines.get(key) ?? { taxable: 0n, amount: 0n };
          acc.taxable += cents(sub['cbc:TaxableAmount']);
          acc.amount += cents(sub['cbc:TaxAmount']);
          fromLines.set(key, acc);
        }
      }
    }
    const fromHeader = new Map<string, { taxable: bigint; amount: bigint }>();
    for (const total of taxTotals(inv)) {
      expect(cents(total['cbc:TaxAmount'])).toBe(sum(subtotals(total).map((s) => cents(s['cbc:TaxAmount']))));
      expect(new Set(subtotals(total).map(schemeOf)).size).toBe(1); // one TaxTotal per tax (FAS01a)
      for (const sub of subtotals(total)) {
        fromHeader.set(`${schemeOf(sub)}|${percentOf(sub)}`, { taxable: cents(sub['cbc:TaxableAmount']), amount: cents(sub['cbc:TaxAmount']) });
      }
    }
    expect(fromHeader).toEqual(fromLines);
  });

  it('each line amount is quantity × price rounded half-up (FAV06); each line tax is its exact base × rate / 100 rounded down or up (FAX07)', () => {
    for (const line of lines) {
      const price = text((line['cac:Price'] as Node)['cbc:PriceAmount']);
      const quantity = text(line['cbc:InvoicedQuantity']);
      const [qi, qf = ''] = quantity.split('.');
      const exact = BigInt(price.replace('.', '')) * BigInt(qi! + qf); // scale 2 + qf.length
      const divisor = 10n ** BigInt(qf.length);
      expect(cents(line['cbc:LineExtensionAmount'])).toBe((exact * 2n + divisor) / (divisor * 2n));
      for (const sub of taxTotals(line).flatMap(subtotals)) {
        const product = cents(sub['cbc:TaxableAmount']) * cents(percentOf(sub)); // cents × hundredths of a percent
        const floor = product / 10000n;
        expect([floor, product % 10000n === 0n ? floor : floor + 1n]).toContain(cents(sub['cbc:TaxAmount']));
      }
    }
  });

  it('each header subtotal is its taxable amount × rate / 100 rounded half-up (FAS07)', () => {
    for (const sub of taxTotals(inv).flatMap(subtotals)) {
      const product = cents(sub['cbc:TaxableAmount']) * cents(percentOf(sub));
      expect(cents(sub['cbc:TaxAmount'])).toBe((product * 2n + 10000n) / 20000n);
    }
  });
});
