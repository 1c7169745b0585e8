import { actionUri, escapeXmlText as x, soapNs } from './wcf-vocabulary.ts';
import type { SimulatorRange } from '../config.ts';
import type { SimulatedDianResponse } from '../store/store.ts';

/**
 * DIAN's answers, written the way WCF serializes them (compare spec/dian/web-service/responses):
 * `b:`-prefixed data-contract fields, `i:nil` for nulls, a Timestamp-only Security header.
 */
export const untrustedCertificateFault =
  '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:a="http://www.w3.org/2005/08/addressing"><s:Header><a:Action s:mustUnderstand="1">http://www.w3.org/2005/08/addressing/soap/fault</a:Action></s:Header><s:Body><s:Fault><s:Code><s:Value>s:Client</s:Value></s:Code><s:Reason><s:Text xml:lang="en-US">The creator of this fault did not specify a Reason.</s:Text></s:Reason></s:Fault></s:Body></s:Envelope>';

/** A SOAP 1.2 fault: Receiver for what the service cannot do, Sender for a request that is not one. */
const fault = (code: 'Receiver' | 'Sender', reason: string) =>
  `<s:Envelope xmlns:s="${soapNs.soap}"><s:Body><s:Fault><s:Code>` +
  `<s:Value>s:${code}</s:Value></s:Code><s:Reason><s:Text xml:lang="en-US">${x(reason)}</s:Text></s:Reason></s:Fault></s:Body></s:Envelope>`;
export const receiverFault = (reason: string) => fault('Receiver', reason);
export const senderFault = (reason: string) => fault('Sender', reason);

export function envelope(operation: string, result: string, now: Date): string {
  const expires = new Date(now.getTime() + 300_000).toISOString();
  return (
    `<s:Envelope xmlns:s="${soapNs.soap}" xmlns:a="${soapNs.wsa}" xmlns:u="${soapNs.wsu}"><s:Header>` +
    `<a:Action s:mustUnderstand="1">${actionUri(operation)}Response</a:Action>` +
    `<o:Security s:mustUnderstand="1" xmlns:o="${soapNs.wsse}"><u:Timestamp u:Id="_0"><u:Created>${now.toISOString()}</u:Created>` +
    `<u:Expires>${expires}</u:Expires></u:Timestamp></o:Security></s:Header>` +
    `<s:Body><${operation}Response xmlns="${soapNs.wcf}">${result}</${operation}Response></s:Body></s:Envelope>`
  );
}

const field = (name: string, value: string | undefined) =>
  value === undefined ? `<b:${name} i:nil="true"/>` : `<b:${name}>${x(value)}</b:${name}>`;
/** Base64 never needs escaping (and the AR's is the longest text of the answer). */
const base64Field = (name: string, value: string | undefined) =>
  value === undefined ? `<b:${name} i:nil="true"/>` : `<b:${name}>${value}</b:${name}>`;
const resultOpen = (operation: string, ns: string) => `<${operation}Result xmlns:b="${ns}" xmlns:i="${soapNs.xsi}">`;

function dianResponseFields(r: SimulatedDianResponse): string {
  const messages = r.errorMessages.map((m) => `<c:string>${x(m)}</c:string>`).join('');
  return (
    `<b:ErrorMessage xmlns:c="${soapNs.arrays}">${messages}</b:ErrorMessage>` +
    `<b:IsValid>${r.isValid}</b:IsValid>${field('StatusCode', r.statusCode)}${field('StatusDescription', r.statusDescription)}` +
    `${field('StatusMessage', r.statusMessage)}${base64Field('XmlBase64Bytes', r.xmlBase64Bytes)}<b:XmlBytes i:nil="true"/>` +
    `${field('XmlDocumentKey', r.xmlDocumentKey)}${field('XmlFileName', r.xmlFileName)}`
  );
}

export function dianResponseResult(operation: string, r: SimulatedDianResponse): string {
  return `${resultOpen(operation, soapNs.dianResponse)}${dianResponseFields(r)}</${operation}Result>`;
}

export function dianResponsesResult(operation: string, list: SimulatedDianResponse[]): string {
  return `${resultOpen(operation, soapNs.dianResponse)}${list.map((r) => `<b:DianResponse>${dianResponseFields(r)}</b:DianResponse>`).join('')}</${operation}Result>`;
}

export type UploadItem = {
  documentKey: string | undefined;
  processedMessage: string;
  success: boolean;
  xmlFileName: string;
};
export function uploadResult(operation: string, zipKey: string | undefined, items: UploadItem[]): string {
  const list =
    items.length === 0
      ? `<b:ErrorMessageList i:nil="true" xmlns:c="${soapNs.trackIdResponse}"/>`
      : `<b:ErrorMessageList xmlns:c="${soapNs.trackIdResponse}">${items
          .map(
            (item) =>
              '<c:XmlParamsResponseTrackId>' +
              `${cField('DocumentKey', item.documentKey)}${cField('ProcessedMessage', item.processedMessage)}<c:SenderCode i:nil="true"/>` +
              `<c:Success>${item.success}</c:Success>${cField('XmlFileName', item.xmlFileName)}</c:XmlParamsResponseTrackId>`,
          )
          .join('')}</b:ErrorMessageList>`;
  return `${resultOpen(operation, soapNs.uploadResponse)}${list}${field('ZipKey', zipKey)}</${operation}Result>`;
}
const cField = (name: string, value: string | undefined) =>
  value === undefined ? `<c:${name} i:nil="true"/>` : `<c:${name}>${x(value)}</c:${name}>`;

export function numberRangeResult(code: string, description: string, ranges: readonly SimulatorRange[]): string {
  const items = ranges
    .map(
      (r) =>
        '<c:NumberRangeResponse>' +
        `${cField('ResolutionNumber', r.authorizationNumber)}${cField('ResolutionDate', r.resolutionDate)}${cField('Prefix', r.prefix)}` +
        `<c:FromNumber>${r.from}</c:FromNumber><c:ToNumber>${r.to}</c:ToNumber>${cField('ValidDateFrom', r.startDate)}` +
        `${cField('ValidDateTo', r.endDate)}${cField('TechnicalKey', r.technicalKey)}</c:NumberRangeResponse>`,
    )
    .join('');
  return (
    `${resultOpen('GetNumberingRange', soapNs.rangeList)}${field('OperationCode', code)}${field('OperationDescription', description)}` +
    `<b:ResponseList xmlns:c="${soapNs.range}">${items}</b:ResponseList></GetNumberingRangeResult>`
  );
}

export function eventResult(
  code: string,
  message: string,
  validationDate: string | undefined,
  xmlBase64: string | undefined,
): string {
  return (
    `${resultOpen('GetXmlByDocumentKey', soapNs.eventResponse)}${field('Code', code)}${field('Message', message)}` +
    `${field('ValidationDate', validationDate)}${field('XmlBytesBase64', xmlBase64)}</GetXmlByDocumentKeyResult>`
  );
}

/** GetAcquirer's AdquirienteResponse (fields in the data contract's alphabetical order, as WCF writes them). */
export function acquirerResult(
  statusCode: string,
  message: string,
  receiverEmail: string | undefined,
  receiverName: string | undefined,
): string {
  return (
    `${resultOpen('GetAcquirer', soapNs.acquirer)}${field('Message', message)}${field('ReceiverEmail', receiverEmail)}` +
    `${field('ReceiverName', receiverName)}${field('StatusCode', statusCode)}</GetAcquirerResult>`
  );
}
