import {
  childElement,
  childElements,
  isNil,
  parseXmlTree,
  pathElement,
  readRegisteredEvents,
  textOf,
  XmlParseError,
  type XmlElement,
} from '@fe/dian-xml';
import { soapNs } from './namespaces.ts';
import type {
  AcquirerResponse,
  DianResponse,
  DianRuleMessage,
  EventResponse,
  EventStatusResponse,
  NumberRange,
  NumberRangeResponseList,
  SoapFault,
  UploadDocumentResponse,
} from './response-types.ts';

export type SoapOutcome = { kind: 'fault'; fault: SoapFault } | { kind: 'result'; result: XmlElement | undefined };

/**
 * Reads a SOAP 1.2 answer: either a Fault, or the `<op>Result` element of `<op>Response`.
 * Throws XmlParseError when the text is not a SOAP envelope at all.
 */
export function readSoapEnvelope(text: string, operation: string): SoapOutcome {
  const envelope = parseXmlTree(text);
  if (envelope.localName !== 'Envelope' || envelope.namespaceURI !== soapNs.soap)
    throw new XmlParseError('not a SOAP 1.2 envelope');
  const body = childElement(envelope, soapNs.soap, 'Body');
  if (!body) throw new XmlParseError('no SOAP Body');
  const fault = childElement(body, soapNs.soap, 'Fault');
  if (fault) {
    const code = pathElement(fault, [soapNs.soap, 'Code'], [soapNs.soap, 'Value']);
    return {
      kind: 'fault',
      fault: {
        code: textOf(code)?.trim() ?? '',
        subcode: textOf(
          pathElement(fault, [soapNs.soap, 'Code'], [soapNs.soap, 'Subcode'], [soapNs.soap, 'Value']),
        )?.trim(),
        reason: textOf(pathElement(fault, [soapNs.soap, 'Reason'], [soapNs.soap, 'Text'])),
      },
    };
  }
  const response = childElement(body, soapNs.wcf, `${operation}Response`);
  if (!response) throw new XmlParseError(`no ${operation}Response`);
  const result = childElement(response, soapNs.wcf, `${operation}Result`);
  return { kind: 'result', result: result && !isNil(result) ? result : undefined };
}

const value = (parent: XmlElement | undefined, ns: string, name: string): string | undefined => {
  const element = childElement(parent, ns, name);
  return element && !isNil(element) ? textOf(element) : undefined;
};
const bool = (text: string | undefined) =>
  text === undefined ? undefined : text.trim() === 'true' || text.trim() === '1';

const RULE = /^\s*Regla\s*:\s*([A-Za-z0-9][A-Za-z0-9-]*)\s*(?:,\s*)?(?:(Rechazo|Notificaci[oó]n)\s*:\s*)?([\s\S]*)$/;
export function parseRuleMessage(raw: string): DianRuleMessage {
  const match = RULE.exec(raw);
  if (!match) return { rule: undefined, effect: undefined, message: raw.trim(), raw };
  const effect = match[2] === undefined ? undefined : match[2] === 'Rechazo' ? 'rejection' : 'notification';
  return { rule: match[1], effect, message: (match[3] ?? '').trim(), raw };
}

/** base64 → text when it is well-formed base64 of something that looks like XML; else undefined. */
export function decodeXmlBase64(base64: string | undefined): string | undefined {
  if (base64 === undefined) return undefined;
  const compact = base64.replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return undefined;
  const text = Buffer.from(compact, 'base64')
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return text.trimStart().startsWith('<') ? text : undefined;
}

export function parseDianResponse(element: XmlElement | undefined): DianResponse {
  const ns = soapNs.dianResponse;
  const messages = childElement(element, ns, 'ErrorMessage');
  const xmlBase64Bytes = value(element, ns, 'XmlBase64Bytes')?.trim();
  return {
    isValid: bool(value(element, ns, 'IsValid')),
    statusCode: value(element, ns, 'StatusCode')?.trim(),
    statusDescription: value(element, ns, 'StatusDescription'),
    statusMessage: value(element, ns, 'StatusMessage'),
    errorMessages:
      messages && !isNil(messages)
        ? childElements(messages, soapNs.arrays, 'string').map((s) => parseRuleMessage(textOf(s) ?? ''))
        : [],
    xmlBase64Bytes,
    applicationResponseXml: decodeXmlBase64(xmlBase64Bytes),
    xmlBytes: value(element, ns, 'XmlBytes')?.trim(),
    xmlDocumentKey: value(element, ns, 'XmlDocumentKey')?.trim(),
    xmlFileName: value(element, ns, 'XmlFileName'),
  };
}

