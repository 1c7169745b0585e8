import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import forge from 'node-forge';
import { writeFileOnce } from '@fe/platform';
import type { Tenant } from '@fe/dian-domain';
import { TenancyError } from '../errors.ts';
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

/** The local test CA of an embedded data folder: its key and certificate in one owner-only file. */
export const LOCAL_TEST_CA_FILE = 'local-test-ca.pem';

export type LocalTestCa = { certificatePem: string; privateKeyPem: string };

/** What each of its certificates says it is, in its subject and the CA's: a test, for habilitación only. */
const TEST_CERTIFICATE_LABEL = 'Certificado de prueba - solo habilitación';
const CA_NAME = 'FE CA local de pruebas - solo habilitación';

/**
 * The CA that issues test certificates for any tenant's NIT, made once per data folder; the built-in simulator
 * trusts it from the folder's trust list, DIAN never does.
 */
export function loadOrCreateLocalTestCa(path: string, now: Date): { ca: LocalTestCa; created: boolean } {
  let created = false;
  try {
    readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    // Another process making it at the same moment may have written it first: then its CA is the one.
    created = writeFileOnce(path, pemOf(makeCa(now)));
  }
  return { ca: readCa(path), created };
}

/**
 * A .p12 for `owner`'s NIT under a fresh password, valid a year (or until `notAfter`: a test of the expiry warnings),
 * its subject labelled as a test certificate. Blocking (RSA key and PKCS#12): a server calls
 * issueTestCertificateOffLoop.
 */
export function issueTestCertificate(
  ca: LocalTestCa,
  owner: Pick<Tenant, 'nit' | 'legalName'>,
  now: Date,
  notAfter: Date = addYears(now, 1),
): { p12: Buffer; password: string } {
  const caCert = forge.pki.certificateFromPem(ca.certificatePem);
  const caKey = forge.pki.privateKeyFromPem(ca.privateKeyPem);
  const leaf = rsaKeyPair();
  const subject = [
    { name: 'countryName', value: 'CO' },
    utf8('organizationName', owner.legalName),
    utf8('organizationalUnitName', TEST_CERTIFICATE_LABEL),
    utf8('commonName', `${owner.legalName} (PRUEBA)`),
    { name: 'serialNumber', value: owner.nit }, // how Colombian CAs carry the NIT
  ];
  const notBefore = new Date(now.getTime() - DAY_MS);
  const cert = certificate(leaf.publicKey, subject, issuerName(caCert), notBefore, notAfter, leafExtensions(caCert));
  cert.sign(caKey, forge.md.sha256.create());
  return p12Of(leaf.privateKey, [cert, caCert], `${owner.legalName} (PRUEBA)`);
}

/** The CA's subject as forge must write it again: it reads UTF8String values as their bytes and would encode twice. */
function issuerName(ca: forge.pki.Certificate): forge.pki.CertificateField[] {
  return ca.subject.attributes.map((attribute) =>
    (attribute.valueTagClass as unknown) === forge.asn1.Type.UTF8
      ? { ...attribute, value: forge.util.decodeUtf8(String(attribute.value)) }
      : attribute,
  );
}

function makeCa(now: Date): LocalTestCa {
  const key = rsaKeyPair();
  const name = [
    { name: 'countryName', value: 'CO' },
    utf8('organizationName', 'Facturación electrónica - CA local de pruebas'),
    utf8('commonName', CA_NAME),
  ];
  const cert = certificate(
    key.publicKey,
    name,
    name,
    new Date(now.getTime() - DAY_MS),
    addYears(now, 10),
    caExtensions(),
  );
  cert.sign(key.privateKey, forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(cert), privateKeyPem: forge.pki.privateKeyToPem(key.privateKey) };
}

const pemOf = (ca: LocalTestCa) => `${ca.privateKeyPem.trim()}\n${ca.certificatePem.trim()}\n`;

/** The file's key and certificate, checked to belong together; an altered file stops here, named. */
function readCa(path: string): LocalTestCa {
  const text = readFileSync(path, 'utf8');
  const key = /-----BEGIN (?:RSA )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA )?PRIVATE KEY-----/.exec(text)?.[0];
  const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(text)?.[0];
  if (!key || !cert || !new X509Certificate(cert).checkPrivateKey(createPrivateKey(key)))
    throw new TenancyError('LOCAL_TEST_CA_INVALID', path);
  return { certificatePem: `${cert}\n`, privateKeyPem: `${key}\n` };
}
