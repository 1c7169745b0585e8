import type { RegisteredEventEntry } from '@fe/dian-xml';

/**
 * DIAN's answers, parsed completely (xsd3, xsd5, xsd6, xsd7, xsd8, xsd9). Absent and xsi:nil
 * elements are `undefined`; nothing DIAN sent is dropped.
 */

/** One ErrorMessage string, e.g. `Regla: FAJ40, Notificación: El contenido …`. */
export type DianRuleMessage = {
  /** The rule code (FAD06, FAJ40, 90, ZB01 …); undefined when the string names none. */
  rule: string | undefined;
  /** Rechazo → rejection, Notificación → notification; older messages state neither. */
  effect: 'rejection' | 'notification' | undefined;
  /** DIAN's wording after the code and effect. */
  message: string;
  /** The string exactly as DIAN sent it. */
  raw: string;
};

export type DianResponse = {
  isValid: boolean | undefined;
  statusCode: string | undefined;
  statusDescription: string | undefined;
  statusMessage: string | undefined;
  errorMessages: DianRuleMessage[];
  /** XmlBase64Bytes as sent: DIAN's ApplicationResponse in base64. */
  xmlBase64Bytes: string | undefined;
  /** The ApplicationResponse XML, when XmlBase64Bytes is base64 of an XML text. */
  applicationResponseXml: string | undefined;
  xmlBytes: string | undefined;
  /** CUFE/CUDE of the processed document. */
  xmlDocumentKey: string | undefined;
  xmlFileName: string | undefined;
};

/**
 * GetStatusEvent's DianResponse, with the events its ApplicationResponse lists (docs/dian-web-service.md, "RADIAN
 * events"): oldest first; [] when it carries no ApplicationResponse; undefined when XmlBase64Bytes is not one.
 */
export type EventStatusResponse = DianResponse & { events: readonly RegisteredEventEntry[] | undefined };

export type UploadDocumentResponse = {
  zipKey: string | undefined;
  errorMessageList: {
    documentKey: string | undefined;
    processedMessage: string | undefined;
    senderCode: string | undefined;
    success: boolean | undefined;
    xmlFileName: string | undefined;
  }[];
};

export type NumberRange = {
  resolutionNumber: string | undefined;
  resolutionDate: string | undefined;
  prefix: string | undefined;
  fromNumber: string | undefined;
  toNumber: string | undefined;
  validDateFrom: string | undefined;
  validDateTo: string | undefined;
  technicalKey: string | undefined;
};

export type NumberRangeResponseList = {
  operationCode: string | undefined;
  operationDescription: string | undefined;
  ranges: NumberRange[];
};

/** GetAcquirer's AdquirienteResponse: the buyer's registered name and reception email (StatusCode 200 when found). */
export type AcquirerResponse = {
  statusCode: string | undefined;
  message: string | undefined;
  receiverName: string | undefined;
  receiverEmail: string | undefined;
};

export type EventResponse = {
  code: string | undefined;
  message: string | undefined;
  validationDate: string | undefined;
  xmlBytesBase64: string | undefined;
  /** The document's XML when XmlBytesBase64 decodes to XML text. */
  xml: string | undefined;
};

/** A SOAP 1.2 fault: Code/Value (e.g. `s:Client`), optional Subcode/Value, Reason/Text. */
export type SoapFault = { code: string; subcode: string | undefined; reason: string | undefined };
