import type { KeyObject } from 'node:crypto';
import { signedBy } from './certificate-fields.ts';
import { children, integerOf, readTlv, TAG, timeOf } from './der.ts';

/** A CRL whose signature its CA's key verified: the serials it revokes and when it must be fetched again. */
export type RevocationList = {
  /** The issuer Name's DER, as in the certificates it covers. */
  issuer: Buffer;
  thisUpdate: Date;
  nextUpdate: Date | undefined;
  /** Revoked serial → revocation date. */
  revoked: Map<bigint, Date>;
};

/**
 * A CRL (DER, or PEM "X509 CRL") signed by `issuerKey`; undefined when it cannot be read or the key did not sign it
 * (a CRL nobody can vouch for says nothing).
 */
export function readRevocationList(bytes: Uint8Array, issuerKey: KeyObject): RevocationList | undefined {
  try {
    const der = fromPem(Buffer.from(bytes));
    const [tbs, algorithm, signature] = children(readTlv(der));
    if (!tbs || !signedBy(tbs, algorithm, signature, issuerKey)) return undefined;
    const fields = children(tbs);
    let i = fields[0]?.tag === TAG.INTEGER ? 1 : 0; // version
    i++; // signature algorithm
    const issuer = fields[i++]!.raw;
    const thisUpdate = timeOf(fields[i++]);
    const nextUpdate = timeOf(fields[i]);
    if (nextUpdate) i++;
    const revoked = new Map<bigint, Date>();
    if (fields[i]?.tag === TAG.SEQUENCE)
      for (const entry of children(fields[i]!)) {
        const [serial, date] = children(entry);
        revoked.set(integerOf(serial!), timeOf(date) ?? new Date(0));
      }
    return thisUpdate && { issuer: Buffer.from(issuer), thisUpdate, nextUpdate, revoked };
  } catch {
    return undefined;
  }
}

function fromPem(bytes: Buffer): Buffer {
  const text = bytes.subarray(0, 64).toString('latin1');
  if (!text.includes('-----BEGIN')) return bytes;
  const body = /-----BEGIN X509 CRL-----([\s\S]+?)-----END X509 CRL-----/.exec(bytes.toString('latin1'))?.[1];
  return Buffer.from(body ?? '', 'base64');
}
