import { X509Certificate } from 'node:crypto';
import { detached } from '../xml/light-xml.ts';

/**
 * The CAs DIAN would accept. Intermediates go in the store too: neither the WS-Security token nor DIAN's XAdES
 * layout reliably carries them.
 */
export type TrustStore = {
  check(certificate: X509Certificate, at: Date): TrustResult;
  /** certificateFromBase64 through a bounded cache: the same tenant certificate arrives on every request. */
  certificate(base64: string | undefined): X509Certificate | undefined;
};
/**
 * 'untrusted': no CA of the store bears the certificate's issuer name (ZD05); 'no-chain': one
 * does, but its key did not sign the certificate, so no path to it can be built (ZD06).
 */
type TrustResult = 'trusted' | 'untrusted' | 'no-chain' | 'not-valid-at';

export function createTrustStore(caPems: readonly string[]): TrustStore {
  const cas = caPems.flatMap(splitPem).map((pem) => new X509Certificate(pem));
  // A certificate's validity period, read once per certificate (the dates are text in node:crypto).
  const periods = new WeakMap<X509Certificate, [from: number, to: number]>();
  const validAt = (cert: X509Certificate, at: Date) => {
    let period = periods.get(cert);
    if (!period) periods.set(cert, (period = [new Date(cert.validFrom).getTime(), new Date(cert.validTo).getTime()]));
    return period[0] <= at.getTime() && at.getTime() <= period[1];
  };
  // Which CA signed a certificate does not change; validity is still checked at each instant.
  const issuers = new WeakMap<X509Certificate, X509Certificate | 'untrusted' | 'no-chain'>();
  const parsed = new Map<string, X509Certificate | null>();
  // The last two texts asked for, and their answers: the BinarySecurityToken and the invoice's
  // ds:X509Certificate carry the tenant's ~1.3 kB of base64 (the same text, or two writings of it),
  // and comparing with them (a memcmp) is cheaper than the Map lookup, which hashes the whole text.
  const recent: [text: string, certificate: X509Certificate | null][] = [];
  return {
    check(certificate, at) {
      let issuer = issuers.get(certificate);
      if (issuer === undefined) {
        // By name alone (checkIssued also compares key identifiers, which would make a CA of the
        // same name with another key look unrelated, ZD05, where the chain is what fails, ZD06).
        const named = cas.filter((ca) => ca.subject === certificate.issuer);
        issuer = named.find((ca) => certificate.verify(ca.publicKey)) ?? (named.length > 0 ? 'no-chain' : 'untrusted');
        issuers.set(certificate, issuer);
      }
      if (typeof issuer === 'string') return issuer;
      return validAt(certificate, at) && validAt(issuer, at) ? 'trusted' : 'not-valid-at';
    },
    certificate(base64) {
      if (!base64) return undefined;
      for (let i = 0; i < recent.length; i++) if (recent[i]![0] === base64) return recent[i]![1] ?? undefined;
      let certificate = parsed.get(base64);
      if (certificate === undefined) {
        if (parsed.size >= 1000) parsed.clear();
        parsed.set(detached(base64), (certificate = certificateFromBase64(base64) ?? null));
      }
      recent.unshift([detached(base64), certificate]);
      if (recent.length > 2) recent.pop();
      return certificate ?? undefined;
    },
  };
}

/** A PEM file may hold several certificates. */
function splitPem(pem: string): string[] {
  return pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

/** DER bytes in base64 (as in BinarySecurityToken and ds:X509Certificate) → certificate, or undefined. */
function certificateFromBase64(base64: string | undefined): X509Certificate | undefined {
  if (!base64) return undefined;
  try {
    return new X509Certificate(Buffer.from(base64.replace(/\s+/g, ''), 'base64'));
  } catch {
    return undefined;
  }
}
