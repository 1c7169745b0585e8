import { X509Certificate } from 'node:crypto';
import { detached } from '../xml/light-xml.ts';
import { revocationListFiles, revocationListsOf, revokedAt, type RevocationLists } from './revocation-lists.ts';
import { readTrustFolder, trustFolderSignature } from './trust-folder.ts';

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
 * does, but its key did not sign the certificate, so no path to it can be built (ZD06); 'revoked': its CA's list
 * (a `.crl` of the folder) revoked it at or before the instant asked about (ZD04).
 */
type TrustResult = 'trusted' | 'untrusted' | 'no-chain' | 'not-valid-at' | 'revoked';

/**
 * `caPems` are fixed for the store's life; the CAs and CRLs of `folder` (trust-folder.ts) are read again when a
 * certificate is not trusted and the folder changed since, so a CA an operator adds counts from the next request, with
 * no restart; a trusted answer looks at the folder at most once a second, so a CRL added counts within a second.
 */
export function createTrustStore(caPems: readonly string[], options: { folder?: string } = {}): TrustStore {
  const fixed = caPems.flatMap(splitPem);
  const folder = options.folder;
  let seen = folder === undefined ? '' : trustFolderSignature(folder);
  const folderCas = () => (folder === undefined ? [] : readTrustFolder(folder).cas.map((ca) => ca.pem));
  let known = anchors([...fixed, ...folderCas()], revocationListFiles(folder));
  let looked = Date.now();
  // A certificate's validity period, read once per certificate (the dates are text in node:crypto).
  const periods = new WeakMap<X509Certificate, [from: number, to: number]>();
  const validAt = (cert: X509Certificate, at: Date) => {
    let period = periods.get(cert);
    if (!period) periods.set(cert, (period = [new Date(cert.validFrom).getTime(), new Date(cert.validTo).getTime()]));
    return period[0] <= at.getTime() && at.getTime() <= period[1];
  };
  const judge = (certificate: X509Certificate, at: Date): TrustResult => {
    let path = known.paths.get(certificate);
    if (path === undefined) known.paths.set(certificate, (path = chainOf(certificate, known.cas)));
    if (typeof path === 'string') return path;
    if (!validAt(certificate, at) || !path.every((ca) => validAt(ca, at))) return 'not-valid-at';
    return revokedAt(known.lists, path[0]!, certificate, at) ? 'revoked' : 'trusted';
  };
  // The last two texts asked for, and their answers: the BinarySecurityToken and the invoice's
  // ds:X509Certificate carry the tenant's ~1.3 kB of base64 (the same text, or two writings of it),
  // and comparing with them (a memcmp) is cheaper than the Map lookup, which hashes the whole text.
  const parsed = new Map<string, X509Certificate | null>();
  const recent: [text: string, certificate: X509Certificate | null][] = [];
  return {
    check(certificate, at) {
      const result = judge(certificate, at);
      if (folder === undefined || (result === 'trusted' && Date.now() - looked < 1000)) return result;
      looked = Date.now();
      const now = trustFolderSignature(folder);
      if (now === seen) return result;
      seen = now;
      known = anchors([...fixed, ...folderCas()], revocationListFiles(folder));
      return judge(certificate, at);
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

/** The CAs, their revocation lists, and the path found for each certificate judged (its CA does not change). */
function anchors(pems: readonly string[], crls: readonly Uint8Array[]) {
  const cas = pems.map((pem) => new X509Certificate(pem));
  return {
    cas,
    lists: revocationListsOf(crls, cas) as RevocationLists,
    paths: new WeakMap<X509Certificate, X509Certificate[] | 'untrusted' | 'no-chain'>(),
  };
}

const MAX_CHAIN = 6;

/**
 * The CAs from the certificate's issuer up to a self-signed root, all in the store; a listed intermediate whose own
 * issuer is not listed ends the path too (the operator trusted it). By name first (checkIssued also compares key
 * identifiers, which would make a CA of the same name with another key look unrelated, ZD05, where the chain is what
 * fails, ZD06).
 */
function chainOf(
  certificate: X509Certificate,
  cas: readonly X509Certificate[],
): X509Certificate[] | 'untrusted' | 'no-chain' {
  const path: X509Certificate[] = [];
  let current = certificate;
  while (path.length < MAX_CHAIN) {
    const named = cas.filter((ca) => ca.subject === current.issuer && !path.includes(ca));
    const issuer = named.find((ca) => current.verify(ca.publicKey));
    if (!issuer) {
      if (path.length > 0) return path;
      return named.length > 0 ? 'no-chain' : 'untrusted';
    }
    path.push(issuer);
    if (issuer.subject === issuer.issuer) return path;
    current = issuer;
  }
  return path;
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
