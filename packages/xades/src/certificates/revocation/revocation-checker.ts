import { hash, X509Certificate } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { XadesError } from '../../errors.ts';
import type { ChainCertificate } from '../credential.ts';
import { certificateFields, revocationSources, type CertificateFields } from './certificate-fields.ts';
import { readRevocationList, type RevocationList } from './crl.ts';
import { ocspRequest, readOcspResponse } from './ocsp.ts';

/** Where a signing certificate stands with its CA (docs/signing.md, "Revocation"). */
export type RevocationStatus =
  | { status: 'good'; source: 'ocsp' | 'crl' }
  | { status: 'revoked'; source: 'ocsp' | 'crl'; revokedAt: Date }
  /** The certificate names neither a CRL nor an OCSP responder: nothing to ask. */
  | { status: 'not-published' }
  /** Every source named failed to answer in time or in a form its CA vouches for: signing goes on (soft-fail). */
  | { status: 'unknown'; reason: string };

export type RevocationChecker = {
  /** The status of the chain's leaf (its issuer must follow it in the chain); cached (revocationCheckerOptions). */
  status(chain: readonly ChainCertificate[]): Promise<RevocationStatus>;
  /** status(), throwing XadesError CERT_REVOKED (DIAN's ZD04) for a revoked certificate. */
  assertNotRevoked(chain: readonly ChainCertificate[]): Promise<RevocationStatus>;
};

export type RevocationCheckerOptions = {
  /** How long an answer of 'good' (or 'not-published') is kept: 1 hour by default. 'revoked' is kept for good. */
  goodForMs?: number;
  /** How long 'unknown' is kept before the sources are asked again: 5 minutes by default, at most goodForMs. */
  unknownForMs?: number;
  /** Per request to a responder or CRL: 5 s by default. */
  timeoutMs?: number;
  /**
   * Whether a URL naming a loopback or private address is asked (tests' local CAs); false by default, since the URLs
   * come from a certificate anyone can upload and must not reach the service's own network.
   */
  allowLocalUrls?: boolean;
  now?: () => Date;
};

const MAX_RESPONSE_BYTES = 20 * 1024 * 1024;

/**
 * OCSP first (one small signed answer about one certificate), then the CRLs; a CRL is kept per URL until its
 * nextUpdate or goodForMs, whichever comes first. Only network waits happen here (never a blocking call): the DER
 * walks are linear and the signatures are verified by OpenSSL.
 */
