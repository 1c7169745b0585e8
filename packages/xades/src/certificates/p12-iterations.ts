import forge from 'node-forge';
import { XadesError } from '../errors.ts';

/**
 * The most key-derivation iterations one part of a .p12 may ask for (its MAC, each encrypted bag). OpenSSL exports
 * 2,048, Windows and macOS 2,000-10,000; every iteration costs the same CPU to whoever opens the file.
 */
export const MAX_P12_ITERATIONS = 100_000;
/** The most a whole file may ask for: the three derivations of a usual export (MAC, certificates, key) at the limit. */
const MAX_P12_TOTAL_ITERATIONS = 3 * MAX_P12_ITERATIONS;

const OID = {
  data: '1.2.840.113549.1.7.1',
  encryptedData: '1.2.840.113549.1.7.6',
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  shroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
};
// pkcs-12PbeIds (1.2.840.113549.1.12.1.x) and PBES1 (1.2.840.113549.1.5.1-11): params are { salt, iterations }.
const isPbeWithSaltAndCount = (oid: string) =>
  oid.startsWith('1.2.840.113549.1.12.1.') || /^1\.2\.840\.113549\.1\.5\.([1-9]|1[01])$/.test(oid);

/**
 * Every iteration count a .p12 asks for (MAC first, then each encrypted part), read from its ASN.1 alone: no key is
 * derived, so this costs microseconds whatever the counts say. Throws P12_UNREADABLE on what is not a PFX.
 */
export function p12Iterations(p12: Uint8Array): number[] {
  try {
    const pfx = children(forge.asn1.fromDer(Buffer.from(p12).toString('binary')));
    const counts: number[] = [];
    if (pfx[2]) {
      const macData = children(pfx[2]);
      counts.push(macData[2] ? integer(macData[2]) : 1); // iterations INTEGER DEFAULT 1
    }
    for (const info of children(parseDer(contentOf(pfx[1]!, OID.data)))) collectContentInfo(info, counts);
    return counts;
  } catch (error) {
    if (error instanceof XadesError) throw error;
    throw new XadesError('P12_UNREADABLE');
  }
}

/** Refuses (CERT_ITERATIONS_TOO_HIGH) a .p12 whose key derivations would hold a CPU for seconds or minutes. */
export function assertP12IterationsWithinLimit(p12: Uint8Array): void {
  const counts = p12Iterations(p12);
  const highest = Math.max(0, ...counts);
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (highest > MAX_P12_ITERATIONS || total > MAX_P12_TOTAL_ITERATIONS)
    throw new XadesError('CERT_ITERATIONS_TOO_HIGH', `highest ${highest}, total ${total}`);
}

function collectContentInfo(info: forge.asn1.Asn1, counts: number[]): void {
  const [type] = children(info);
  const oid = forge.asn1.derToOid(type!.value as string);
  if (oid === OID.encryptedData) {
    // EncryptedData { version, EncryptedContentInfo { contentType, contentEncryptionAlgorithm, … } }
    const encryptedContentInfo = children(children(children(info)[1])[0])[1];
    collectAlgorithm(children(encryptedContentInfo)[1]!, counts);
  } else if (oid === OID.data) {
    for (const bag of children(parseDer(contentOf(info, OID.data)))) {
      // SafeBag { bagId, [0] bagValue, … }; a shrouded key bag's value is { AlgorithmIdentifier, encrypted key }.
      const [bagId, value] = children(bag);
      if (forge.asn1.derToOid(bagId!.value as string) !== OID.shroudedKeyBag) continue;
      collectAlgorithm(children(children(value)[0])[0]!, counts);
    }
  }
}

function collectAlgorithm(algorithm: forge.asn1.Asn1, counts: number[]): void {
  const [id, params] = children(algorithm);
  const oid = forge.asn1.derToOid(id!.value as string);
  if (oid === OID.pbes2) {
    const kdf = children(children(params)[0]);
    if (forge.asn1.derToOid(kdf[0]!.value as string) === OID.pbkdf2) counts.push(integer(children(kdf[1])[1]!));
  } else if (isPbeWithSaltAndCount(oid)) counts.push(integer(children(params)[1]!));
}

/** The bytes of a ContentInfo of type `oid`: [0] EXPLICIT OCTET STRING, primitive or (BER) in pieces. */
function contentOf(info: forge.asn1.Asn1, oid: string): string {
  const [type, content] = children(info);
  if (forge.asn1.derToOid(type!.value as string) !== oid) throw new XadesError('P12_UNREADABLE');
  const octets = children(content)[0]!;
  return octets.constructed
    ? children(octets)
        .map((piece) => piece.value as string)
        .join('')
    : (octets.value as string);
}

function parseDer(bytes: string): forge.asn1.Asn1 {
  return forge.asn1.fromDer(bytes);
}

function children(node: forge.asn1.Asn1 | undefined): forge.asn1.Asn1[] {
  if (!node || !Array.isArray(node.value)) throw new XadesError('P12_UNREADABLE');
  return node.value;
}

/** A non-negative DER INTEGER; counts beyond 2^53 read as Infinity (refused, never truncated). */
function integer(node: forge.asn1.Asn1): number {
  if (node.type !== forge.asn1.Type.INTEGER || typeof node.value !== 'string') throw new XadesError('P12_UNREADABLE');
  let n = 0;
  for (const ch of node.value) n = n * 256 + ch.charCodeAt(0);
  return Number.isSafeInteger(n) ? n : Infinity;
}
