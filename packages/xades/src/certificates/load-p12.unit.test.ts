import { describe, expect, it } from 'vitest';
import { makeTestIdentity } from '../../test-support/in-memory-credential.ts';
import { xadesCodeOf as codeOf } from '../../test-support/error-code.ts';
import { loadP12 } from './load-p12.ts';

const at = new Date(Date.UTC(2026, 5, 1));

describe('loadP12 (forge-made .p12)', () => {
  const identity = makeTestIdentity();

  it('returns a Node KeyObject and the leaf with RFC 4514 names and a decimal serial', () => {
    const credential = loadP12(identity.p12, identity.password, at);
    expect(credential.privateKey.type).toBe('private');
    expect(credential.chain).toHaveLength(1);
    // serialNumber (the NIT) has no RFC 4514 short name: its OID and the DER of its PrintableString.
    expect(credential.chain[0].issuerName).toBe(
      'CN=unit test,2.5.4.5=#1309393030313233343536,O=Prueba\\, \\"Unit\\" S.A.S.,C=CO',
    );
    expect(credential.chain[0].serialNumber).toBe(String(0x0badc0ffee));
  });

  it.each([
    ['garbage bytes', () => loadP12(Buffer.from('not a p12'), 'x', at), 'P12_UNREADABLE'],
    ['a wrong password', () => loadP12(identity.p12, 'wrong', at), 'P12_WRONG_PASSWORD'],
    [
      'an instant before notBefore',
      () => loadP12(identity.p12, identity.password, new Date(Date.UTC(2023, 0, 1))),
      'CERT_NOT_YET_VALID',
    ],
    [
      'an instant after notAfter',
      () => loadP12(identity.p12, identity.password, new Date(Date.UTC(2036, 0, 1))),
      'CERT_EXPIRED',
    ],
  ])('fails on %s with a stable code', (_, fn, code) => {
    expect(codeOf(fn)).toBe(code);
  });

  it('refuses a key usage without digitalSignature or nonRepudiation', () => {
    const noSig = makeTestIdentity({ keyUsage: { keyEncipherment: true } });
    const noNr = makeTestIdentity({ keyUsage: { digitalSignature: true } });
    expect(codeOf(() => loadP12(noSig.p12, noSig.password, at))).toBe('CERT_NO_DIGITAL_SIGNATURE');
    expect(codeOf(() => loadP12(noNr.p12, noNr.password, at))).toBe('CERT_NO_NON_REPUDIATION');
  });

  it('refuses RSA keys under 2048 bits', () => {
    const small = makeTestIdentity({ bits: 1024 });
    expect(codeOf(() => loadP12(small.p12, small.password, at))).toBe('CERT_KEY_TOO_SMALL');
  });
});
