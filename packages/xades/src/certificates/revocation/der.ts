/**
 * A minimal DER reader and writer for the revocation messages (CRL, OCSP): the raw bytes of each element stay at
 * hand, which a signature over a part (tbsCertList, tbsResponseData) is verified against.
 */
export type Tlv = {
  /** The identifier octet: class, constructed bit and tag number (tags over 30 never occur here). */
  tag: number;
  /** The whole element, header included. */
  raw: Buffer;
  /** The content octets. */
  content: Buffer;
};

export const TAG = {
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  ENUMERATED: 0x0a,
  UTC_TIME: 0x17,
  GENERALIZED_TIME: 0x18,
  SEQUENCE: 0x30,
} as const;

/** The context-specific tag `[n]`, constructed (EXPLICIT or a constructed IMPLICIT) or primitive. */
export const context = (n: number, constructed = true) => 0x80 | (constructed ? 0x20 : 0) | n;

class DerError extends Error {}

/** The element starting at `offset` of `bytes`. */
export function readTlv(bytes: Buffer, offset = 0): Tlv {
  if (offset + 2 > bytes.length) throw new DerError('truncated');
  const tag = bytes[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError('high tag number');
  let length = bytes[offset + 1]!;
  let header = 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4 || offset + 2 + count > bytes.length) throw new DerError('bad length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[offset + 2 + i]!;
    header += count;
  }
  const end = offset + header + length;
  if (end > bytes.length) throw new DerError('truncated');
  return { tag, raw: bytes.subarray(offset, end), content: bytes.subarray(offset + header, end) };
}

/** The elements inside a constructed one. */
export function children(parent: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let offset = 0; offset < parent.content.length;) {
    const child = readTlv(parent.content, offset);
    out.push(child);
    offset += child.raw.length;
  }
  return out;
}

/** A dotted OID from an OBJECT IDENTIFIER element. */
export function oidOf(tlv: Tlv | undefined): string {
  if (!tlv || tlv.tag !== TAG.OID || tlv.content.length === 0) return '';
  const bytes = tlv.content;
  const parts = [Math.floor(bytes[0]! / 40), bytes[0]! % 40];
  let value = 0;
  for (let i = 1; i < bytes.length; i++) {
    value = value * 128 + (bytes[i]! & 0x7f);
    if (!(bytes[i]! & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}

/** UTCTime or GeneralizedTime (DER: always Z, no fractions needed here). */
export function timeOf(tlv: Tlv | undefined): Date | undefined {
  if (!tlv || (tlv.tag !== TAG.UTC_TIME && tlv.tag !== TAG.GENERALIZED_TIME)) return undefined;
  const text = tlv.content.toString('latin1');
  const m = /^(\d{2}|\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.\d+)?Z$/.exec(text);
  if (!m) return undefined;
  let year = Number(m[1]);
  if (m[1]!.length === 2) year += year < 50 ? 2000 : 1900;
  return new Date(Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
}

/** An INTEGER's value as a non-negative bigint (serial numbers). */
export function integerOf(tlv: Tlv): bigint {
  return tlv.content.length ? BigInt(`0x${tlv.content.toString('hex')}`) : 0n;
}

/** One element from its tag and content. */
export function encode(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const n = body.length;
  const length =
    n < 0x80
      ? Buffer.from([n])
      : Buffer.from([0x80 | byteCount(n), ...Buffer.from(n.toString(16).padStart(byteCount(n) * 2, '0'), 'hex')]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
}

const byteCount = (n: number) => Math.ceil(n.toString(16).length / 2);

/** An OBJECT IDENTIFIER element from its dotted form. */
export function encodeOid(oid: string): Buffer {
  const [a, b, ...rest] = oid.split('.').map(Number);
  const bytes = [a! * 40 + b!];
  for (const part of rest) {
    const groups = [part & 0x7f];
    for (let v = Math.floor(part / 128); v > 0; v = Math.floor(v / 128)) groups.unshift((v & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return encode(TAG.OID, Buffer.from(bytes));
}
