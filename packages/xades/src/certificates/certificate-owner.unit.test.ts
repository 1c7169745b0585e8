import { describe, expect, it } from 'vitest';
import { makeTestIdentity } from '../../test-support/in-memory-credential.ts';
import { xadesCodeOf as codeOf } from '../../test-support/error-code.ts';
import { assertCertificateOfIssuer, subjectNits } from './certificate-owner.ts';
import { loadP12 } from './load-p12.ts';

const at = new Date(Date.UTC(2026, 5, 1));
const leafOf = (options: Parameters<typeof makeTestIdentity>[0]) => {
  const identity = makeTestIdentity(options);
  return loadP12(identity.p12, identity.password, at).chain[0];
};

describe('the certificate belongs to the issuer (ZE03)', () => {
  it.each([
    ['serialNumber=900123456', { nit: '900123456' }],
    ['the NIT and DV with a hyphen in O', { nit: null, organization: 'Empresa Demo S.A.S. NIT 900123456-8' }],
    ['the NIT with dots', { nit: null, organization: 'Empresa Demo 900.123.456-8' }],
    ['the NIT with its DV run together', { nit: '9001234568' }],
  ])('finds the NIT in %s', (_, options) => {
    const leaf = leafOf(options);
    expect(subjectNits(leaf).has('900123456')).toBe(true);
    expect(codeOf(() => assertCertificateOfIssuer(leaf, ['900123456']))).toBeUndefined();
  });

  it("accepts the technology provider's certificate for a tenant that declared it", () => {
    const leaf = leafOf({ nit: '900373115' });
    expect(codeOf(() => assertCertificateOfIssuer(leaf, ['900123456', '900373115']))).toBeUndefined();
  });

  it.each([
    ["another company's NIT", { nit: '900373115' }],
    ['no NIT at all', { nit: null }],
    // 9001234567: its last digit is not the DV of 900123456 (8), so it is not that NIT with its DV.
    ['a longer number that only starts with the NIT', { nit: '9001234567' }],
  ])('refuses %s with CERT_NOT_ISSUERS', (_, options) => {
    expect(codeOf(() => assertCertificateOfIssuer(leafOf(options), ['900123456']))).toBe('CERT_NOT_ISSUERS');
  });
});
