import { hash, randomUUID, sign } from 'node:crypto';
import { colombiaDateTime, escapeText, ublNamespaces as ns } from '@fe/dian-domain/primitives';
import type { SimulatorIdentity } from '../config.ts';
import { identityCredential } from '../identity/credential.ts';

/**
 * XAdES-EPES signature of the simulator's AR. ECDSA P-256 by default: clients check the certificate against a
 * pinned anchor whatever the key type, and RSA would cost as much as the tenant's own signature.
 */
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const methods = {
  ec: { uri: 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256', name: 'ECDSA P-256' },
  rsa: { uri: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256', name: 'RSA' },
} as const;
const POLICY = {
  url: 'https://facturaelectronica.dian.gov.co/politicadefirma/v2/politicadefirmav2.pdf',
  description: 'Política de firma para facturas electrónicas de la República de Colombia.',
  sha256: 'dMoMvtcG5aIzgYo0tIsSQeVJBDnUnfSOfBpxXrmor0Y=',
};
/** The root's declarations of the simulator's own AR (build-application-response.ts). */
const AR_NAMESPACES: readonly [prefix: string, uri: string][] = [
  ['', 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2'],
  ['cac', ns.cac],
  ['cbc', ns.cbc],
  ['ds', ns.ds],
  ['ext', ns.ext],
  ['sts', ns.sts],
  ['xades', ns.xades],
  ['xades141', ns.xades141],
];
/** Declarations as C14N renders them on a subtree's apex: sorted by prefix, the default namespace first. */
const rendered = (declarations: readonly (readonly [string, string])[]) =>
  [...declarations]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([p, uri]) => (p ? ` xmlns:${p}="${uri}"` : ` xmlns="${uri}"`))
    .join('');
const OPEN_SLOT = '<ext:UBLExtension><ext:ExtensionContent>';
const CLOSE_SLOT = '</ext:ExtensionContent></ext:UBLExtension>';
const SLOT = '</ext:UBLExtensions>';
const DIGEST_METHOD = `<ds:DigestMethod Algorithm="${SHA256}"></ds:DigestMethod>`;

export type ApplicationResponseSigner = {
  /** 'ECDSA P-256' or 'RSA-<bits>', for the bench and logs. */
  keyType: string;
  sign(unsignedXml: string, signingTime: Date): string;
};

/**
 * `rootNamespaces`: the declarations on the root of the documents it will sign, when they are not the simulator's own
 * AR's (a RADIAN event the played buyer sends, written by @fe/dian-domain); every one is in scope of the signature.
 */
export function createApplicationResponseSigner(
  identity: SimulatorIdentity,
  options: { rootNamespaces?: readonly (readonly [prefix: string, uri: string])[] } = {},
): ApplicationResponseSigner {
  const apexNamespaces = rendered(options.rootNamespaces ?? AR_NAMESPACES);
  const credential = identityCredential(identity);
  const leaf = credential.chain[0];
  const key = credential.privateKey;
  const kind = key.asymmetricKeyType === 'ec' ? 'ec' : key.asymmetricKeyType === 'rsa' ? 'rsa' : undefined;
  if (!kind || (kind === 'ec' && key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')) {
    throw new RangeError('the simulator identity must have an RSA or an EC P-256 key');
  }
  const method = methods[kind];
  const id = `xmldsig-${randomUUID()}`;
  const ids = { keyInfo: `${id}-keyinfo`, signedProperties: `${id}-signedprops` };
  const digest = (text: string) => hash('sha256', text, 'base64');

  const keyInfo = (namespaces: string) =>
    `<ds:KeyInfo${namespaces} Id="${ids.keyInfo}"><ds:X509Data><ds:X509Certificate>` +
    `${Buffer.from(leaf.der).toString('base64')}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>`;
  const keyInfoDigest = digest(keyInfo(apexNamespaces));
  const signingCertificate =
    `<xades:SigningCertificate><xades:Cert><xades:CertDigest>${DIGEST_METHOD}` +
    `<ds:DigestValue>${hash('sha256', leaf.der, 'base64')}</ds:DigestValue></xades:CertDigest>` +
    `<xades:IssuerSerial><ds:X509IssuerName>${escapeText(leaf.issuerName)}</ds:X509IssuerName>` +
    `<ds:X509SerialNumber>${leaf.serialNumber}</ds:X509SerialNumber></xades:IssuerSerial></xades:Cert></xades:SigningCertificate>`;
  const signedProperties = (namespaces: string, signingTime: string) =>
    `<xades:SignedProperties${namespaces} Id="${ids.signedProperties}"><xades:SignedSignatureProperties>` +
    `<xades:SigningTime>${signingTime}</xades:SigningTime>${signingCertificate}` +
    '<xades:SignaturePolicyIdentifier><xades:SignaturePolicyId><xades:SigPolicyId>' +
    `<xades:Identifier>${POLICY.url}</xades:Identifier><xades:Description>${POLICY.description}</xades:Description>` +
    `</xades:SigPolicyId><xades:SigPolicyHash>${DIGEST_METHOD}<ds:DigestValue>${POLICY.sha256}</ds:DigestValue>` +
    '</xades:SigPolicyHash></xades:SignaturePolicyId></xades:SignaturePolicyIdentifier>' +
    '<xades:SignerRole><xades:ClaimedRoles><xades:ClaimedRole>supplier</xades:ClaimedRole></xades:ClaimedRoles></xades:SignerRole>' +
    '</xades:SignedSignatureProperties></xades:SignedProperties>';
  const signedInfo = (namespaces: string, document: string, properties: string) =>
    `<ds:SignedInfo${namespaces}><ds:CanonicalizationMethod Algorithm="${C14N}"></ds:CanonicalizationMethod>` +
    `<ds:SignatureMethod Algorithm="${method.uri}"></ds:SignatureMethod>` +
    `<ds:Reference Id="${id}-ref0" URI=""><ds:Transforms><ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature">` +
    `</ds:Transform></ds:Transforms>${DIGEST_METHOD}<ds:DigestValue>${document}</ds:DigestValue></ds:Reference>` +
    `<ds:Reference URI="#${ids.keyInfo}">${DIGEST_METHOD}<ds:DigestValue>${keyInfoDigest}</ds:DigestValue></ds:Reference>` +
    `<ds:Reference Type="http://uri.etsi.org/01903#SignedProperties" URI="#${ids.signedProperties}">${DIGEST_METHOD}` +
    `<ds:DigestValue>${properties}</ds:DigestValue></ds:Reference></ds:SignedInfo>`;
  const inDocumentKeyInfo = keyInfo('');

  return {
    keyType: kind === 'rsa' ? `RSA-${key.asymmetricKeyDetails?.modulusLength}` : method.name,
    sign(xml, at) {
      const slot = xml.indexOf(SLOT);
      const bodyStart = xml.startsWith('<?xml') ? xml.indexOf('<', xml.indexOf('?>')) : 0;
      if (slot < 0 || bodyStart < 0) throw new Error('the ApplicationResponse has no ext:UBLExtensions slot');
      const signingTime = colombiaDateTime(at).isoMillis;
      const documentDigest = digest(xml.slice(bodyStart, slot) + OPEN_SLOT + CLOSE_SLOT + xml.slice(slot));
      const propertiesDigest = digest(signedProperties(apexNamespaces, signingTime));
      // The key object alone: node's { key, dsaEncoding } form costs more than the signature itself.
      const der = sign('sha256', Buffer.from(signedInfo(apexNamespaces, documentDigest, propertiesDigest)), key);
      const value = kind === 'ec' ? ecdsaRawSignature(der) : der;
      const signature =
        `<ds:Signature Id="${id}">${signedInfo('', documentDigest, propertiesDigest)}` +
        `<ds:SignatureValue Id="${id}-sigvalue">${value.toString('base64')}</ds:SignatureValue>${inDocumentKeyInfo}` +
        `<ds:Object><xades:QualifyingProperties Target="#${id}">${signedProperties('', signingTime)}</xades:QualifyingProperties></ds:Object></ds:Signature>`;
      return xml.slice(0, slot) + OPEN_SLOT + signature + CLOSE_SLOT + xml.slice(slot);
    },
  };
}

/** ECDSA-Sig-Value (DER SEQUENCE of INTEGER r, s) → r‖s, 32 bytes each, as XMLDSig's ecdsa-sha256 wants. */
function ecdsaRawSignature(der: Buffer): Buffer {
  const out = Buffer.alloc(64);
  let at = der[1]! & 0x80 ? 2 + (der[1]! & 0x7f) : 2; // SEQUENCE header (short form for P-256)
  for (const offset of [0, 32]) {
    if (der[at] !== 0x02) throw new Error('not an ECDSA DER signature');
    const length = der[at + 1]!;
    let value = der.subarray(at + 2, at + 2 + length);
    while (value.length > 32 && value[0] === 0) value = value.subarray(1);
    if (value.length > 32) throw new Error('not a P-256 signature');
    value.copy(out, offset + 32 - value.length);
    at += 2 + length;
  }
  return out;
}
