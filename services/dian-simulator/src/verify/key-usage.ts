import type { X509Certificate } from 'node:crypto';

/** KeyUsage bits read from the DER (node:crypto exposes extended key usage only); undefined without the extension. */
const OID = Buffer.from([0x06, 0x03, 0x55, 0x1d, 0x0f]);

export type KeyUsage = { digitalSignature: boolean; nonRepudiation: boolean };

/** Read once per certificate: the tenant's arrives with every invoice. */
const known = new WeakMap<X509Certificate, KeyUsage | null>();
export function keyUsage(certificate: X509Certificate): KeyUsage | undefined {
  let usage = known.get(certificate);
  if (usage === undefined) known.set(certificate, (usage = readKeyUsage(certificate.raw) ?? null));
  return usage ?? undefined;
}

function readKeyUsage(der: Buffer): KeyUsage | undefined {
  const at = der.indexOf(OID);
  if (at < 0) return undefined;
  let i = at + OID.length;
  if (der[i] === 0x01) i += 2 + der[i + 1]!; // critical flag
  if (der[i] !== 0x04 || der[i + 2] !== 0x03) return undefined;
  const first = der[i + 5] ?? 0; // OCTET STRING len, BIT STRING tag, len, unused-bits, first byte
  return { digitalSignature: (first & 0x80) !== 0, nonRepudiation: (first & 0x40) !== 0 };
}
