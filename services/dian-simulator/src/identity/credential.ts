import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import type { SimulatorIdentity } from '../config.ts';

/** A signing key and its certificate chain (leaf first), as the AR signature writes them. */
export type IdentityCredential = {
  privateKey: KeyObject;
  chain: [
    { der: Buffer; issuerName: string; subjectName: string; serialNumber: string; notBefore: Date; notAfter: Date },
  ];
};

/**
 * The simulator's certificate as a signing credential for its AR. X509IssuerName in RFC 4514 order, which DIAN's
 * own ARs show it does not check strictly.
 */
export function identityCredential(identity: SimulatorIdentity): IdentityCredential {
  const certificate = new X509Certificate(identity.certificatePem);
  return {
    privateKey: createPrivateKey(identity.privateKeyPem),
    chain: [
      {
        der: certificate.raw,
        issuerName: rfc4514(certificate.issuer),
        subjectName: rfc4514(certificate.subject),
        serialNumber: BigInt(`0x${certificate.serialNumber}`).toString(10),
        notBefore: new Date(certificate.validFrom),
        notAfter: new Date(certificate.validTo),
      },
    ],
  };
}

/** node:crypto prints names one RDN per line, root-most first; RFC 4514 reverses and joins them. */
function rfc4514(name: string): string {
  return name
    .split('\n')
    .filter(Boolean)
    .reverse()
    .map((rdn) => rdn.replace(/([,+"\\<>;])/g, '\\$1'))
    .join(',');
}
