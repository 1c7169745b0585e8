// ZB01's XSD check in this thread (libxml2 compiled to WebAssembly): a built invoice passes; an element out of
// order, a missing required element and a document that is not XML fail with libxml2's own words; the schema
// parser reads nothing outside spec/dian/xsd.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildCase, invoiceCases } from '@fe/dian-domain/testing';
import { schemaCheckFor } from '../src/validate/schema-check.ts';
import { readableBySchemaParser } from '../src/validate/documents-schema.ts';

const check = schemaCheckFor('on')!;
const valid = buildCase(invoiceCases[0]!.request).xml;
const replaced = (from: RegExp, to: string) => {
  const xml = valid.replace(from, to);
  if (xml === valid) throw new Error(`fixture drift: ${from}`);
  return xml;
};
const UBL_CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const UBL_CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';

describe('the ZB01 schema check (libxml2, in process)', () => {
  it('passes a built invoice', () => {
    expect(check(valid)).toEqual({ valid: true, errors: [] });
  });

  it('fails an element out of order, naming the one it expected', () => {
    const xml = replaced(/(<cbc:IssueDate>[^<]+<\/cbc:IssueDate>)(<cbc:IssueTime>[^<]+<\/cbc:IssueTime>)/, '$2$1');
    const result = check(xml);
    expect(result.valid).toBe(false);
    expect(result.errors[0]).toMatch(
      `Element '{${UBL_CBC}}IssueTime': This element is not expected. Expected is ( {${UBL_CBC}}IssueDate ).`,
    );
  });

  it('fails a missing required element (no invoice line)', () => {
    const result = check(replaced(/<cac:InvoiceLine>[\s\S]*<\/cac:InvoiceLine>/, ''));
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toContain(`Missing child element(s). Expected is ( {${UBL_CAC}}InvoiceLine )`);
  });

  it('fails a document that is not well-formed, with the parser message', () => {
    const result = check(valid.replace('</Invoice>', ''));
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/Premature end of data|EndTag|not properly terminated/i);
  });

  it('checks each kind against its own root: an invoice is not a credit note', () => {
    const result = check(valid, 'credit-note');
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      `line 2: Element '{urn:oasis:names:specification:ubl:schema:xsd:Invoice-2}Invoice': a credit-note is ` +
        '{urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2}CreditNote.',
    ]);
  });

  it('is off with "off"; "auto" and "xmllint", the former values, check as "on" does', () => {
    expect(schemaCheckFor('off')).toBeUndefined();
    const broken = replaced(/<cbc:LineCountNumeric>\d+</, '<cbc:LineCountNumeric>cuatro<');
    for (const mode of ['on', 'auto', 'xmllint'] as const) {
      expect(schemaCheckFor(mode)!(valid).valid).toBe(true);
      expect(schemaCheckFor(mode)!(broken).valid).toBe(false);
    }
  });

  it('lets the schema parser read spec/dian/xsd and nothing else', () => {
    const xsd = resolve(import.meta.dirname, '../../../spec/dian/xsd');
    const common = join(xsd, 'common/UBL-CommonBasicComponents-2.1.xsd');
    expect(readableBySchemaParser(common)).toBe(true);
    expect(readableBySchemaParser(pathToFileURL(common).href)).toBe(true);
    expect(readableBySchemaParser(join(xsd, 'maindoc/../common/UBL-CommonBasicComponents-2.1.xsd'))).toBe(true);
    expect(readableBySchemaParser(join(xsd, '../README.md'))).toBe(false);
    expect(readableBySchemaParser(`${xsd}/../../package.json`)).toBe(false);
    expect(readableBySchemaParser('/etc/passwd')).toBe(false);
    expect(readableBySchemaParser('http://www.w3.org/2001/XMLSchema.xsd')).toBe(false);
    expect(readableBySchemaParser(`${xsd}-elsewhere/x.xsd`)).toBe(false);
  });
});
