import forge from 'node-forge';
import type { Tenant } from '@fe/dian-domain';
import {
  addYears,
  caExtensions,
  certificate,
  DAY_MS,
  leafExtensions,
  p12Of,
  rsaKeyPair,
  utf8,
} from '../certificates/x509-parts.ts';

/**
 * The demo tenant's signing identity, made in-process (no openssl assumed): a test CA the built-in simulator
 * trusts and a leaf in a .p12. The CA key is dropped once the leaf is signed.
 */
export type DemoCertificates = { p12: Buffer; password: string; caPem: string; leafPem: string };

export function makeDemoCertificates(tenant: Pick<Tenant, 'nit' | 'legalName'>, now: Date): DemoCertificates {
  const notBefore = new Date(now.getTime() - DAY_MS); // a day back: a slightly slow clock elsewhere still sees it valid
  const ca = rsaKeyPair();
  const caName = [
    { name: 'countryName', value: 'CO' },
    utf8('organizationName', 'Facturación electrónica (pruebas)'),
    utf8('commonName', 'FE Demo CA - habilitación - sólo pruebas'),
  ];
  const caCert = certificate(ca.publicKey, caName, caName, notBefore, addYears(now, 5), caExtensions());
  caCert.sign(ca.privateKey, forge.md.sha256.create());

  const leaf = rsaKeyPair();
  const leafName = [
    { name: 'countryName', value: 'CO' },
    utf8('organizationName', tenant.legalName),
    utf8('commonName', tenant.legalName),
    { name: 'serialNumber', value: tenant.nit }, // how Colombian CAs carry the NIT; digits fit a PrintableString
  ];
  const leafCert = certificate(leaf.publicKey, leafName, caName, notBefore, addYears(now, 2), leafExtensions(caCert));
  leafCert.sign(ca.privateKey, forge.md.sha256.create());

  return {
    ...p12Of(leaf.privateKey, [leafCert, caCert], tenant.legalName),
    caPem: forge.pki.certificateToPem(caCert),
    leafPem: forge.pki.certificateToPem(leafCert),
  };
}