export function createRevocationChecker(options: RevocationCheckerOptions = {}): RevocationChecker {
  const goodForMs = options.goodForMs ?? 3_600_000;
  const unknownForMs = Math.min(options.unknownForMs ?? 300_000, goodForMs);
  const timeoutMs = options.timeoutMs ?? 5_000;
  const now = options.now ?? (() => new Date());
  const answers = new Map<string, { until: number; answer: Promise<RevocationStatus> }>();
  const crls = new Map<string, { until: number; list: RevocationList }>();

  const fetchBytes = async (url: string, init: RequestInit = {}): Promise<Buffer> => {
    if (!options.allowLocalUrls && isLocalUrl(url)) throw new Error('a local address, not asked');
    // No redirect: it could lead to an address the check above refused.
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    if (Number(response.headers.get('content-length') ?? 0) > MAX_RESPONSE_BYTES) throw new Error('too large');
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_RESPONSE_BYTES) throw new Error('too large');
    return bytes;
  };

  const askOcsp = async (url: string, leaf: CertificateFields, issuer: CertificateFields, key: X509Certificate) => {
    const body = await fetchBytes(url, {
      method: 'POST',
      headers: { 'content-type': 'application/ocsp-request', accept: 'application/ocsp-response' },
      body: new Uint8Array(ocspRequest(leaf, issuer)),
    });
    return readOcspResponse(body, leaf, key.publicKey, now());
  };

  const crlAt = async (url: string, issuer: X509Certificate): Promise<RevocationList | undefined> => {
    const kept = crls.get(url);
    if (kept && kept.until > now().getTime()) return kept.list;
    const list = readRevocationList(await fetchBytes(url), issuer.publicKey);
    if (!list) return undefined;
    const until = Math.min(now().getTime() + goodForMs, list.nextUpdate?.getTime() ?? Infinity);
    crls.set(url, { until, list });
    return list;
  };

  const judge = async (chain: readonly ChainCertificate[]): Promise<RevocationStatus> => {
    const leaf = certificateFields(chain[0]!.der);
    const sources = revocationSources(leaf);
    if (!sources.ocsp.length && !sources.crl.length) return { status: 'not-published' };
    const leafX509 = new X509Certificate(chain[0]!.der);
    const issuerDer = chain.slice(1).find((c) => {
      const ca = new X509Certificate(c.der);
      return leafX509.checkIssued(ca) && leafX509.verify(ca.publicKey);
    })?.der;
    if (!issuerDer) return { status: 'unknown', reason: 'the issuing CA is not in the .p12' };
    const issuer = certificateFields(issuerDer);
    const issuerX509 = new X509Certificate(issuerDer);
    const reasons: string[] = [];
    for (const url of sources.ocsp) {
      try {
        const answer = await askOcsp(url, leaf, issuer, issuerX509);
        if (answer.status === 'good') return { status: 'good', source: 'ocsp' };
        if (answer.status === 'revoked') return { status: 'revoked', source: 'ocsp', revokedAt: answer.revokedAt };
        reasons.push(`${url}: ${answer.reason}`);
      } catch (error) {
        reasons.push(`${url}: ${(error as Error).message}`);
      }
    }
    for (const url of sources.crl) {
      try {
        const list = await crlAt(url, issuerX509);
        if (!list || !list.issuer.equals(leaf.issuer.raw)) {
          reasons.push(`${url}: not a CRL its CA signed`);
          continue;
        }
        const revokedAt = list.revoked.get(BigInt(`0x${leaf.serial.content.toString('hex') || '0'}`));
        return revokedAt ? { status: 'revoked', source: 'crl', revokedAt } : { status: 'good', source: 'crl' };
      } catch (error) {
        reasons.push(`${url}: ${(error as Error).message}`);
      }
    }
    return { status: 'unknown', reason: reasons.join('; ') };
  };

  const status = (chain: readonly ChainCertificate[]): Promise<RevocationStatus> => {
    const key = hash('sha256', chain[0]!.der, 'hex');
    const kept = answers.get(key);
    if (kept && kept.until > now().getTime()) return kept.answer;
    const answer = judge(chain).catch((error: unknown): RevocationStatus => ({
      status: 'unknown',
      reason: `unreadable certificate: ${(error as Error).message}`,
    }));
    // Set before the first await: callers that arrive during a check share it.
    const entry = { until: Infinity, answer };
    answers.set(key, entry);
    void answer.then((result) => {
      const keepFor = result.status === 'revoked' ? Infinity : result.status === 'unknown' ? unknownForMs : goodForMs;
      entry.until = now().getTime() + keepFor;
    });
    return answer;
  };

  return {
    status,
    async assertNotRevoked(chain) {
      const result = await status(chain);
      if (result.status === 'revoked')
        throw new XadesError('CERT_REVOKED', `revoked ${result.revokedAt.toISOString()} (${result.source})`);
      return result;
    },
  };
}

/**
 * A checker configured by FE_CERTIFICATE_REVOCATION_CACHE_SECONDS, how long a 'good' answer is kept, and
 * FE_CERTIFICATE_REVOCATION_LOCAL_URLS=allow (docs/service.md); the defaults otherwise.
 */
export function revocationCheckerFromEnv(env: Readonly<Record<string, string | undefined>>): RevocationChecker {
  const seconds = Number(env.FE_CERTIFICATE_REVOCATION_CACHE_SECONDS);
  return createRevocationChecker({
    ...(Number.isFinite(seconds) && seconds > 0 ? { goodForMs: seconds * 1000 } : {}),
    allowLocalUrls: env.FE_CERTIFICATE_REVOCATION_LOCAL_URLS === 'allow',
  });
}

/** A URL whose host is localhost or an IP literal of loopback, private, link-local or unspecified space. */
function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIPv4(host)) {
    const [a, b] = host.split('.').map(Number) as [number, number];
    return (
      a === 127 ||
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  return (
    isIPv6(host) &&
    (host === '::1' || host === '::' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host) || host.startsWith('::ffff:'))
  );
}

let shared: RevocationChecker | undefined;

/** The process's checker, one cache for every tenant directory in it, configured by the process's environment. */
export function sharedRevocationChecker(): RevocationChecker {
  shared ??= revocationCheckerFromEnv(process.env);
  return shared;
}
