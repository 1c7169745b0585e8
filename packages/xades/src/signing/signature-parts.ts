import { createHash } from 'node:crypto';
import { escapeText } from '@fe/dian-domain/primitives';
import type { ChainCertificate } from '../certificates/credential.ts';
import {
  C14N_URI,
  DIAN_POLICY,
  DIGEST_URI,
  ENVELOPED_URI,
  SIGNATURE_URI,
  SIGNED_PROPERTIES_TYPE,
  type DigestAlgorithm,
} from './algorithms.ts';

// Each part is written directly in canonical form (attributes in C14N order, explicit end tags, C14N
// escaping), so the string that goes into the document is also what gets digested. `ns` is '' for the
// copy inside the document, and the root's namespace declarations for the copy that is digested or
// signed: inclusive C14N renders every in-scope namespace on the apex of a subtree.

export type SignatureIds = { signature: string; keyInfo: string; signedProperties: string };

export function keyInfoXml(ns: string, ids: SignatureIds, leafBase64: string): string {
  return `<ds:KeyInfo${ns} Id="${ids.keyInfo}"><ds:X509Data><ds:X509Certificate>${leafBase64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>`;
}

/** xades:SigningCertificate: a CertDigest and IssuerSerial for every certificate of the chain, leaf first. */
export function signingCertificateXml(chain: readonly ChainCertificate[], algorithm: DigestAlgorithm): string {
  let certs = '';
  for (const cert of chain) {
    const digest = createHash(algorithm).update(cert.der).digest('base64');
    certs +=
      `<xades:Cert><xades:CertDigest>${digestMethod(algorithm)}<ds:DigestValue>${digest}</ds:DigestValue></xades:CertDigest>` +
      `<xades:IssuerSerial><ds:X509IssuerName>${escapeText(cert.issuerName)}</ds:X509IssuerName>` +
      `<ds:X509SerialNumber>${cert.serialNumber}</ds:X509SerialNumber></xades:IssuerSerial></xades:Cert>`;
  }
  return `<xades:SigningCertificate>${certs}</xades:SigningCertificate>`;
}

export type SignedPropertiesInput = {
  signingTime: string;
  /** Precomputed by signingCertificateXml: it only changes with the certificate. */
  signingCertificate: string;
  algorithm: DigestAlgorithm;
  role: string;
};

export function signedPropertiesXml(ns: string, ids: SignatureIds, p: SignedPropertiesInput): string {
  return (
    `<xades:SignedProperties${ns} Id="${ids.signedProperties}"><xades:SignedSignatureProperties>` +
    `<xades:SigningTime>${p.signingTime}</xades:SigningTime>${p.signingCertificate}` +
    '<xades:SignaturePolicyIdentifier><xades:SignaturePolicyId><xades:SigPolicyId>' +
    `<xades:Identifier>${DIAN_POLICY.url}</xades:Identifier><xades:Description>${DIAN_POLICY.description}</xades:Description>` +
    `</xades:SigPolicyId><xades:SigPolicyHash>${digestMethod(p.algorithm)}<ds:DigestValue>${DIAN_POLICY.hash[p.algorithm]}</ds:DigestValue>` +
    '</xades:SigPolicyHash></xades:SignaturePolicyId></xades:SignaturePolicyIdentifier>' +
    `<xades:SignerRole><xades:ClaimedRoles><xades:ClaimedRole>${escapeText(p.role)}</xades:ClaimedRole></xades:ClaimedRoles></xades:SignerRole>` +
    '</xades:SignedSignatureProperties></xades:SignedProperties>'
  );
}

export type ReferenceDigests = { document: string; keyInfo: string; signedProperties: string };

/** The three references DIAN requires, in its order: document (enveloped), KeyInfo, SignedProperties. */
export function signedInfoXml(ns: string, ids: SignatureIds, algorithm: DigestAlgorithm, d: ReferenceDigests): string {
  const method = digestMethod(algorithm);
  return (
    `<ds:SignedInfo${ns}><ds:CanonicalizationMethod Algorithm="${C14N_URI}"></ds:CanonicalizationMethod>` +
    `<ds:SignatureMethod Algorithm="${SIGNATURE_URI[algorithm]}"></ds:SignatureMethod>` +
    `<ds:Reference Id="${ids.signature}-ref0" URI=""><ds:Transforms><ds:Transform Algorithm="${ENVELOPED_URI}"></ds:Transform></ds:Transforms>` +
    `${method}<ds:DigestValue>${d.document}</ds:DigestValue></ds:Reference>` +
    `<ds:Reference URI="#${ids.keyInfo}">${method}<ds:DigestValue>${d.keyInfo}</ds:DigestValue></ds:Reference>` +
    `<ds:Reference Type="${SIGNED_PROPERTIES_TYPE}" URI="#${ids.signedProperties}">${method}` +
    `<ds:DigestValue>${d.signedProperties}</ds:DigestValue></ds:Reference></ds:SignedInfo>`
  );
}

function digestMethod(algorithm: DigestAlgorithm): string {
  return `<ds:DigestMethod Algorithm="${DIGEST_URI[algorithm]}"></ds:DigestMethod>`;
}
