import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { demoResolution } from '../src/index.ts';
import { buildCase, invoiceCases } from '../test-support/invoice-cases.ts';

/**
 * Checks each built XML from the outside: a generic parser, node:crypto for the CUFE (not the domain's cufe()),
 * totals re-added in integer cents.
 */
type Node = Record<string, unknown>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) =>
    ['cac:InvoiceLine', 'cac:TaxTotal', 'cac:TaxSubtotal', 'cac:AllowanceCharge', 'cac:PrepaidPayment'].includes(name),
});

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
const allowanceCharges = (parent: Node) => (parent['cac:AllowanceCharge'] as Node[] | undefined) ?? [];
/** Σ charges − Σ discounts of a line or of the invoice. */
const adjustment = (parent: Node) =>
  sum(
    allowanceCharges(parent).map(
      (ac) => (text(ac['cbc:ChargeIndicator']) === 'true' ? 1n : -1n) * cents(ac['cbc:Amount']),
    ),
  );
/** A decimal as [units, scale]. */
const decimal = (literal: string): [bigint, number] => {
  const [int, frac = ''] = literal.split('.');
  return [BigInt(int! + frac), frac.length];
};
/** a × b (decimal literals) rounded half-up to cents. */
const productCents = (a: string, b: string): bigint => {
  const [au, as] = decimal(a);
  const [bu, bs] = decimal(b);
  const scale = as + bs;
  if (scale <= 2) return au * bu * 10n ** BigInt(2 - scale);
  const divisor = 10n ** BigInt(scale - 2);
  return (au * bu * 2n + divisor) / (divisor * 2n);
};
/** The line's tax base: its TaxableAmount (the same on each of its taxes). */
const lineTaxable = (line: Node) => cents(subtotals(taxTotals(line)[0]!)[0]!['cbc:TaxableAmount']);

describe.each(invoiceCases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
  const built = buildCase(c.request);
  const inv = parser.parse(built.xml).Invoice as Node;
  const lmt = inv['cac:LegalMonetaryTotal'] as Node;
  const lines = inv['cac:InvoiceLine'] as Node[];
  const party = (key: string) => (inv[key] as Node)['cac:Party'] as Node;

  it("the CUFE in cbc:UUID equals SHA-384 of the XML's own fields", () => {
    const header = (code: string) => {
      const total = taxTotals(inv).find((t) => schemeOf(subtotals(t)[0]!) === code);
      return total ? text(total['cbc:TaxAmount']) : '0.00';
    };
    const input =
      text(inv['cbc:ID']) +
      text(inv['cbc:IssueDate']) +
      text(inv['cbc:IssueTime']) +
      text(lmt['cbc:LineExtensionAmount']) +
      '01' +
      header('01') +
      '04' +
      header('04') +
      '03' +
      header('03') +
      text(lmt['cbc:PayableAmount']) +
      text((party('cac:AccountingSupplierParty')['cac:PartyTaxScheme'] as Node)['cbc:CompanyID']) +
      text((party('cac:AccountingCustomerParty')['cac:PartyTaxScheme'] as Node)['cbc:CompanyID']) +
      demoResolution.technicalKey +
      text(inv['cbc:ProfileExecutionID']);
    const uuid = inv['cbc:UUID'] as Node;
    expect(text(uuid)).toBe(createHash('sha384').update(input, 'utf8').digest('hex'));
    expect(uuid['@schemeName']).toBe('CUFE-SHA384');
    expect(uuid['@schemeID']).toBe(text(inv['cbc:ProfileExecutionID']));
  });

  it('LegalMonetaryTotal adds up from the lines, the discounts, charges and advances (FAU02–FAU14)', () => {
    const bases = lines.map((l) => cents(l['cbc:LineExtensionAmount']));
    const taxedBases = lines.filter((l) => taxTotals(l).length > 0).map(lineTaxable);
    const headerTaxes = sum(taxTotals(inv).map((t) => cents(t['cbc:TaxAmount'])));
    const documentAcs = allowanceCharges(inv);
    const ofKind = (charge: boolean) =>
      sum(
        documentAcs
          .filter((ac) => (text(ac['cbc:ChargeIndicator']) === 'true') === charge)
          .map((ac) => cents(ac['cbc:Amount'])),
      );
    const advances = ((inv['cac:PrepaidPayment'] as Node[] | undefined) ?? []).map((p) => cents(p['cbc:PaidAmount']));
    expect(cents(lmt['cbc:LineExtensionAmount'])).toBe(sum(bases));
    expect(cents(lmt['cbc:TaxExclusiveAmount'])).toBe(sum(taxedBases));
    expect(cents(lmt['cbc:TaxInclusiveAmount'])).toBe(sum(bases) + headerTaxes);
    expect(cents(lmt['cbc:AllowanceTotalAmount'])).toBe(ofKind(false));
    expect(cents(lmt['cbc:ChargeTotalAmount'])).toBe(ofKind(true));
    expect(cents(lmt['cbc:PrepaidAmount'])).toBe(sum(advances));
    // Advances are not subtracted (annex 1.8+, FAU14).
    expect(cents(lmt['cbc:PayableAmount'])).toBe(
      cents(lmt['cbc:TaxInclusiveAmount']) -
        cents(lmt['cbc:AllowanceTotalAmount']) +
        cents(lmt['cbc:ChargeTotalAmount']),
    );
    expect(Number(text(inv['cbc:LineCountNumeric']))).toBe(lines.length);
  });

  it('each discount or charge is its base × MultiplierFactorNumeric / 100, within a cent', () => {
    for (const ac of [...allowanceCharges(inv), ...lines.flatMap(allowanceCharges)]) {
      // cents × percent, i.e. 100 × the amount in cents
      const exact = productCents(text(ac['cbc:BaseAmount']), text(ac['cbc:MultiplierFactorNumeric']));
      const amount = cents(ac['cbc:Amount']);
      expect(amount * 100n - exact <= 100n && exact - amount * 100n <= 100n).toBe(true);
    }
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
        fromHeader.set(`${schemeOf(sub)}|${percentOf(sub)}`, {
          taxable: cents(sub['cbc:TaxableAmount']),
          amount: cents(sub['cbc:TaxAmount']),
        });
      }
    }
    expect(fromHeader).toEqual(fromLines);
  });

  it('each line amount is quantity × price rounded half-up − discounts + charges (FAV06), 0 for a free item; each line tax is its exact base × rate / 100 rounded down or up (FAX07)', () => {
    for (const line of lines) {
      const price = text((line['cac:Price'] as Node)['cbc:PriceAmount']);
      const quantity = text(line['cbc:InvoicedQuantity']);
      const free = text(line['cbc:FreeOfChargeIndicator']) === 'true';
      expect(cents(line['cbc:LineExtensionAmount'])).toBe(free ? 0n : productCents(price, quantity) + adjustment(line));
      if (free) {
        // Taxed on quantity × the reference price (PricingReference).
        const reference = text(
          ((line['cac:PricingReference'] as Node)['cac:AlternativeConditionPrice'] as Node)['cbc:PriceAmount'],
        );
        if (taxTotals(line).length) expect(lineTaxable(line)).toBe(productCents(reference, quantity));
      } else if (taxTotals(line).length) {
        expect(lineTaxable(line)).toBe(cents(line['cbc:LineExtensionAmount']));
      }
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
