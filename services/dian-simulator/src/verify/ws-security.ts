import { createHash, verify } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { childElement, childElements, pathElement, soapNs, textOf, wssUris } from '@fe/submitter';
import { EXC_C14N, exclusiveC14n, findById } from './c14n.ts';
import { certificateFromBase64, type TrustStore } from './trust-store.ts';

export type WsSecurityCheck = { ok: true } | { ok: false; reason: string };

const { ds, wsse, wsu, wsa } = soapNs;
const prefixList = (el: Element | undefined) =>
  (childElement(el, EXC_C14N, 'InclusiveNamespaces')?.getAttribute('PrefixList') ?? '').split(/\s+/).filter(Boolean);

/**
 * DIAN's WS-Security policy, checked the way WCF would (wsdl0): a Timestamp inside its window, a
 * BinarySecurityToken whose certificate chains to the trust store, and an RSA-SHA256 signature
 * (exclusive C14N) whose references include the `wsa:To` header, which must name this endpoint.
 * Any failure answers with the SOAP fault of the untrusted-certificate sample, like DIAN.
 */
export function checkWsSecurity(
  envelope: Element,
  context: { endpoint: string; now: Date; skewSeconds: number; trust: TrustStore },
): WsSecurityCheck {
  const fail = (reason: string): WsSecurityCheck => ({ ok: false, reason });
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
  if (!(created - skew <= now && now <= expires + skew && created < expires)) return fail('timestamp missing or outside its window');

  const signature = childElement(security, ds, 'Signature');
  const signedInfo = childElement(signature, ds, 'SignedInfo');
  if (!signature || !signedInfo) return fail('no ds:Signature');
  const tokenUri = pathElement(signature, [ds, 'KeyInfo'], [wsse, 'SecurityTokenReference'], [wsse, 'Reference'])?.getAttribute('URI');
  const token = childElements(security, wsse, 'BinarySecurityToken').find((t) => `#${t.getAttributeNS(wsu, 'Id')}` === tokenUri);
  if (!token || token.getAttribute('ValueType') !== wssUris.x509v3) return fail('the signature does not reference an X.509 BinarySecurityToken');
  const certificate = certificateFromBase64(textOf(token));
  if (!certificate) return fail('the BinarySecurityToken is not a certificate');
  if (context.trust.check(certificate, context.now) !== 'trusted') return fail('certificate not trusted or not valid now');

  const c14n = childElement(signedInfo, ds, 'CanonicalizationMethod');
  const method = childElement(signedInfo, ds, 'SignatureMethod')?.getAttribute('Algorithm');
  if (c14n?.getAttribute('Algorithm') !== EXC_C14N || method !== wssUris.rsaSha256) return fail('algorithms outside Basic256Sha256');
  const references = childElements(signedInfo, ds, 'Reference');
  const toId = to.getAttributeNS(wsu, 'Id');
  if (!toId || !references.some((ref) => ref.getAttribute('URI') === `#${toId}`)) return fail('wsa:To is not signed');
  for (const reference of references) {
    const target = findById(envelope, (reference.getAttribute('URI') ?? '').replace(/^#/, ''));
    const transforms = childElements(childElement(reference, ds, 'Transforms') ?? reference, ds, 'Transform');
    if (!target || transforms.length !== 1 || transforms[0]!.getAttribute('Algorithm') !== EXC_C14N) return fail('unsupported reference');
    if (childElement(reference, ds, 'DigestMethod')?.getAttribute('Algorithm') !== wssUris.sha256) return fail('digest is not sha256');
    const digest = createHash('sha256').update(exclusiveC14n(target, prefixList(transforms[0]))).digest('base64');
    if (digest !== textOf(childElement(reference, ds, 'DigestValue'))?.trim()) return fail('reference digest differs');
  }
  const value = Buffer.from(textOf(childElement(signature, ds, 'SignatureValue')) ?? '', 'base64');
  const signed = verify('sha256', Buffer.from(exclusiveC14n(signedInfo, prefixList(c14n))), certificate.publicKey, value);
  return signed ? { ok: true } : fail('signature value does not verify');
}
