// .p12 files made in-process for the tenancy tests: a good one, and one per way the signer's
// loadP12 refuses a certificate. Each identity has its own key, so tests can tell them apart.
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

export type TestP12 = { p12: Buffer; password: string; serialNumber: string; certPem: string };

export type TestP12Options = {
  bits?: number;
  notBefore?: Date;
  notAfter?: Date;
  keyUsage?: object;
  /** false: a .p12 holding only the certificate (P12_NO_PRIVATE_KEY). */
  withKey?: boolean;
  password?: string;
  serial?: string;
  /**
   * The subject's serialNumber, where Colombian CAs write the holder's NIT (ZE03): sampleTenant's (the demo NIT) by
   * default, none with null.
   */
  nit?: string | null;
};

let serials = 0x10000000; // 8 hex digits with a non-zero first byte: a minimal DER INTEGER, which OpenSSL insists on

export function makeTestP12(options: TestP12Options = {}): TestP12 {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: options.bits ?? 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = options.serial ?? (serials++).toString(16);
  cert.validity.notBefore = options.notBefore ?? new Date(Date.UTC(2024, 0, 1));
  cert.validity.notAfter = options.notAfter ?? new Date(Date.UTC(2035, 0, 1));
  const nit = options.nit === undefined ? '900123456' : options.nit;
  const name = [
    { name: 'countryName', value: 'CO' },
    { name: 'organizationName', value: 'Tenencia de Pruebas S.A.S.' },
    ...(nit === null ? [] : [{ name: 'serialNumber', value: nit }]),
    { name: 'commonName', value: 'tenancy unit test' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'keyUsage', critical: true, ...(options.keyUsage ?? { digitalSignature: true, nonRepudiation: true }) },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const password = options.password ?? 'clave-de-prueba-p12';
  const asn1 = forge.pkcs12.toPkcs12Asn1(options.withKey === false ? null : key, [cert], password, {
    algorithm: '3des',
  });
  const certPem = forge.pki.certificateToPem(cert);
  return {
    p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'),
    password,
    serialNumber: BigInt(`0x${new X509Certificate(certPem).serialNumber}`).toString(10),
    certPem,
  };
}
