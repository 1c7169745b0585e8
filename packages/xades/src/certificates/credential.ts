import type { KeyObject } from 'node:crypto';

/** One certificate of the signing chain, reduced to what the XAdES properties need. */
export type ChainCertificate = {
  /** The DER bytes, as issued (digested for xades:CertDigest, base64 in ds:X509Certificate). */
  der: Uint8Array;
  /** RFC 4514 form of the issuer DN, for ds:X509IssuerName. */
  issuerName: string;
  /** Decimal serial, for ds:X509SerialNumber. */
  serialNumber: string;
  subjectName: string;
  notBefore: Date;
  notAfter: Date;
};

/**
 * What signing needs from a .p12: a Node KeyObject (so RSA runs in OpenSSL, not in node-forge) and
 * the chain, leaf first. Structured-cloneable: a worker receives it through postMessage.
 */
export type SigningCredential = {
  privateKey: KeyObject;
  chain: readonly [ChainCertificate, ...ChainCertificate[]];
};
