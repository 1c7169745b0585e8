import { describe, expect, it } from 'vitest';
import { elementAsWritten } from '@fe/dian-xml/testing';
import { SIGNATURE_SLOT_ANCHOR } from '../src/index.ts';
import { buildCase, invoiceCases } from '../test-support/invoice-cases.ts';
import { xmllintValidate } from '../test-support/xmllint.ts';

describe('built invoices against spec/dian/xsd/maindoc/UBL-Invoice-2.1.xsd (xmllint)', () => {
  const documents = invoiceCases.map((c) => ({ name: c.name, xml: buildCase(c.request).xml }));
  const result = xmllintValidate(documents);

  it.each(invoiceCases.map((c, i) => [c.name, i] as const))('%s validates', (_name, i) => {
    expect(result.output).toContain(`${result.files[i]} validates`);
  });

  it('xmllint exits 0 for the whole table', () => {
    expect(result.status, result.output).toBe(0);
  });

  it('the checker is live: a document with two elements out of XSD order fails', () => {
    const built = documents[0]!.xml;
    const [date, time] = [elementAsWritten(built, 'cbc:IssueDate'), elementAsWritten(built, 'cbc:IssueTime')];
    const xml = built.replace(date + time, time + date);
    const broken = xmllintValidate([{ name: 'swapped', xml }]);
    expect(broken.status).not.toBe(0);
    expect(broken.output).toContain('IssueTime');
  });

  it('why the builder writes no empty signature extension: UBL refuses an empty ExtensionContent', () => {
    const xml = documents[0]!.xml.replace(
      SIGNATURE_SLOT_ANCHOR,
      `<ext:UBLExtension><ext:ExtensionContent></ext:ExtensionContent></ext:UBLExtension>${SIGNATURE_SLOT_ANCHOR}`,
    );
    const withEmptySlot = xmllintValidate([{ name: 'empty-slot', xml }]);
    expect(withEmptySlot.status).not.toBe(0);
    expect(withEmptySlot.output).toContain('Missing child element');
  });
});
