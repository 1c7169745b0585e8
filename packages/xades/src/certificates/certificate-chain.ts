import forge from 'node-forge';
import { XadesError } from '../errors.ts';
import type { ChainCertificate } from './credential.ts';
import { rfc4514Name } from './distinguished-name.ts';

/** A certificate chain, leaf first, as a .p12 gives it (loadP12) and a registry keeps it beside the sealed file. */
export type CertificateChain = readonly [ChainCertificate, ...ChainCertificate[]];

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]+)-----END CERTIFICATE-----/g;

/** The chain's certificates as PEM blocks, leaf first: public data, stored in the clear. */
export function chainToPem(chain: readonly ChainCertificate[]): string {
  return chain
    .map((cert) => {
      const lines =
        Buffer.from(cert.der)
          .toString('base64')
          .match(/.{1,64}/g) ?? [];
      return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
    })
    .join('');
}

/** The chain chainToPem wrote, with the fields loadP12 gives; P12_UNREADABLE when it holds no certificate. */
export function chainFromPem(pem: string): CertificateChain {
  const chain = [...pem.matchAll(PEM_BLOCK)].map((block) => chainCertificate(Buffer.from(block[1]!, 'base64')));
  if (!chain.length) throw new XadesError('P12_UNREADABLE', 'the stored chain holds no certificate');
  return chain as [ChainCertificate, ...ChainCertificate[]];
}

/** One certificate's DER read into what the XAdES properties need (names in RFC 4514, serial in decimal). */
export function chainCertificate(der: Uint8Array): ChainCertificate {
  try {
    const certificate = forge.asn1.fromDer(Buffer.from(der).toString('binary'));
    const fields = (certificate.value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[];
    const offset = fields[0]?.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC ? 1 : 0; // [0] version
    const [serial, , issuer, validity, subject] = fields.slice(offset) as forge.asn1.Asn1[];
    const [notBefore, notAfter] = (validity!.value as forge.asn1.Asn1[]).map(asn1Time) as [Date, Date];
    return {
      der: new Uint8Array(der), // a plain copy, as a worker's structured clone gives it
      issuerName: rfc4514Name(issuer!),
      subjectName: rfc4514Name(subject!),
      serialNumber: BigInt(`0x${forge.util.bytesToHex(serial!.value as string) || '0'}`).toString(10),
      notBefore,
      notAfter,
    };
  } catch {
    throw new XadesError('P12_UNREADABLE', 'a certificate of the chain is not DER');
  }
}

function asn1Time(time: forge.asn1.Asn1): Date {
  const text = time.value as string;
  return time.type === forge.asn1.Type.UTCTIME
    ? forge.asn1.utcTimeToDate(text)
    : forge.asn1.generalizedTimeToDate(text);
}
