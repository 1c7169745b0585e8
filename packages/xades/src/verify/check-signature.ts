import { createHash, verify, type X509Certificate } from 'node:crypto';
import type { Document, Element } from '@xmldom/xmldom';
import { C14N_URI, DIGEST_URI, ENVELOPED_URI, SIGNATURE_URI, type DigestAlgorithm } from '../signing/algorithms.ts';
import { canonicalize, childElements, findById, NS, path, text } from './dom.ts';
import type { Check } from './report.ts';

const ECDSA_SIGNATURE_URI: Readonly<Record<DigestAlgorithm, string>> = {
  sha256: 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256',
  sha384: 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha384',
  sha512: 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha512',
};

const byUri = <T extends Record<DigestAlgorithm, string>>(table: T, uri: string | null) =>
  (Object.keys(table) as DigestAlgorithm[]).find((alg) => table[alg] === uri);

/**
 * XML-DSig core validation, reference by reference, so an auditor sees which part changed. Works on the document the
 * signature was parsed in (one parse per check, not one per reference), which it leaves as it found it.
 */
export function checkSignature(signature: Element, cert: X509Certificate | undefined): Check[] {
  const checks: Check[] = [];
  const signedInfo = path(signature, [NS.ds, 'SignedInfo']);
  const doc = signature.ownerDocument;
  if (!signedInfo || !doc) return [{ name: 'signature', ok: false, detail: 'no ds:SignedInfo' }];
  const c14n = path(signedInfo, [NS.ds, 'CanonicalizationMethod'])?.getAttribute('Algorithm') ?? null;
  checks.push({ name: 'canonicalization', ok: c14n === C14N_URI, detail: c14n ?? 'missing' });

  const references = childElements(signedInfo, NS.ds, 'Reference');
  references.forEach((reference, i) => checks.push(checkReference(doc, reference, i)));
  checks.push({ name: 'references', ok: references.length === 3, detail: `${references.length} (DIAN requires 3)` });

  const method = path(signedInfo, [NS.ds, 'SignatureMethod'])?.getAttribute('Algorithm') ?? null;
  const rsa = byUri(SIGNATURE_URI, method);
  // DIAN's ApplicationResponse may be signed with ECDSA (r‖s, as XML-DSig writes it): `fe verify` reads it inside an
  // AttachedDocument.
  const ecdsa = byUri(ECDSA_SIGNATURE_URI, method);
  const value = Buffer.from(text(path(signature, [NS.ds, 'SignatureValue'])) ?? '', 'base64');
  const signed = Buffer.from(canonicalize(signedInfo));
  const ok =
    !!cert &&
    (rsa ? verify(rsa, signed, cert.publicKey, value) : ecdsa ? verifyEcdsa(ecdsa, signed, cert, value) : false);
  checks.push({
    name: 'signature value',
    ok,
    detail: `${method ?? 'no SignatureMethod'}${cert ? '' : ', no certificate in KeyInfo'}`,
  });
  return checks;
}

/** Bytes of r and of s in XML-DSig's r‖s form, by curve (RFC 4050 §3.3). */
const ECDSA_HALF: Readonly<Record<string, number>> = { prime256v1: 32, secp384r1: 48, secp521r1: 66 };

/**
 * ECDSA over r‖s, refused unless each half is the curve's size (as OpenSSL's P1363 form does). Given as DER with the
 * bare key: node's `{ key, dsaEncoding }` form costs more than the verification itself.
 */
function verifyEcdsa(algorithm: DigestAlgorithm, signed: Buffer, cert: X509Certificate, value: Buffer): boolean {
  const half = ECDSA_HALF[cert.publicKey.asymmetricKeyDetails?.namedCurve ?? ''];
  if (half === undefined || value.length !== 2 * half) return false;
  return verify(algorithm, signed, cert.publicKey, ecdsaDer(value.subarray(0, half), value.subarray(half)));
}

/** ECDSA-Sig-Value: SEQUENCE { INTEGER r, INTEGER s }, each unsigned big-endian and minimal. */
function ecdsaDer(r: Buffer, s: Buffer): Buffer {
  const integer = (bytes: Buffer) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const body = bytes.subarray(start);
    const padded = body[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), body]) : body;
    return Buffer.concat([Buffer.from([0x02, padded.length]), padded]);
  };
  const content = Buffer.concat([integer(r), integer(s)]);
  const length = content.length < 0x80 ? [content.length] : [0x81, content.length];
  return Buffer.concat([Buffer.from([0x30, ...length]), content]);
}

function checkReference(doc: Document, reference: Element, index: number): Check {
  const uri = reference.getAttribute('URI');
  const name = `reference ${index + 1} (URI="${uri ?? ''}")`;
  const algorithm = byUri(DIGEST_URI, path(reference, [NS.ds, 'DigestMethod'])?.getAttribute('Algorithm') ?? null);
  if (!algorithm) return { name, ok: false, detail: 'unsupported DigestMethod' };
  const transforms = childElements(path(reference, [NS.ds, 'Transforms']) ?? reference, NS.ds, 'Transform').map((t) =>
    t.getAttribute('Algorithm'),
  );

  let canonical: string | undefined;
  if (uri === '') {
    if (transforms.join() !== ENVELOPED_URI)
      return { name, ok: false, detail: `transforms ${transforms.join() || 'none'}` };
    canonical = withoutSignature(doc, (root) => canonicalize(root));
  } else if (uri?.startsWith('#')) {
    if (transforms.some((t) => t !== C14N_URI)) return { name, ok: false, detail: `transforms ${transforms.join()}` };
    const target = findById(doc, uri.slice(1));
    if (target) canonical = canonicalize(target);
  }
  if (canonical === undefined) return { name, ok: false, detail: 'target not found' };
  const digest = createHash(algorithm).update(canonical).digest('base64');
  const expected = text(path(reference, [NS.ds, 'DigestValue']));
  return {
    name,
    ok: digest === expected,
    detail: digest === expected ? `${algorithm} digest matches` : `${algorithm} digest differs`,
  };
}

/** The enveloped transform: `read` sees the document without its ds:Signature, which is put back where it was after. */
function withoutSignature<T>(doc: Document, read: (root: Element) => T): T | undefined {
  const own = doc.getElementsByTagNameNS(NS.ds, 'Signature').item(0);
  const parent = own?.parentNode;
  const next = own?.nextSibling ?? null;
  if (own && parent) parent.removeChild(own);
  try {
    return doc.documentElement ? read(doc.documentElement) : undefined;
  } finally {
    if (own && parent) parent.insertBefore(own, next);
  }
}
