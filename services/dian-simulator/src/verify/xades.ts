import { createHash, verify, type X509Certificate } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { childElement, childElements, pathElement, textOf } from '@fe/submitter';
import type { RuleCode } from '../rules/catalogue.ts';
import { ubl } from '../rules/invoice-view.ts';
import { C14N, findById, inclusiveC14n } from './c14n.ts';
import { keyUsage } from './key-usage.ts';
import { certificateFromBase64, type TrustStore } from './trust-store.ts';

const ds = 'http://www.w3.org/2000/09/xmldsig#';
const xades = 'http://uri.etsi.org/01903/v1.3.2#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const SIGNED_PROPERTIES = 'http://uri.etsi.org/01903#SignedProperties';
const POLICY_URL = 'https://facturaelectronica.dian.gov.co/politicadefirma/v2/politicadefirmav2.pdf';
const digests: Record<string, string> = {
  'http://www.w3.org/2001/04/xmlenc#sha256': 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#sha384': 'sha384',
  'http://www.w3.org/2001/04/xmlenc#sha512': 'sha512',
};
const signatures: Record<string, string> = {
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha384': 'sha384',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512': 'sha512',
};
/** SigPolicyHash of DIAN's policy v2 PDF per digest (reference §5.2). */
const policyHashes: Record<string, string> = {
  sha256: 'dMoMvtcG5aIzgYo0tIsSQeVJBDnUnfSOfBpxXrmor0Y=',
  sha512: 'Zcjw1Z9nGQn2j6NyGx8kAaLbOfJGd/fJxRTCeirlqAg7zRG27piJkJOpflGu7XACpMj9hC6dVMcCyzqHxxPZeQ==',
};

export type XadesResult = { failures: RuleCode[]; signingTime: string | undefined };

/**
 * XAdES-EPES verification as DIAN's policy v2 states it (reference §5), written apart from our
 * signer (it shares no code with services/signer): structure and algorithms (DC24), the three
 * reference digests and the signature value (ZE02), the certificate's trust (ZD05), validity at
 * SigningTime (ZD02) and Non-Repudiation (ZD07). The document is modified: the signature is
 * removed for the enveloped digest, so callers read everything else first.
 */
