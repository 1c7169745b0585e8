import { createHash, sign, type KeyObject } from 'node:crypto';
import { escapeXmlText, soapNs, wssUris } from './namespaces.ts';

/** The tenant's certificate and key, as WS-Security needs them (the same .p12 that signs invoices). */
export type WsSecurityCredential = { privateKey: KeyObject; certificateDer: Uint8Array };

export type WsSecurityHeader = {
  /** `<wsse:Security>…</wsse:Security>` for the SOAP header. */
  security: string;
  /** `<wsa:To …>` carrying the wsu:Id the signature references. */
  to: string;
};

/**
 * WS-Security as DIAN's policy asks: a signature whose only reference is `wsa:To`. We write `wsa:To` and
 * SignedInfo ourselves, so their exclusive-C14N forms are written directly rather than canonicalized from a DOM.
 */
export function wsSecurityHeader(
  credential: WsSecurityCredential,
  endpoint: string,
  options: { now: Date; ttlSeconds: number; id: string },
): WsSecurityHeader {
  const { id } = options;
  // The signature covers wsa:To only (DIAN's policy), so with a fixed reference id its SignedInfo is
  // the same for every call to one endpoint; RSA PKCS#1 v1.5 is deterministic, so the value is too,
  // and it is computed once per key and endpoint instead of once per call (docs/service.md, bench).
  const toId = 'id-to';
  const to = `<wsa:To xmlns:wsa="${soapNs.wsa}" xmlns:wsu="${soapNs.wsu}" wsu:Id="${toId}">${escapeXmlText(endpoint)}</wsa:To>`;
  const digest = createHash('sha256').update(to).digest('base64');
  const signedInfoBody =
    `<ds:CanonicalizationMethod Algorithm="${wssUris.excC14n}"></ds:CanonicalizationMethod>` +
    `<ds:SignatureMethod Algorithm="${wssUris.rsaSha256}"></ds:SignatureMethod>` +
    `<ds:Reference URI="#${toId}"><ds:Transforms><ds:Transform Algorithm="${wssUris.excC14n}"></ds:Transform></ds:Transforms>` +
    `<ds:DigestMethod Algorithm="${wssUris.sha256}"></ds:DigestMethod><ds:DigestValue>${digest}</ds:DigestValue></ds:Reference>`;
  const canonicalSignedInfo = `<ds:SignedInfo xmlns:ds="${soapNs.ds}">${signedInfoBody}</ds:SignedInfo>`;
  const value = signatureValue(credential.privateKey, canonicalSignedInfo);

  const created = options.now.toISOString();
  const expires = new Date(options.now.getTime() + options.ttlSeconds * 1000).toISOString();
  const security =
    `<wsse:Security xmlns:wsse="${soapNs.wsse}" xmlns:wsu="${soapNs.wsu}" soap:mustUnderstand="true">` +
    `<wsu:Timestamp wsu:Id="TS-${id}"><wsu:Created>${created}</wsu:Created><wsu:Expires>${expires}</wsu:Expires></wsu:Timestamp>` +
    `<wsse:BinarySecurityToken EncodingType="${wssUris.base64Binary}" ValueType="${wssUris.x509v3}" wsu:Id="X509-${id}">` +
    `${Buffer.from(credential.certificateDer).toString('base64')}</wsse:BinarySecurityToken>` +
    `<ds:Signature xmlns:ds="${soapNs.ds}" Id="SIG-${id}"><ds:SignedInfo>${signedInfoBody}</ds:SignedInfo>` +
    `<ds:SignatureValue>${value}</ds:SignatureValue>` +
    `<ds:KeyInfo Id="KI-${id}"><wsse:SecurityTokenReference wsu:Id="STR-${id}">` +
    `<wsse:Reference URI="#X509-${id}" ValueType="${wssUris.x509v3}"></wsse:Reference></wsse:SecurityTokenReference></ds:KeyInfo>` +
    '</ds:Signature></wsse:Security>';
  return { security, to };
}

const signatures = new WeakMap<KeyObject, Map<string, string>>();

/** RSA-SHA256 of the canonical SignedInfo, remembered per key (a few entries: one per endpoint). */
function signatureValue(key: KeyObject, canonicalSignedInfo: string): string {
  let byInfo = signatures.get(key);
  if (!byInfo) signatures.set(key, (byInfo = new Map()));
  let value = byInfo.get(canonicalSignedInfo);
  if (value === undefined) {
    value = sign('sha256', Buffer.from(canonicalSignedInfo), key).toString('base64');
    if (byInfo.size < 16) byInfo.set(canonicalSignedInfo, value);
  }
  return value;
}
