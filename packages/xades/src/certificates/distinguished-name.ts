import forge from 'node-forge';

// RFC 4514 §3: only these attribute types have a short name; any other is written as its dotted
// OID with the value as '#' + hex of its DER (DIAN's examples: 1.2.840.113549.1.9.1=#16…).
// Java's X500Principal (xades4j compares IssuerSerial with it) uses the same table.
const SHORT_NAMES: Readonly<Record<string, string>> = {
  '2.5.4.3': 'CN',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.6': 'C',
  '2.5.4.9': 'STREET',
  '0.9.2342.19200300.100.1.25': 'DC',
  '0.9.2342.19200300.100.1.1': 'UID',
};

const T = forge.asn1.Type;

/** The RFC 4514 string of an X.501 Name (SEQUENCE OF RDN), most specific RDN first. */
export function rfc4514Name(name: forge.asn1.Asn1): string {
  const rdns = name.value as forge.asn1.Asn1[];
  return rdns
    .map((rdn) => (rdn.value as forge.asn1.Asn1[]).map(attributeTypeAndValue).join('+'))
    .reverse()
    .join(',');
}

function attributeTypeAndValue(atv: forge.asn1.Asn1): string {
  const [typeNode, valueNode] = atv.value as [forge.asn1.Asn1, forge.asn1.Asn1];
  const oid = forge.asn1.derToOid(typeNode.value as string);
  const short = SHORT_NAMES[oid];
  const text = short ? decodeString(valueNode) : undefined;
  if (short && text !== undefined) return `${short}=${escapeValue(text)}`;
  return `${short ?? oid}=#${forge.util.bytesToHex(forge.asn1.toDer(valueNode).getBytes())}`;
}

function decodeString(node: forge.asn1.Asn1): string | undefined {
  const bytes = node.value as string;
  switch (node.type as number) {
    case T.UTF8:
      return forge.util.decodeUtf8(bytes);
    case T.PRINTABLESTRING:
    case T.IA5STRING:
    case 20: // T61String (Teletex), still found in old CA names
      return bytes;
    case T.BMPSTRING: {
      let out = '';
      for (let i = 0; i + 1 < bytes.length; i += 2)
        out += String.fromCharCode((bytes.charCodeAt(i) << 8) | bytes.charCodeAt(i + 1));
      return out;
    }
    default:
      return undefined;
  }
}

function escapeValue(value: string): string {
  let out = value.replace(/[\\"+,;<>\0]/g, (c) => (c === '\0' ? '\\00' : `\\${c}`));
  if (out.startsWith('#') || out.startsWith(' ')) out = `\\${out}`;
  if (out.endsWith(' ') && out.length > 1) out = `${out.slice(0, -1)}\\ `;
  return out;
}
