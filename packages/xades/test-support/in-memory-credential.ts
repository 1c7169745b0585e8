// A signing credential made in-process (no openssl), for unit tests: a self-signed RSA certificate
// with digitalSignature + nonRepudiation, optionally packed into a .p12 by node-forge.
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/** The demo tenant's NIT (@fe/dian-domain demoTenant), which most tests sign for. */
const DEMO_NIT = '900123456';

export type TestIdentity = { p12: Uint8Array; password: string; certPem: string };

/**
 * `organization` defaults to a name with a comma and quotes (RFC 4514 escaping); facho's Python `xades` cannot parse
 * that. `nit` goes in the subject's serialNumber, as Colombian CAs write it (DIAN rule ZE03): the demo tenant's by
 * default, none with null.
 */
export function makeTestIdentity(
  options: {
    bits?: number;
    notBefore?: Date;
    notAfter?: Date;
    keyUsage?: object;
    organization?: string;
    nit?: string | null;
  } = {},
): TestIdentity {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: options.bits ?? 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '0badc0ffee';
  cert.validity.notBefore = options.notBefore ?? new Date(Date.UTC(2024, 0, 1));
  cert.validity.notAfter = options.notAfter ?? new Date(Date.UTC(2035, 0, 1));
  const nit = options.nit === undefined ? DEMO_NIT : options.nit;
  const name = [
    { name: 'countryName', value: 'CO' },
    { name: 'organizationName', value: options.organization ?? 'Prueba, "Unit" S.A.S.' },
    ...(nit === null ? [] : [{ name: 'serialNumber', value: nit }]),
    { name: 'commonName', value: 'unit test' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'keyUsage', critical: true, ...(options.keyUsage ?? { digitalSignature: true, nonRepudiation: true }) },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const password = 'unit-secret';
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: '3des' });
  return {
    p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'),
    password,
    certPem: forge.pki.certificateToPem(cert),
  };
}
