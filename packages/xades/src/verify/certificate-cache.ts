import { X509Certificate } from 'node:crypto';

// Every answer from DIAN carries the same certificate and a tenant signs with one or two: each is parsed once,
// and its chain judged once per trust anchor (bounded; the oldest entry leaves first).
const LIMIT = 256;
const certificates = new Map<string, X509Certificate>();
const anchorSets = new Map<string, readonly X509Certificate[]>();
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g;

function remember<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
  const known = cache.get(key);
  if (known !== undefined) return known;
  const value = make();
  if (cache.size >= LIMIT) cache.delete(cache.keys().next().value as K);
  cache.set(key, value);
  return value;
}

/** The certificate written as base64 DER (ds:X509Certificate); throws when it is not one. */
export const certificateOf = (base64: string): X509Certificate =>
  remember(certificates, base64, () => new X509Certificate(Buffer.from(base64, 'base64')));

/** The certificates of a PEM bundle (a trust anchor file). */
export const anchorsOf = (pem: string): readonly X509Certificate[] =>
  remember(anchorSets, pem, () => (pem.match(PEM_CERTIFICATE) ?? []).map((one) => new X509Certificate(one)));

const verdicts = new WeakMap<X509Certificate, Map<string, unknown>>();

/** `judge(cert)` once per certificate and key (the anchor bundle); later calls get the same answer. */
export function judgedOnce<V>(cert: X509Certificate, key: string, judge: () => V): V {
  let byKey = verdicts.get(cert);
  if (!byKey) verdicts.set(cert, (byKey = new Map()));
  return remember(byKey as Map<string, V>, key, judge);
}