/** GetStatusEvent: the DianResponse, and the events its ApplicationResponse lists read by @fe/dian-xml. */
export function parseEventStatusResponse(element: XmlElement | undefined): EventStatusResponse {
  const response = parseDianResponse(element);
  let events: EventStatusResponse['events'] = [];
  if (response.xmlBase64Bytes !== undefined) {
    try {
      events =
        response.applicationResponseXml === undefined
          ? undefined
          : readRegisteredEvents(response.applicationResponseXml).events;
    } catch {
      events = undefined; // not an ApplicationResponse: the raw answer is still there to look at
    }
  }
  return { ...response, events };
}

export function parseDianResponses(element: XmlElement | undefined): DianResponse[] {
  return element ? childElements(element, soapNs.dianResponse, 'DianResponse').map(parseDianResponse) : [];
}

export function parseUploadDocumentResponse(element: XmlElement | undefined): UploadDocumentResponse {
  const list = childElement(element, soapNs.uploadResponse, 'ErrorMessageList');
  const ns = soapNs.trackIdResponse;
  return {
    zipKey: value(element, soapNs.uploadResponse, 'ZipKey')?.trim(),
    errorMessageList: (list ? childElements(list, ns, 'XmlParamsResponseTrackId') : []).map((item) => ({
      documentKey: value(item, ns, 'DocumentKey'),
      processedMessage: value(item, ns, 'ProcessedMessage'),
      senderCode: value(item, ns, 'SenderCode'),
      success: bool(value(item, ns, 'Success')),
      xmlFileName: value(item, ns, 'XmlFileName'),
    })),
  };
}

export function parseNumberRangeResponseList(element: XmlElement | undefined): NumberRangeResponseList {
  const list = childElement(element, soapNs.rangeList, 'ResponseList');
  const ns = soapNs.range;
  const range = (item: XmlElement): NumberRange => ({
    resolutionNumber: value(item, ns, 'ResolutionNumber'),
    resolutionDate: value(item, ns, 'ResolutionDate'),
    prefix: value(item, ns, 'Prefix'),
    fromNumber: value(item, ns, 'FromNumber')?.trim(),
    toNumber: value(item, ns, 'ToNumber')?.trim(),
    validDateFrom: value(item, ns, 'ValidDateFrom'),
    validDateTo: value(item, ns, 'ValidDateTo'),
    technicalKey: value(item, ns, 'TechnicalKey'),
  });
  return {
    operationCode: value(element, soapNs.rangeList, 'OperationCode')?.trim(),
    operationDescription: value(element, soapNs.rangeList, 'OperationDescription'),
    ranges: (list ? childElements(list, ns, 'NumberRangeResponse') : []).map(range),
  };
}

export function parseEventResponse(element: XmlElement | undefined): EventResponse {
  const ns = soapNs.eventResponse;
  const xmlBytesBase64 = value(element, ns, 'XmlBytesBase64')?.trim();
  return {
    code: value(element, ns, 'Code')?.trim(),
    message: value(element, ns, 'Message'),
    validationDate: value(element, ns, 'ValidationDate'),
    xmlBytesBase64,
    xml: decodeXmlBase64(xmlBytesBase64),
  };
}

export function parseAcquirerResponse(element: XmlElement | undefined): AcquirerResponse {
  const ns = soapNs.acquirer;
  return {
    statusCode: value(element, ns, 'StatusCode')?.trim(),
    message: value(element, ns, 'Message'),
    receiverName: value(element, ns, 'ReceiverName'),
    receiverEmail: value(element, ns, 'ReceiverEmail')?.trim() || undefined,
  };
}
