// The XSD half of the boundary property (accepted-requests.unit.test.ts): random requests of the
// contract that ingress accepts — discounts and charges, advances, free items, every buyer
// identification type, foreign addresses, 6-decimal prices — built and signed, are valid UBL 2.1
// (spec/dian/xsd, Debian's xmllint, all documents in one run: xmllint is an external program).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildInvoiceXml,
  colombiaDateTime,
  demoResolution,
  demoSoftware,
  demoTenant,
  validateInvoiceRequest,
} from '@fe/dian-domain';
import { createXadesSigner, loadP12 } from '@fe/xades';
import { makeTestIdentity } from '@fe/xades/testing';
import { xmllintValidate } from '@fe/dian-domain/testing';
import { requests, seed, type Body } from '../test-support/random-requests.ts';

const identity = makeTestIdentity({
  organization: demoTenant.legalName,
  keyUsage: { digitalSignature: true, nonRepudiation: true },
});
const issuedAt = new Date('2026-03-10T15:15:00Z');
const issueDate = colombiaDateTime(issuedAt).date;
const signer = createXadesSigner(loadP12(identity.p12, identity.password, issuedAt));
const validate = (body: Body) => validateInvoiceRequest(body, { issueDate });
const payableIfValid = (body: Body) => {
  const valid = validate(body);
  return valid.ok ? valid.value.totals.payable : undefined;
};
const RUNS = 60;

describe('random requests ingress accepts become XSD-valid signed invoices', () => {
  it(`${RUNS} random requests (property sample)`, () => {
    const bodies = fc.sample(requests(issuedAt, payableIfValid), {
      numRuns: RUNS,
      ...(seed !== undefined ? { seed } : {}),
    });
    const documents = bodies.flatMap((body, i) => {
      const valid = validate(body);
      if (!valid.ok) return [];
      const built = buildInvoiceXml({
        invoice: valid.value,
        tenant: demoTenant,
        resolution: demoResolution,
        number: String(990_200_000 + i),
        software: demoSoftware,
        environment: '2',
        issuedAt,
      });
      return [{ name: `random-${i}`, xml: signer.sign(built.xml, { signingTime: issuedAt }).xml }];
    });
    // The generator aims at valid requests; about half pass validation, so a quarter is a bound a sample keeps.
    expect(documents.length).toBeGreaterThan(RUNS / 4);
    const result = xmllintValidate(documents);
    expect(
      result.status,
      result.output
        .split('\n')
        .filter((l) => !l.endsWith(' validates'))
        .slice(0, 20)
        .join('\n'),
    ).toBe(0);
    for (const file of result.files) expect(result.output).toContain(`${file} validates`);
  }, 120_000);
});
