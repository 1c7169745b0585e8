import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/** The pieces the demo and the local test CA build their certificates from, in-process (no openssl assumed). */

/** Node generates the key (OpenSSL, fast); forge only writes the certificates. */
export function rsaKeyPair(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

/** forge writes PrintableString unless told, and a legal name may hold Ñ or accents. */
export function utf8(name: string, value: string): forge.pki.CertificateField {
  return { name, value, valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.pki.CertificateField['valueTagClass'] };
}

export function certificate(
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

/** A CA's extensions: signs certificates and revocation lists only. */
export const caExtensions = () => [
  { name: 'basicConstraints', critical: true, cA: true },
  { name: 'keyUsage', critical: true, keyCertSign: true, cRLSign: true },
  { name: 'subjectKeyIdentifier' },
];

/** A signing leaf's extensions, as DIAN asks (digitalSignature and nonRepudiation). */
export const leafExtensions = (ca: forge.pki.Certificate) => [
  { name: 'basicConstraints', critical: true, cA: false },
  { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
  { name: 'subjectKeyIdentifier' },
  { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
];

/** The leaf, its key and its chain in a .p12 under a fresh random password. */
export function p12Of(
  key: forge.pki.rsa.PrivateKey,
  chain: forge.pki.Certificate[],
  friendlyName: string,
): { p12: Buffer; password: string } {
  const password = randomBytes(24).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, chain, password, { algorithm: 'aes256', friendlyName });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), password };
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

export function addYears(date: Date, years: number): Date {
  const result = new Date(date.getTime());
  result.setUTCFullYear(result.getUTCFullYear() + years);
  return result;
}

export const DAY_MS = 86_400_000;
