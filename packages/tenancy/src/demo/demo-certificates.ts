import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import type { Tenant } from '@fe/dian-domain';

/**
 * The demo tenant's signing identity, made in-process (no openssl assumed): a test CA the built-in simulator
 * trusts and a leaf in a .p12. The CA key is dropped once the leaf is signed.
 */
export type DemoCertificates = { p12: Buffer; password: string; caPem: string; leafPem: string };

const DAY_MS = 86_400_000;

export function makeDemoCertificates(tenant: Pick<Tenant, 'nit' | 'legalName'>, now: Date): DemoCertificates {
  const notBefore = new Date(now.getTime() - DAY_MS); // a day back: a slightly slow clock elsewhere still sees it valid
  const ca = rsaKeyPair();
  const caName = [
    { name: 'countryName', value: 'CO' },
    utf8('organizationName', 'Facturación electrónica (pruebas)'),
    utf8('commonName', 'FE Demo CA - habilitación - sólo pruebas'),
  ];
  const caCert = certificate(ca.publicKey, caName, caName, notBefore, addYears(now, 5), [
    { name: 'basicConstraints', critical: true, cA: true },
    { name: 'keyUsage', critical: true, keyCertSign: true, cRLSign: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  caCert.sign(ca.privateKey, forge.md.sha256.create());

  const leaf = rsaKeyPair();
  const leafName = [
    { name: 'countryName', value: 'CO' },
    utf8('organizationName', tenant.legalName),
    utf8('commonName', tenant.legalName),
    { name: 'serialNumber', value: tenant.nit }, // how Colombian CAs carry the NIT; digits fit a PrintableString
  ];
  const leafCert = certificate(leaf.publicKey, leafName, caName, notBefore, addYears(now, 2), [
    { name: 'basicConstraints', critical: true, cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  leafCert.sign(ca.privateKey, forge.md.sha256.create());

  const password = randomBytes(24).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(leaf.privateKey, [leafCert, caCert], password, {
    algorithm: 'aes256',
    friendlyName: tenant.legalName,
  });
  return {
    p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'),
    password,
    caPem: forge.pki.certificateToPem(caCert),
    leafPem: forge.pki.certificateToPem(leafCert),
  };
}

/** Node generates the key (OpenSSL, fast); forge only writes the certificates. */
function rsaKeyPair(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

/** forge writes PrintableString unless told, and a legal name may hold Ñ or accents. */
function utf8(name: string, value: string): forge.pki.CertificateField {
  return { name, value, valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.pki.CertificateField['valueTagClass'] };
}

function certificate(
  publicKey: forge.pki.rsa.PublicKey,
  subject: forge.pki.CertificateField[],
  issuer: forge.pki.CertificateField[],
  notBefore: Date,
  notAfter: Date,
  extensions: object[],
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = randomSerial();
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = notAfter;
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions(extensions);
  return cert;
}

/**
 * A random positive 8-byte serial: bit 62 set so forge's DER has a clear sign bit, under 2^64 because xmllint
 * cannot hold a longer ds:X509SerialNumber.
 */
function randomSerial(): string {
  const bytes = randomBytes(8);
  bytes[0] = (bytes[0]! & 0x3f) | 0x40;
  return bytes.toString('hex');
}

function addYears(date: Date, years: number): Date {
  const result = new Date(date.getTime());
  result.setUTCFullYear(result.getUTCFullYear() + years);
  return result;
}
