import { describe, expect, it } from 'vitest';
import { buildTableCase, escapingCase } from '../../test-support/invoice-cases.ts';
import { makeTestIdentity } from '../../test-support/in-memory-credential.ts';
import { loadP12 } from '../certificates/load-p12.ts';
import { createXadesSigner } from '../signing/xades-signer.ts';
import { verifySignedInvoice } from './verify-signed-invoice.ts';

// One parse serves every reference: the enveloped one takes the ds:Signature out and must put it back, or the
// references after it would not find their targets.
const issuedAt = new Date('2026-06-01T22:30:00.000Z');
const identity = makeTestIdentity();
const signer = createXadesSigner(loadP12(identity.p12, identity.password, issuedAt));
const signed = signer.sign(buildTableCase(escapingCase, issuedAt).xml, { signingTime: issuedAt }).xml;
const references = (xml: string) =>
  verifySignedInvoice(xml)
    .checks.filter((c) => /^reference \d/.test(c.name))
    .map((c) => c.ok);

describe('checkSignature on one parsed document', () => {
  it('checks all three references, the enveloped one first', () => {
    expect(references(signed)).toEqual([true, true, true]);
  });

  it('tells which reference a change touched', () => {
    expect(references(signed.replace('Ñandú', 'Nandu'))).toEqual([false, true, true]);
    expect(references(signed.replace('>supplier<', '>third party<'))).toEqual([true, true, false]);
  });
});
