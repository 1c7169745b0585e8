// The simulator's CUDE against the reference's own example credit note (annex reference §1.2: its
// CUDE input and hash, keyed with the software PIN 12345), in-process and unsigned: the formula and
// the key are right when the example's CUDE passes and a CUDE keyed otherwise does not. Also that
// every code a note can be answered with is in the catalogue under its note form.
import { describe, expect, it } from 'vitest';
import { demoResolution } from '@fe/dian-domain';
import { createStore, createTrustStore, demoIssuer, ephemeralIdentity, simulatorConfig } from '../src/index.ts';
import { codeFor, rule, ruleCatalogue, type RuleCode } from '../src/rules/catalogue.ts';
import { validateDocument } from '../src/validate/validate-document.ts';
import { exampleCreditNote } from '../test-support/notes.ts';
import { issuerRegistry } from '../src/registry/issuer-registry.ts';

const at = new Date('2025-03-12T14:00:00Z');
const verdictWith = (pin: string) => {
  const issuers = [{ ...demoIssuer, software: [{ ...demoIssuer.software[0]!, pin }] }];
  const config = simulatorConfig(
    { identity: ephemeralIdentity(at), trustedCaPems: [] },
    { issuers, schemaValidation: 'off', now: () => at },
  );
  return validateDocument(exampleCreditNote.xml, at, {
    config,
    trust: createTrustStore([]),
    store: createStore(),
    issuers: issuerRegistry(config),
  });
};
const codes = (pin: string) => verdictWith(pin).findings.map((f) => f.code);

describe("a credit note's CUDE", () => {
  it("is the reference's: the example note's CUDE and SoftwareSecurityCode pass with PIN 12345", () => {
    const verdict = verdictWith('12345');
    expect(verdict.view?.kind).toBe('credit-note');
    expect(verdict.view?.uuid.value).toBe(exampleCreditNote.cude);
    const found = verdict.findings.map((f) => f.code);
    expect(found).not.toContain('CAD06');
    expect(found).not.toContain('CAB27b');
    expect(found).toContain('CBG04'); // its invoice was never accepted here
  });

  it('is keyed with the software PIN: another PIN, or the ClTec, is CAD06 (and the SoftwareSecurityCode CAB27b)', () => {
    expect(codes('54321')).toEqual(expect.arrayContaining(['CAD06', 'CAB27b']));
    expect(codes(demoResolution.technicalKey)).toEqual(expect.arrayContaining(['CAD06']));
  });
});

describe('the catalogue for notes', () => {
  it('has a credit and a debit form of every invoice rule a note shares, and none of the invoice-only ones', () => {
    const shared = ruleCatalogue.filter((d) => d.code.startsWith('FA') || d.code.startsWith('FB'));
    for (const definition of shared) {
      const invoiceOnly =
        ['numbering'].includes(definition.group) || /^(FAD12|FAI0|FBH04|FBI04|FAD05|FAD09[ab])/.test(definition.code);
      for (const kind of ['credit-note', 'debit-note'] as const) {
        const noteCode = codeFor(definition.code, kind);
        expect(rule(noteCode) !== undefined, noteCode).toBe(!invoiceOnly);
      }
    }
    expect(rule('CAV04b').message).toContain('CreditedQuantity');
    expect(rule('DAV01').message).toContain('DebitNoteLine');
    expect(rule('CAD06').message).toContain('CUDE');
    expect(codeFor('ZE02' as RuleCode, 'credit-note')).toBe('ZE02');
  });
});
