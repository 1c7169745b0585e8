import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { readZipEntries } from '../../services/dian-simulator/src/server/zip-entries.ts';
import { measure, type Measurement } from './measure.ts';

/**
 * The native work (OpenSSL, zlib) no simulator can avoid for one accepted SendBillSync of `xml`, timed alone:
 * signer ÷ floor bounds the ratio the bench can ever print.
 */
export function measureSimulatorFloor(input: {
  contentFileBase64: string;
  xml: string;
  tenantKey: KeyObject;
  arKeyPem: string;
}): Measurement {
  const tenantPublic = createPublicKey(input.tenantKey);
  const arKey = createPrivateKey(input.arKeyPem);
  const signedInfo = Buffer.alloc(800, 0x61); // a SignedInfo's canonical form: ~800 bytes
  const xadesSignature = sign('sha256', signedInfo, input.tenantKey);
  const document = Buffer.from(input.xml, 'utf8');
  const keyInfo = Buffer.alloc(3000, 0x62); // the KeyInfo with the certificate chain
  const signedProperties = Buffer.alloc(1200, 0x63);
  const cufeInput = 'x'.repeat(200);
  const applicationResponse = Buffer.alloc(4000, 0x64);
  const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('base64');
  return measure("floor: the simulator's native work alone (zlib, OpenSSL)", () => {
    const zip = Buffer.from(input.contentFileBase64, 'base64');
    readZipEntries(zip);
    sha256('<wsa:To>…</wsa:To>'); // WS-Security: the wsa:To reference
    sha256(document); // XAdES: the document reference (enveloped)…
    sha256(keyInfo);
    sha256(signedProperties);
    verify('sha256', signedInfo, tenantPublic, xadesSignature); // …and its signature
    createHash('sha384').update(cufeInput).digest('hex'); // CUFE
    createHash('sha384').update(cufeInput.slice(0, 60)).digest('hex'); // SoftwareSecurityCode
    sha256(applicationResponse); // the ApplicationResponse's references…
    sha256(signedProperties);
    sign('sha256', signedInfo, arKey); // …and its ECDSA signature
  });
}
