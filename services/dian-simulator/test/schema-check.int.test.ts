// ZB01's XSD check through the real xmllint: a valid signed invoice passes, libxml2's 24-digit
// integer limit on X509SerialNumber is not a failure (real CAs' serials exceed it), order and type
// faults are, a flood of faults is a failure and not a crash, and the modes behave as documented.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaCheckFor, type SchemaCheck } from '../src/validate/schema-check.ts';
import { signedInvoice } from '../test-support/invoices.ts';
import { makeWorld, type TestWorld } from '../test-support/world.ts';

let world: TestWorld;
let valid: string;
let check: SchemaCheck;
beforeAll(() => {
  world = makeWorld();
  valid = signedInvoice({ credential: world.tenant }).xml;
  check = schemaCheckFor('xmllint')!;
});
afterAll(() => world?.cleanup());

describe('the ZB01 schema check (xmllint)', () => {
  it('passes a signed invoice of the product', () => {
    expect(check(valid)).toEqual({ valid: true, errors: [] });
  });

  it('passes a 20-byte (48-digit) certificate serial, which libxml2 cannot hold as xs:integer', () => {
    const serial = '9'.repeat(48);
    const xml = valid.replace(
      /<ds:X509SerialNumber>\d+<\/ds:X509SerialNumber>/,
      `<ds:X509SerialNumber>${serial}</ds:X509SerialNumber>`,
    );
    expect(xml).toContain(serial);
    expect(check(xml).valid).toBe(true);
  });

  it('fails an element out of order and a value of the wrong type, naming them', () => {
    const order = check(
      valid.replace(/(<cbc:IssueDate>[^<]+<\/cbc:IssueDate>)(<cbc:IssueTime>[^<]+<\/cbc:IssueTime>)/, '$2$1'),
    );
    expect(order.valid).toBe(false);
    expect(order.errors.join('\n')).toContain('IssueTime');
    const type = check(valid.replace(/<cbc:LineCountNumeric>4</, '<cbc:LineCountNumeric>cuatro<'));
    expect(type.valid).toBe(false);
    expect(type.errors.join('\n')).toContain('LineCountNumeric');
  });

  it('fails, without throwing, a document with more faults than it keeps messages for', () => {
    const line = /<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/.exec(valid)![0];
    const broken = line.replace('<cbc:LineExtensionAmount', '<cbc:Nonsense>x</cbc:Nonsense><cbc:LineExtensionAmount');
    const flood = valid.replace(line, broken.repeat(20_000));
    expect(check(flood).valid).toBe(false);
  });

  it('is off with "off", and "auto" without the program; "xmllint" without it refuses to start', () => {
    expect(schemaCheckFor('off')).toBeUndefined();
    expect(schemaCheckFor('auto', 'xmllint-that-is-not-installed')).toBeUndefined();
    expect(() => schemaCheckFor('xmllint', 'xmllint-that-is-not-installed')).toThrow(/not on the PATH/);
  });
});
