const attributeNames: Record<string, string> = { '2.5.4.5': 'serialNumber', '1.2.840.113549.1.9.1': 'emailAddress' };

/** A certificate's name as a person reads it: OID attributes with hex DER values get their name and text back. */
export function readableName(dn: string): string {
  return dn.replace(
    /(\d+(?:\.\d+)+)=#((?:13|0c|16)([0-9a-f]{2})((?:[0-9a-f]{2})+))/gi,
    (whole, oid: string, _der, length: string, hex: string) => {
      const bytes = Buffer.from(hex, 'hex');
      if (bytes.length !== Number.parseInt(length, 16)) return whole;
      return `${attributeNames[oid] ?? oid}=${bytes.toString('utf8')}`;
    },
  );
}
