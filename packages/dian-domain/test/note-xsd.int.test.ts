import { describe, expect, it } from 'vitest';
import { buildNoteCase, noteCases } from '../test-support/note-cases.ts';
import { CREDIT_NOTE_XSD, DEBIT_NOTE_XSD, xmllintValidate } from '../test-support/xmllint.ts';

// Every invoice case as a cancelling credit note and as a debit note, against DIAN's copies of the
// UBL 2.1 CreditNote and DebitNote schemas (annex §10.2b gives their element order).
describe.each([
  ['credit', CREDIT_NOTE_XSD],
  ['debit', DEBIT_NOTE_XSD],
] as const)('built %s notes against their XSD (xmllint)', (kind, schema) => {
  const cases = noteCases.filter((c) => c.content.kind === kind);
  const documents = cases.map((c) => ({ name: c.name, xml: buildNoteCase(c.content).xml }));
  const result = xmllintValidate(documents, schema);

  it('covers the table', () => {
    expect(cases.length).toBeGreaterThan(15);
  });

  it.each(cases.map((c, i) => [c.name, i] as const))('%s validates', (_name, i) => {
    expect(result.output).toContain(`${result.files[i]} validates`);
  });

  it('xmllint exits 0 for the whole table', () => {
    expect(result.status, result.output).toBe(0);
  });

  it("the checker is live: a line in the invoice's order (AllowanceCharge before TaxTotal) fails", () => {
    // Notes carry no document-level discounts, so this joint is inside a line.
    const joint = '</cac:TaxTotal><cac:AllowanceCharge>';
    const withDiscount = documents.find((d) => d.xml.includes(joint))!;
    const at = withDiscount.xml.indexOf(joint);
    const taxStart = withDiscount.xml.lastIndexOf('<cac:TaxTotal>', at);
    const allowanceEnd = withDiscount.xml.indexOf('</cac:AllowanceCharge>', at) + '</cac:AllowanceCharge>'.length;
    const tax = withDiscount.xml.slice(taxStart, at + '</cac:TaxTotal>'.length);
    const allowance = withDiscount.xml.slice(at + '</cac:TaxTotal>'.length, allowanceEnd);
    const xml = withDiscount.xml.slice(0, taxStart) + allowance + tax + withDiscount.xml.slice(allowanceEnd);
    const broken = xmllintValidate([{ name: 'invoice-line-order', xml }], schema);
    expect(broken.status).not.toBe(0);
    expect(broken.output).toContain('TaxTotal');
  });
});
