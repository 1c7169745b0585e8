import { createHash } from 'node:crypto';
import { attributeOf, cac, cbc, childElements, descendants, parseXmlTree, sourceOf, textOf } from '@fe/dian-xml';
import { describe, expect, it } from 'vitest';
import { buildCase } from '../../test-support/invoice-cases.ts';
import { buildNoteCase, creditNoteContent, debitNoteContent, everyTaxInvoice } from '../../test-support/note-cases.ts';

const cufe = 'a'.repeat(96);

/** The document-level cac:TaxTotal elements, as written (the lines' own are inside their lines). */
const documentTaxTotals = (xml: string) =>
  childElements(parseXmlTree(xml), ...cac('TaxTotal'))
    .map((e) => sourceOf(xml, e))
    .join('');

/** How many lines carry a BaseUnitMeasure of `measure` in `unitCode`. */
const linesMeasuring = (xml: string, unitCode: string, measure: string) =>
  [
    ...childElements(parseXmlTree(xml), ...cac('CreditNoteLine')),
    ...childElements(parseXmlTree(xml), ...cac('DebitNoteLine')),
  ].filter((line) =>
    descendants(line, ...cbc('BaseUnitMeasure')).some(
      (m) => attributeOf(m, 'unitCode') === unitCode && textOf(m) === measure,
    ),
  ).length;

describe('a note on an invoice with every tax (ICA, ICUI, INC bolsas, IBUA beside IVA and INC)', () => {
  const invoice = buildCase(everyTaxInvoice);
  const cancellation = buildNoteCase(creditNoteContent({ invoice: { cufe }, concept: '2' }, everyTaxInvoice));
  const debit = buildNoteCase(
    debitNoteContent({ invoice: { cufe }, concept: '3', lines: everyTaxInvoice.lines }, everyTaxInvoice),
  );

  it("writes each tax's TaxTotal and TaxSubtotals exactly as the invoice builder writes the same lines", () => {
    const invoiceTotals = documentTaxTotals(invoice.xml);
    expect(invoiceTotals).not.toBe('');
    expect(documentTaxTotals(cancellation.xml)).toBe(invoiceTotals);
    expect(documentTaxTotals(debit.xml)).toBe(invoiceTotals);
    // Eight codes, the per-unit ones with their measure (in their own unit) and amount and no Percent (annex §3.8).
    expect(childElements(parseXmlTree(invoice.xml), ...cac('TaxTotal'))).toHaveLength(8);
    expect(invoiceTotals).toContain(
      '<cbc:TaxAmount currencyID="COP">2072.00</cbc:TaxAmount><cbc:BaseUnitMeasure unitCode="GLL">2</cbc:BaseUnitMeasure><cbc:PerUnitAmount currencyID="COP">1036.00</cbc:PerUnitAmount><cac:TaxCategory><cac:TaxScheme><cbc:ID>24</cbc:ID>',
    );
    expect(invoiceTotals).toContain(
      '<cbc:TaxAmount currencyID="COP">2600.00</cbc:TaxAmount><cbc:BaseUnitMeasure unitCode="MLT">4000</cbc:BaseUnitMeasure><cbc:PerUnitAmount currencyID="COP">0.65</cbc:PerUnitAmount><cac:TaxCategory><cac:TaxScheme><cbc:ID>34</cbc:ID>',
    );
    expect(invoiceTotals).toContain(
      '<cbc:TaxAmount currencyID="COP">660.00</cbc:TaxAmount><cbc:BaseUnitMeasure unitCode="94">10</cbc:BaseUnitMeasure><cbc:PerUnitAmount currencyID="COP">66.00</cbc:PerUnitAmount><cac:TaxCategory><cac:TaxScheme><cbc:ID>22</cbc:ID>',
    );
  });

  it('writes each line with its own taxes: the per-unit ones in the CreditNoteLine and DebitNoteLine too', () => {
    for (const xml of [cancellation.xml, debit.xml]) {
      expect(linesMeasuring(xml, 'MLT', '4000')).toBe(1);
      expect(linesMeasuring(xml, '94', '10')).toBe(1);
    }
  });

  it('hashes only IVA (01), INC (04) and ICA (03) into the CUDE (annex §1.2), with the software PIN', () => {
    // lines 207 000.00; IVA 20 330.00, INC 8 000.00, ICA 579.60; payable 247 169.60 (ICUI, IBUA and bolsas included).
    const input = 'NC12026-03-1208:30:00-05:00237000.000126030.00048000.0003579.60287941.60900123456900108281123452';
    expect(cancellation.cudeInput).toBe(input);
    expect(cancellation.cude).toBe(createHash('sha384').update(input, 'utf8').digest('hex'));
    expect(debit.cudeInput).toBe(input.replace(/^NC1/, 'ND1'));
    // The QR's ValOtroIm is every tax but IVA: INC, ICA, ICUI, IBUA, bolsas.
    expect(cancellation.qrContent).toContain('ValOtroIm: 24911.60');
  });
});
