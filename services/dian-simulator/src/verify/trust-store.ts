import { X509Certificate } from 'node:crypto';

/**
 * The simulator's trust store: the CAs whose certificates DIAN would accept (in production, the
 * ONAC-accredited Colombian CAs). A certificate is trusted when its issuer is in the store, the
 * store's CA signed it, and both are valid at the given instant. Intermediate CAs go in the store
 * too: neither the WS-Security token nor DIAN's XAdES layout reliably carries them.
 */
export type TrustStore = { check(certificate: X509Certificate, at: Date): TrustResult };
export type TrustResult = 'trusted' | 'untrusted' | 'not-valid-at';

export function createTrustStore(caPems: readonly string[]): TrustStore {
  const cas = caPems.flatMap(splitPem).map((pem) => new X509Certificate(pem));
  const validAt = (cert: X509Certificate, at: Date) =>
    new Date(cert.validFrom).getTime() <= at.getTime() && at.getTime() <= new Date(cert.validTo).getTime();
  return {
    check(certificate, at) {
      const issuer = cas.find((ca) => certificate.checkIssued(ca) && certificate.verify(ca.publicKey));
      if (!issuer) return 'untrusted';
      return validAt(certificate, at) && validAt(issuer, at) ? 'trusted' : 'not-valid-at';
    },
  };
}

/** A PEM file may hold several certificates. */
export function splitPem(pem: string): string[] {
  return pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

/** DER bytes in base64 (as in BinarySecurityToken and ds:X509Certificate) → certificate, or undefined. */
export function certificateFromBase64(base64: string | undefined): X509Certificate | undefined {
  if (!base64) return undefined;
  try {
    return new X509Certificate(Buffer.from(base64.replace(/\s+/g, ''), 'base64'));
  } catch {
    return undefined;
  }
}
