import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { SimulatorIdentity } from '../config.ts';

/**
 * A new self-signed certificate for the AR signature (ECDSA P-256 by default, RSA-2048 on request), written in
 * DER here since node:crypto can sign but not issue.
 */
export function ephemeralIdentity(now: Date, keyType: 'ec' | 'rsa' = 'ec'): SimulatorIdentity {
  return selfSignedIdentity(keyType, {
    names: [
      ['2.5.4.6', 'CO'],
      ['2.5.4.10', 'DIAN simulador'],
      ['2.5.4.3', 'Unidad Especial DIAN (simulador)'],
    ],
    notBefore: new Date(now.getTime() - 86_400_000),
    notAfter: new Date(now.getTime() + 5 * 365 * 86_400_000),
  });
}

/**
 * A new key and a self-signed signing certificate for it (digitalSignature, nonRepudiation) naming `names` (OID,
 * value: C 2.5.4.6, O 2.5.4.10, serialNumber 2.5.4.5, CN 2.5.4.3).
 */
export function selfSignedIdentity(
  keyType: 'ec' | 'rsa',
  subject: { names: [oid: string, value: string][]; notBefore: Date; notAfter: Date },
): SimulatorIdentity {
  const { privateKey, publicKey } =
    keyType === 'ec'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : generateKeyPairSync('rsa', { modulusLength: 2048 });
  const der = selfSignedCertificate(privateKey, publicKey, keyType, {
    ...subject,
    serial: Buffer.concat([Buffer.from([0x01]), randomBytes(8)]),
  });
  return {
    certificatePem: `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n?$/, '\n')}-----END CERTIFICATE-----\n`,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

// ---- a minimal DER writer for one X.509 v3 certificate ----
const tlv = (tag: number, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  const n = body.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...length]), body]);
};
const seq = (...parts: Buffer[]) => tlv(0x30, ...parts);
function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [a! * 40 + b!];
  for (const v of rest) {
    const groups = [v & 0x7f];
    for (let x = v >>> 7; x > 0; x >>>= 7) groups.unshift((x & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return tlv(0x06, Buffer.from(bytes));
}
const time = (d: Date) =>
  d.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`))
    : tlv(0x18, Buffer.from(`${d.toISOString().slice(0, 19).replace(/[-T:]/g, '')}Z`));
const PRINTABLE = new Set(['2.5.4.6', '2.5.4.5']);
const name = (names: [string, string][]) =>
  seq(
    ...names.map(([type, value]) =>
      // PrintableString for the country and a serial number (X.520), UTF8String for the rest.
      tlv(0x31, seq(oid(type), tlv(PRINTABLE.has(type) ? 0x13 : 0x0c, Buffer.from(value, 'utf8')))),
    ),
  );

type CertificateFields = { names: [string, string][]; serial: Buffer; notBefore: Date; notAfter: Date };

function selfSignedCertificate(
  privateKey: KeyObject,
  publicKey: KeyObject,
  keyType: 'ec' | 'rsa',
  c: CertificateFields,
): Buffer {
  const algorithm =
    keyType === 'ec' ? seq(oid('1.2.840.10045.4.3.2')) : seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
  // keyUsage (critical): digitalSignature + nonRepudiation, as DIAN's signing certificates.
  const keyUsage = seq(
    oid('2.5.29.15'),
    Buffer.from([0x01, 0x01, 0xff]),
    tlv(0x04, Buffer.from([0x03, 0x02, 0x06, 0xc0])),
  );
  const tbs = seq(
    tlv(0xa0, Buffer.from([0x02, 0x01, 0x02])),
    tlv(0x02, c.serial),
    algorithm,
    name(c.names),
    seq(time(c.notBefore), time(c.notAfter)),
    name(c.names),
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, seq(keyUsage)),
  );
  const signature = sign('sha256', tbs, privateKey);
  return seq(tbs, algorithm, tlv(0x03, Buffer.from([0x00]), signature));
}
