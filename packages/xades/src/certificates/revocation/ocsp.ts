import { hash, X509Certificate, type KeyObject } from 'node:crypto';
import { signedBy, type CertificateFields } from './certificate-fields.ts';
import { children, context, encode, encodeOid, integerOf, oidOf, readTlv, TAG, timeOf, type Tlv } from './der.ts';

const OID_SHA1 = '1.3.14.3.2.26';
const OID_BASIC_RESPONSE = '1.3.6.1.5.5.7.48.1.1';
const OID_OCSP_SIGNING = '1.3.6.1.5.5.7.3.9';

export type OcspAnswer =
  | { status: 'good'; nextUpdate: Date | undefined }
  | { status: 'revoked'; revokedAt: Date }
  | { status: 'unknown'; reason: string };

/** An OCSPRequest (RFC 6960) for one certificate: CertID by SHA-1, as every responder takes; no nonce. */
export function ocspRequest(leaf: CertificateFields, issuer: CertificateFields): Buffer {
  const certId = encode(
    TAG.SEQUENCE,
    encode(TAG.SEQUENCE, encodeOid(OID_SHA1), encode(TAG.NULL)),
    encode(TAG.OCTET_STRING, hash('sha1', issuer.subject.raw, 'buffer')),
    encode(TAG.OCTET_STRING, hash('sha1', issuer.publicKeyBits, 'buffer')),
    leaf.serial.raw,
  );
  const request = encode(TAG.SEQUENCE, certId);
  return encode(TAG.SEQUENCE, encode(TAG.SEQUENCE, encode(TAG.SEQUENCE, request)));
}

/**
 * The answer for `leaf` in an OCSPResponse, trusted only when signed by the issuer's key or by a responder
 * certificate the issuer signed for OCSP signing (RFC 6960 §4.2.2.2); 'unknown' with the reason otherwise.
 */
export function readOcspResponse(
  bytes: Uint8Array,
  leaf: CertificateFields,
  issuerKey: KeyObject,
  now: Date,
): OcspAnswer {
  const unknown = (reason: string): OcspAnswer => ({ status: 'unknown', reason });
  try {
    const [status, wrapped] = children(readTlv(Buffer.from(bytes)));
    if (status?.tag !== TAG.ENUMERATED || status.content[0] !== 0)
      return unknown(`responder status ${status?.content[0]}`);
    const [type, octets] = children(children(wrapped!)[0]!);
    if (oidOf(type) !== OID_BASIC_RESPONSE) return unknown('not a basic OCSP response');
    const [data, algorithm, signature, certs] = children(readTlv(octets!.content));
    const keys = [issuerKey, ...responderKeys(certs, issuerKey)];
    if (!keys.some((key) => signedBy(data!, algorithm, signature, key)))
      return unknown('response not signed by the CA');
    const fields = children(data!);
    const responses = fields.find(
      (f, i) => i > 0 && f.tag === TAG.SEQUENCE && fields[i - 1]!.tag === TAG.GENERALIZED_TIME,
    );
    for (const single of responses ? children(responses) : []) {
      const [certId, certStatus, thisUpdate, ...rest] = children(single);
      const serial = children(certId!)[3];
      if (!serial || integerOf(serial) !== integerOf(leaf.serial)) continue;
      const next = rest.find((f) => f.tag === context(0));
      const nextUpdate = next ? timeOf(children(next)[0]) : undefined;
      if (nextUpdate && nextUpdate.getTime() < now.getTime()) return unknown('stale response');
      if (certStatus!.tag === context(0, false)) return { status: 'good', nextUpdate };
      if (certStatus!.tag === context(1))
        return { status: 'revoked', revokedAt: timeOf(children(certStatus!)[0]) ?? timeOf(thisUpdate)! };
      return unknown('the responder does not know the certificate');
    }
    return unknown('no answer for the certificate');
  } catch {
    return unknown('unreadable response');
  }
}

/** The keys of the delegated responders the response carries, where the issuer signed them for OCSP signing. */
function responderKeys(certs: Tlv | undefined, issuerKey: KeyObject): KeyObject[] {
  if (!certs || certs.tag !== context(0)) return [];
  return children(children(certs)[0]!).flatMap((cert) => {
    try {
      const x509 = new X509Certificate(cert.raw);
      return x509.verify(issuerKey) && (x509.keyUsage ?? []).includes(OID_OCSP_SIGNING) ? [x509.publicKey] : [];
    } catch {
      return [];
    }
  });
}