export function verifyXades(root: Element, trust: TrustStore): XadesResult {
  const signature = childElements(childElement(root, ubl.ext, 'UBLExtensions') ?? root, ubl.ext, 'UBLExtension')
    .map((e) => pathElement(e, [ubl.ext, 'ExtensionContent'], [ds, 'Signature'])).find((e) => e !== undefined);
  if (!signature) return { failures: ['ZE02'], signingTime: undefined };
  const failures = new Set<RuleCode>();
  const signedInfo = childElement(signature, ds, 'SignedInfo');
  const signedProperties = pathElement(signature, [ds, 'Object'], [xades, 'QualifyingProperties'], [xades, 'SignedProperties']);
  const properties = childElement(signedProperties, xades, 'SignedSignatureProperties');
  const signingTime = textOf(childElement(properties, xades, 'SigningTime'))?.trim();
  const certificate = certificateFromBase64(textOf(pathElement(signature, [ds, 'KeyInfo'], [ds, 'X509Data'], [ds, 'X509Certificate'])));
  if (!signedInfo || !signedProperties || !signingTime || !certificate) return { failures: ['DC24'], signingTime };

  checkStructure(signature, signedInfo, properties!, certificate).forEach((f) => failures.add(f));
  const at = new Date(signingTime);
  const trusted = trust.check(certificate, Number.isNaN(at.getTime()) ? new Date(0) : at);
  if (trusted === 'untrusted') failures.add('ZD05');
  if (trusted === 'not-valid-at') failures.add('ZD02');
  if (keyUsage(certificate)?.nonRepudiation !== true) failures.add('ZD07');

  // Digests: KeyInfo and SignedProperties in document context, then the enveloped document.
  const references = childElements(signedInfo, ds, 'Reference');
  const canonicalSignedInfo = inclusiveC14n(signedInfo);
  const pending: { reference: Element; algorithm: string }[] = [];
  for (const reference of references) {
    const algorithm = digests[childElement(reference, ds, 'DigestMethod')?.getAttribute('Algorithm') ?? ''];
    const uri = reference.getAttribute('URI');
    if (!algorithm || uri === null) continue; // reported by checkStructure
    if (uri === '') pending.push({ reference, algorithm });
    else {
      const target = findById(root, uri.replace(/^#/, ''));
      if (!target || !digestMatches(reference, algorithm, inclusiveC14n(target))) failures.add('ZE02');
    }
  }
  signature.parentNode?.removeChild(signature);
  const document = inclusiveC14n(root);
  for (const { reference, algorithm } of pending) if (!digestMatches(reference, algorithm, document)) failures.add('ZE02');

  const hash = signatures[childElement(signedInfo, ds, 'SignatureMethod')?.getAttribute('Algorithm') ?? ''];
  const value = Buffer.from(textOf(childElement(signature, ds, 'SignatureValue')) ?? '', 'base64');
  if (!hash || !verify(hash, Buffer.from(canonicalSignedInfo), certificate.publicKey, value)) failures.add('ZE02');
  return { failures: [...failures], signingTime };
}

function digestMatches(reference: Element, algorithm: string, canonical: string): boolean {
  return createHash(algorithm).update(canonical).digest('base64') === textOf(childElement(reference, ds, 'DigestValue'))?.trim();
}

/** Policy structure (DC-series): algorithms, the three references, SigningCertificate, policy. */
function checkStructure(signature: Element, signedInfo: Element, properties: Element, certificate: X509Certificate): RuleCode[] {
  const bad = (): RuleCode[] => ['DC24'];
  if (childElement(signedInfo, ds, 'CanonicalizationMethod')?.getAttribute('Algorithm') !== C14N) return bad();
  if (!signatures[childElement(signedInfo, ds, 'SignatureMethod')?.getAttribute('Algorithm') ?? '']) return bad();
  const references = childElements(signedInfo, ds, 'Reference');
  const transforms = (ref: Element) => childElements(childElement(ref, ds, 'Transforms') ?? ref, ds, 'Transform').map((t) => t.getAttribute('Algorithm'));
  const keyInfoId = childElement(signature, ds, 'KeyInfo')?.getAttribute('Id');
  const propertiesId = (properties.parentNode as Element | null)?.getAttribute('Id');
  const [document, keyInfo, signedProps] = references;
  if (references.length !== 3 || !document || !keyInfo || !signedProps) return bad();
  if (document.getAttribute('URI') !== '' || transforms(document).join() !== ENVELOPED) return bad();
  if (!keyInfoId || keyInfo.getAttribute('URI') !== `#${keyInfoId}` || transforms(keyInfo).some((t) => t !== C14N)) return bad();
  if (signedProps.getAttribute('Type') !== SIGNED_PROPERTIES || signedProps.getAttribute('URI') !== `#${propertiesId}`) return bad();
  if (transforms(signedProps).some((t) => t !== C14N) || references.some((r) => !digests[childElement(r, ds, 'DigestMethod')?.getAttribute('Algorithm') ?? ''])) return bad();

  const cert = pathElement(properties, [xades, 'SigningCertificate'], [xades, 'Cert'], [xades, 'CertDigest']);
  const certAlgorithm = digests[childElement(cert, ds, 'DigestMethod')?.getAttribute('Algorithm') ?? ''];
  const certDigest = certAlgorithm && createHash(certAlgorithm).update(certificate.raw).digest('base64');
  if (!certDigest || certDigest !== textOf(childElement(cert, ds, 'DigestValue'))?.trim()) return bad();

  const policy = pathElement(properties, [xades, 'SignaturePolicyIdentifier'], [xades, 'SignaturePolicyId']);
  const policyHash = childElement(policy, xades, 'SigPolicyHash');
  const policyAlgorithm = digests[childElement(policyHash, ds, 'DigestMethod')?.getAttribute('Algorithm') ?? ''];
  if (textOf(pathElement(policy, [xades, 'SigPolicyId'], [xades, 'Identifier']))?.trim() !== POLICY_URL) return bad();
  if (!policyAlgorithm || policyHashes[policyAlgorithm] !== textOf(childElement(policyHash, ds, 'DigestValue'))?.trim()) return bad();
  return [];
}
