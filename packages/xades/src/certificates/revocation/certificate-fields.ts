import { verify, type KeyObject } from 'node:crypto';
import { children, context, oidOf, readTlv, TAG, type Tlv } from './der.ts';

/** The parts of a certificate the revocation checks need, with their DER as issued. */
export type CertificateFields = {
  serial: Tlv;
  issuer: Tlv;
  subject: Tlv;
  /** The subjectPublicKey BIT STRING's key bytes (the unused-bits octet dropped): what OCSP's issuerKeyHash hashes. */
  publicKeyBits: Buffer;
  /** Each extension's extnValue content, by OID. */
  extensions: Map<string, Buffer>;
};

const OID_CRL_DISTRIBUTION_POINTS = '2.5.29.31';
const OID_AUTHORITY_INFO_ACCESS = '1.3.6.1.5.5.7.1.1';
const OID_AD_OCSP = '1.3.6.1.5.5.7.48.1';

export function certificateFields(der: Uint8Array): CertificateFields {
  const [tbs] = children(readTlv(Buffer.from(der)));
  const fields = children(tbs!);
  let i = fields[0]?.tag === context(0) ? 1 : 0; // [0] version
  const serial = fields[i++]!;
  i++; // signature algorithm
  const issuer = fields[i++]!;
  i++; // validity
  const subject = fields[i++]!;
  const spki = children(fields[i++]!);
  const extensions = new Map<string, Buffer>();
  const wrapped = fields.slice(i).find((f) => f.tag === context(3));
  for (const extension of wrapped ? children(children(wrapped)[0]!) : []) {
    const parts = children(extension);
    extensions.set(oidOf(parts[0]), parts[parts.length - 1]!.content);
  }
  return { serial, issuer, subject, publicKeyBits: spki[1]!.content.subarray(1), extensions };
}

/** Where a certificate says its revocation is published: OCSP responders (AIA) and CRLs, their http(s) URLs. */
export function revocationSources(fields: CertificateFields): { ocsp: string[]; crl: string[] } {
  const crl = uris(fields.extensions.get(OID_CRL_DISTRIBUTION_POINTS));
  const aia = fields.extensions.get(OID_AUTHORITY_INFO_ACCESS);
  const ocsp = aia
    ? children(readTlv(aia))
        .map(children)
        .filter(([method]) => oidOf(method) === OID_AD_OCSP)
        .flatMap(([, location]) => (location ? uriOf(location) : []))
    : [];
  return { ocsp, crl };
}

/** Every uniformResourceIdentifier ([6], primitive) nested in a DER value, http(s) only. */
function uris(value: Buffer | undefined): string[] {
  if (!value) return [];
  const found: string[] = [];
  const walk = (tlv: Tlv) => {
    if (tlv.tag & 0x20) children(tlv).forEach(walk);
    else found.push(...uriOf(tlv));
  };
  walk(readTlv(value));
  return found;
}

const uriOf = (tlv: Tlv): string[] => {
  if (tlv.tag !== context(6, false)) return [];
  const uri = tlv.content.toString('latin1');
  return /^https?:\/\//i.test(uri) ? [uri] : [];
};

const SIGNATURE_HASHES = new Map([
  ['1.2.840.113549.1.1.5', 'sha1'],
  ['1.2.840.113549.1.1.11', 'sha256'],
  ['1.2.840.113549.1.1.12', 'sha384'],
  ['1.2.840.113549.1.1.13', 'sha512'],
  ['1.2.840.10045.4.3.2', 'sha256'],
  ['1.2.840.10045.4.3.3', 'sha384'],
  ['1.2.840.10045.4.3.4', 'sha512'],
]);

/** Whether `key` signed `signed` (an AlgorithmIdentifier and a BIT STRING follow it in the signed structure). */
export function signedBy(signed: Tlv, algorithm: Tlv | undefined, signature: Tlv | undefined, key: KeyObject): boolean {
  const hash = SIGNATURE_HASHES.get(oidOf(algorithm && children(algorithm)[0]));
  if (!hash || signature?.tag !== TAG.BIT_STRING) return false;
  try {
    return verify(hash, signed.raw, key, signature.content.subarray(1));
  } catch {
    return false;
  }
}
