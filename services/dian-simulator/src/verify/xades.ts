import { hash, verify, type X509Certificate } from 'node:crypto';
import type { RuleCode } from '../rules/catalogue.ts';
import { ubl } from '../rules/invoice-view.ts';
import {
  attribute,
  childElement,
  childElements,
  pathElement,
  textOf,
  type XmlDocument,
  type XmlElement,
} from '../xml/light-xml.ts';
import { C14N, documentC14n, inclusiveC14n } from './c14n.ts';
import { keyUsage } from './key-usage.ts';
import type { TrustStore } from './trust-store.ts';

const ds = 'http://www.w3.org/2000/09/xmldsig#';
const xades = 'http://uri.etsi.org/01903/v1.3.2#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const SIGNED_PROPERTIES = 'http://uri.etsi.org/01903#SignedProperties';
const POLICY_URL = 'https://facturaelectronica.dian.gov.co/politicadefirma/v2/politicadefirmav2.pdf';
// Maps, not object literals: the keys come from the document, and '__proto__' or 'constructor'
// must be an unknown algorithm, not a property of Object.prototype.
const digests = new Map([
  ['http://www.w3.org/2001/04/xmlenc#sha256', 'sha256'],
  ['http://www.w3.org/2001/04/xmldsig-more#sha384', 'sha384'],
  ['http://www.w3.org/2001/04/xmlenc#sha512', 'sha512'],
]);
const signatures = new Map([
  ['http://www.w3.org/2001/04/xmldsig-more#rsa-sha256', 'sha256'],
  ['http://www.w3.org/2001/04/xmldsig-more#rsa-sha384', 'sha384'],
  ['http://www.w3.org/2001/04/xmldsig-more#rsa-sha512', 'sha512'],
]);
/** SigPolicyHash of DIAN's policy v2 PDF per digest (reference §5.2). */
const policyHashes = new Map([
  ['sha256', 'dMoMvtcG5aIzgYo0tIsSQeVJBDnUnfSOfBpxXrmor0Y='],
  ['sha512', 'Zcjw1Z9nGQn2j6NyGx8kAaLbOfJGd/fJxRTCeirlqAg7zRG27piJkJOpflGu7XACpMj9hC6dVMcCyzqHxxPZeQ=='],
]);
const algorithm = (table: Map<string, string>, method: XmlElement | undefined) =>
  table.get(attribute(method, 'Algorithm') ?? '');

/** `certificate`: the signing certificate the document carries, when it is readable (ZE03 looks at its subject). */
export type XadesResult = { failures: RuleCode[]; signingTime: string | undefined; certificate?: X509Certificate };

/**
 * XAdES-EPES verification per DIAN's policy v2 (reference §5), sharing no code with our signer. The tree is not
 * modified: the enveloped transform canonicalizes the document without the signature.
 */
