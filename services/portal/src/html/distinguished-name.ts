// Names of attribute types RFC 4514 writes as dotted OIDs, as Colombian CAs put them in certificates.
const attributeNames: Record<string, string> = {
  '2.5.4.4': 'SN',
  '2.5.4.5': 'serialNumber',
  '2.5.4.12': 'title',
  '2.5.4.13': 'description',
  '2.5.4.42': 'GN',
  '2.5.4.97': 'organizationIdentifier',
  '1.2.840.113549.1.9.1': 'emailAddress',
};

/** The text of a DER string value (UTF8, Printable, T61, IA5, BMP), short or long length; undefined otherwise. */
function derText(hex: string): string | undefined {
  const bytes = Buffer.from(hex, 'hex');
  if (bytes.length < 2 || bytes.length * 2 !== hex.length) return undefined;
  let length = bytes[1]!;
  let start = 2;
  if (length > 0x80 && length <= 0x82) {
    start = 2 + (length - 0x80);
    length = bytes.subarray(2, start).reduce((n, b) => n * 256 + b, 0);
  } else if (length >= 0x80) return undefined;
  const content = bytes.subarray(start);
  if (content.length !== length) return undefined;
  switch (bytes[0]) {
    case 0x0c:
      return content.toString('utf8');
    case 0x13:
    case 0x14:
    case 0x16:
      return content.toString('latin1');
    case 0x1e:
      return content.swap16().toString('utf16le');
    default:
      return undefined;
  }
}

/** The attributes of an RFC 4514 name, split on unescaped ',' and '+', escapes and hex values decoded. */
function attributes(dn: string): { type: string; value: string }[] {
  const parts = dn.match(/(?:\\.|[^,+\\])+/g) ?? [];
  return parts.map((part) => {
    const at = part.indexOf('=');
    const oid = part.slice(0, at).trim();
    const raw = part.slice(at + 1);
    const type = attributeNames[oid] ?? oid;
    if (raw.startsWith('#')) return { type, value: derText(raw.slice(1)) ?? raw };
    return {
      type,
      value: raw.replace(/\\([0-9a-fA-F]{2}|.)/g, (_, c: string) =>
        c.length === 2 ? String.fromCharCode(Number.parseInt(c, 16)) : c,
      ),
    };
  });
}

/**
 * A certificate's subject or issuer as a person reads it: the common name first, then the rest, each attribute by
 * its name with its value as text ("CN=Comercial S.A.S., serialNumber=900108281, O=…").
 */
export function readableName(dn: string): string {
  const all = attributes(dn);
  const ordered = [...all.filter((a) => a.type === 'CN'), ...all.filter((a) => a.type !== 'CN')];
  return ordered.map((a) => `${a.type}=${a.value}`).join(', ');
}
