import { hash, verify, type X509Certificate } from 'node:crypto';
import { soapNs, wssUris } from '../server/wcf-vocabulary.ts';
import {
  attribute,
  childElement,
  detached,
  childElements,
  pathElement,
  textOf,
  type XmlDocument,
  type XmlElement,
} from '../xml/light-xml.ts';
import { EXC_C14N, exclusiveC14n } from './c14n.ts';
import type { TrustStore } from './trust-store.ts';

export type WsSecurityCheck = { ok: true } | { ok: false; reason: string };

/**
 * Signatures already verified per certificate: a client's SignedInfo covers only wsa:To, so it repeats. Compared,
 * not hashed, since hashing the key costs more than the lookup saves.
 */
const verified = new WeakMap<X509Certificate, [value: string, signedInfo: string][]>();
const VERIFIED_PER_CERTIFICATE = 16;

const { ds, wsse, wsu, wsa } = soapNs;
const prefixList = (el: XmlElement | undefined) =>
  (attribute(childElement(el, EXC_C14N, 'InclusiveNamespaces'), 'PrefixList') ?? '').split(/\s+/).filter(Boolean);

/**
 * DIAN's WS-Security policy checked as WCF would; any failure answers with the untrusted-certificate SOAP fault,
 * like DIAN.
 */
export function checkWsSecurity(
  document: XmlDocument,
  context: { endpoint: string; now: Date; skewSeconds: number; trust: TrustStore },
): WsSecurityCheck {
  const fail = (reason: string): WsSecurityCheck => ({ ok: false, reason });
  const envelope = document.root;
  const header = childElement(envelope, soapNs.soap, 'Header');
  const security = childElement(header, wsse, 'Security');
  const to = childElement(header, wsa, 'To');
  if (!security || !to) return fail('no wsse:Security or wsa:To header');
  if (textOf(to)?.trim() !== context.endpoint) return fail('wsa:To is not this endpoint');

  const timestamp = childElement(security, wsu, 'Timestamp');
  const created = Date.parse(textOf(childElement(timestamp, wsu, 'Created')) ?? '');
  const expires = Date.parse(textOf(childElement(timestamp, wsu, 'Expires')) ?? '');
  const now = context.now.getTime();
  const skew = context.skewSeconds * 1000;
  if (!(created - skew <= now && now <= expires + skew && created < expires))
    return fail('timestamp missing or outside its window');

  const signature = childElement(security, ds, 'Signature');
  const signedInfo = childElement(signature, ds, 'SignedInfo');
  if (!signature || !signedInfo) return fail('no ds:Signature');
  const tokenUri = attribute(
    pathElement(signature, [ds, 'KeyInfo'], [wsse, 'SecurityTokenReference'], [wsse, 'Reference']),
    'URI',
  );
  const token = childElements(security, wsse, 'BinarySecurityToken').find(
    (t) => `#${attribute(t, 'Id', wsu)}` === tokenUri,
  );
  if (!token || attribute(token, 'ValueType') !== wssUris.x509v3)
    return fail('the signature does not reference an X.509 BinarySecurityToken');
  const certificate = context.trust.certificate(textOf(token));
  if (!certificate) return fail('the BinarySecurityToken is not a certificate');
  // A revoked certificate is the document's ZD04 (its verdict), not a refusal of the connection.
  const trusted = context.trust.check(certificate, context.now);
  if (trusted !== 'trusted' && trusted !== 'revoked') return fail('certificate not trusted or not valid now');

  const c14n = childElement(signedInfo, ds, 'CanonicalizationMethod');
  const method = attribute(childElement(signedInfo, ds, 'SignatureMethod'), 'Algorithm');
  if (attribute(c14n, 'Algorithm') !== EXC_C14N || method !== wssUris.rsaSha256)
    return fail('algorithms outside Basic256Sha256');
  const references = childElements(signedInfo, ds, 'Reference');
  const toId = attribute(to, 'Id', wsu);
  if (!toId || !references.some((ref) => attribute(ref, 'URI') === `#${toId}`)) return fail('wsa:To is not signed');
  for (const reference of references) {
    const target = document.ids.get((attribute(reference, 'URI') ?? '').replace(/^#/, ''));
    const transforms = childElements(childElement(reference, ds, 'Transforms') ?? reference, ds, 'Transform');
    if (!target || transforms.length !== 1 || attribute(transforms[0]!, 'Algorithm') !== EXC_C14N)
      return fail('unsupported reference');
    if (attribute(childElement(reference, ds, 'DigestMethod'), 'Algorithm') !== wssUris.sha256)
      return fail('digest is not sha256');
    const digest = hash('sha256', exclusiveC14n(target, prefixList(transforms[0])), 'base64');
    if (digest !== textOf(childElement(reference, ds, 'DigestValue'))?.trim()) return fail('reference digest differs');
  }
  const value = textOf(childElement(signature, ds, 'SignatureValue'))?.trim() ?? '';
  const signedInfoC14n = exclusiveC14n(signedInfo, prefixList(c14n));
  // A verification that succeeded is remembered, keyed by everything it depends on.
  let known = verified.get(certificate);
  if (known?.some(([v, info]) => v === value && info === signedInfoC14n)) return { ok: true };
  if (!verify('sha256', Buffer.from(signedInfoC14n), certificate.publicKey, Buffer.from(value, 'base64')))
    return fail('signature value does not verify');
  if (!known) verified.set(certificate, (known = []));
  if (known.length >= VERIFIED_PER_CERTIFICATE) known.shift();
  known.push([detached(value), detached(signedInfoC14n)]);
  return { ok: true };
}