export function verifyXades(document: XmlDocument, trust: TrustStore): XadesResult {
  const root = document.root;
  const signature = childElements(childElement(root, ubl.ext, 'UBLExtensions') ?? root, ubl.ext, 'UBLExtension')
    .map((e) => pathElement(e, [ubl.ext, 'ExtensionContent'], [ds, 'Signature']))
    .find((e) => e !== undefined);
  if (!signature) return { failures: ['ZE02'], signingTime: undefined };
  const failures = new Set<RuleCode>();
  const signedInfo = childElement(signature, ds, 'SignedInfo');
  const signedProperties = pathElement(
    signature,
    [ds, 'Object'],
    [xades, 'QualifyingProperties'],
    [xades, 'SignedProperties'],
  );
  const properties = childElement(signedProperties, xades, 'SignedSignatureProperties');
  const signingTime = textOf(childElement(properties, xades, 'SigningTime'))?.trim();
  const certificate = trust.certificate(
    textOf(pathElement(signature, [ds, 'KeyInfo'], [ds, 'X509Data'], [ds, 'X509Certificate'])),
  );
  if (!signedInfo || !signedProperties || !signingTime || !certificate)
    return { failures: ['DC24'], signingTime, ...(certificate ? { certificate } : {}) };

  checkStructure(signature, signedInfo, properties!, certificate).forEach((f) => failures.add(f));
  const at = new Date(signingTime);
  const trusted = trust.check(certificate, Number.isNaN(at.getTime()) ? new Date(0) : at);
  if (trusted === 'untrusted') failures.add('ZD05');
  if (trusted === 'no-chain') failures.add('ZD06');
  if (trusted === 'not-valid-at') failures.add('ZD02');
  if (trusted === 'revoked') failures.add('ZD04');
  if (keyUsage(certificate)?.nonRepudiation !== true) failures.add('ZD07');

  // Digests: KeyInfo and SignedProperties in document context, then the enveloped document.
  const references = childElements(signedInfo, ds, 'Reference');
  const canonicalSignedInfo = inclusiveC14n(signedInfo);
  for (const reference of references) {
    const digest = algorithm(digests, childElement(reference, ds, 'DigestMethod'));
    const uri = attribute(reference, 'URI');
    if (!digest || uri === null) continue; // reported by checkStructure
    const target = uri === '' ? undefined : document.ids.get(uri.replace(/^#/, ''));
    const canonical = uri === '' ? documentC14n(document, signature) : target && inclusiveC14n(target);
    if (canonical === undefined || !digestMatches(reference, digest, canonical)) failures.add('ZE02');
  }

  const signatureHash = algorithm(signatures, childElement(signedInfo, ds, 'SignatureMethod'));
  const value = Buffer.from(textOf(childElement(signature, ds, 'SignatureValue')) ?? '', 'base64');
  if (!signatureHash || !verify(signatureHash, Buffer.from(canonicalSignedInfo), certificate.publicKey, value))
    failures.add('ZE02');
  return { failures: [...failures], signingTime, certificate };
}

function digestMatches(reference: XmlElement, digest: string, canonical: string): boolean {
  return hash(digest, canonical, 'base64') === textOf(childElement(reference, ds, 'DigestValue'))?.trim();
}

/**
 * The digest of a certificate's DER, computed once per certificate and algorithm (the tenant's arrives with every
 * invoice).
 */
const certificateDigests = new WeakMap<X509Certificate, Map<string, string>>();
function certificateDigest(certificate: X509Certificate, digest: string): string {
  let known = certificateDigests.get(certificate);
  if (!known) certificateDigests.set(certificate, (known = new Map()));
  let value = known.get(digest);
  if (value === undefined) known.set(digest, (value = hash(digest, certificate.raw, 'base64')));
  return value;
}

/** Policy structure (DC-series): algorithms, the three references, SigningCertificate, policy. */
function checkStructure(
  signature: XmlElement,
  signedInfo: XmlElement,
  properties: XmlElement,
  certificate: X509Certificate,
): RuleCode[] {
  const bad = (): RuleCode[] => ['DC24'];
  if (attribute(childElement(signedInfo, ds, 'CanonicalizationMethod'), 'Algorithm') !== C14N) return bad();
  if (!algorithm(signatures, childElement(signedInfo, ds, 'SignatureMethod'))) return bad();
  const references = childElements(signedInfo, ds, 'Reference');
  const transforms = (ref: XmlElement) =>
    childElements(childElement(ref, ds, 'Transforms') ?? ref, ds, 'Transform').map((t) => attribute(t, 'Algorithm'));
  const keyInfoId = attribute(childElement(signature, ds, 'KeyInfo'), 'Id');
  const propertiesId = attribute(properties.parent, 'Id');
  const [document, keyInfo, signedProps] = references;
  if (references.length !== 3 || !document || !keyInfo || !signedProps) return bad();
  if (attribute(document, 'URI') !== '' || transforms(document).join() !== ENVELOPED) return bad();
  if (!keyInfoId || attribute(keyInfo, 'URI') !== `#${keyInfoId}` || transforms(keyInfo).some((t) => t !== C14N))
    return bad();
  if (attribute(signedProps, 'Type') !== SIGNED_PROPERTIES || attribute(signedProps, 'URI') !== `#${propertiesId}`)
    return bad();
  if (
    transforms(signedProps).some((t) => t !== C14N) ||
    references.some((r) => !algorithm(digests, childElement(r, ds, 'DigestMethod')))
  )
    return bad();

  const cert = pathElement(properties, [xades, 'SigningCertificate'], [xades, 'Cert'], [xades, 'CertDigest']);
  const certAlgorithm = algorithm(digests, childElement(cert, ds, 'DigestMethod'));
  const certDigest = certAlgorithm && certificateDigest(certificate, certAlgorithm);
  if (!certDigest || certDigest !== textOf(childElement(cert, ds, 'DigestValue'))?.trim()) return bad();

  const policy = pathElement(properties, [xades, 'SignaturePolicyIdentifier'], [xades, 'SignaturePolicyId']);
  const policyHash = childElement(policy, xades, 'SigPolicyHash');
  const policyAlgorithm = algorithm(digests, childElement(policyHash, ds, 'DigestMethod'));
  if (textOf(pathElement(policy, [xades, 'SigPolicyId'], [xades, 'Identifier']))?.trim() !== POLICY_URL) return bad();
  if (
    !policyAlgorithm ||
    policyHashes.get(policyAlgorithm) !== textOf(childElement(policyHash, ds, 'DigestValue'))?.trim()
  )
    return bad();
  return [];
}
