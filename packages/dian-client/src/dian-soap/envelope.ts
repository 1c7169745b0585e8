import { randomUUID } from 'node:crypto';
import { actionUri, escapeXmlText, soapNs, type DianOperation } from './namespaces.ts';
import { wsSecurityHeader, type WsSecurityCredential } from './ws-security.ts';

/** One request parameter of an operation (xsd0: every one optional, in this order). */
export type SoapParameter = [name: string, value: string];

export type SoapRequest = { body: string; contentType: string; action: string };

/**
 * The SOAP 1.2 envelope of one operation (document/literal, WS-Addressing 1.0, WS-Security),
 * with the HTTP Content-Type carrying the action as SOAP 1.2 requires (annex §6.1).
 */
export function buildSoapRequest(
  operation: DianOperation,
  parameters: readonly SoapParameter[],
  context: { credential: WsSecurityCredential; endpoint: string; now: Date; ttlSeconds: number; id?: string },
): SoapRequest {
  const action = actionUri(operation);
  const { security, to } = wsSecurityHeader(context.credential, context.endpoint, {
    now: context.now,
    ttlSeconds: context.ttlSeconds,
    id: context.id ?? randomUUID(),
  });
  const payload = parameters.map(([name, value]) => `<wcf:${name}>${escapeXmlText(value)}</wcf:${name}>`).join('');
  const body =
    `<soap:Envelope xmlns:soap="${soapNs.soap}" xmlns:wcf="${soapNs.wcf}" xmlns:wsa="${soapNs.wsa}">` +
    `<soap:Header>${security}<wsa:Action soap:mustUnderstand="1">${action}</wsa:Action>${to}</soap:Header>` +
    `<soap:Body><wcf:${operation}>${payload}</wcf:${operation}></soap:Body></soap:Envelope>`;
  return { body, action, contentType: `application/soap+xml;charset=UTF-8;action="${action}"` };
}
