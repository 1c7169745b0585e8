/**
 * DIAN's WCF vocabulary written from its WSDL and samples, never imported from our client, so a wrong namespace in
 * the client fails against the simulator; the unit test pins each value to DIAN's files.
 */
export const soapNs = {
  /** SOAP 1.2 (the WSDL's soap12 binding; DIAN's sample answers). */
  soap: 'http://www.w3.org/2003/05/soap-envelope',
  wsa: 'http://www.w3.org/2005/08/addressing',
  wsse: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd',
  wsu: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  /** The WSDL's targetNamespace: the operations' request and response elements. */
  wcf: 'http://wcf.dian.colombia',
  // The data contracts of the results (the WSDL's xsd:imports).
  dianResponse: 'http://schemas.datacontract.org/2004/07/DianResponse',
  uploadResponse: 'http://schemas.datacontract.org/2004/07/UploadDocumentResponse',
  trackIdResponse: 'http://schemas.datacontract.org/2004/07/XmlParamsResponseTrackId',
  rangeList: 'http://schemas.datacontract.org/2004/07/NumberRangeResponseList',
  range: 'http://schemas.datacontract.org/2004/07/NumberRangeResponse',
  eventResponse: 'http://schemas.datacontract.org/2004/07/EventResponse',
  acquirer: 'http://schemas.datacontract.org/2004/07/Gosocket.Dian.Services.Utils.Common',
  arrays: 'http://schemas.microsoft.com/2003/10/Serialization/Arrays',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;

/** The URIs of DIAN's WS-Security policy (wsdl0: X.509 token, Basic256Sha256, exclusive C14N). */
export const wssUris = {
  x509v3: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3',
  rsaSha256: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  sha256: 'http://www.w3.org/2001/04/xmlenc#sha256',
} as const;

/** The operations the simulator answers (dispatch.ts); each also names its request element. */
export const simulatedOperations = [
  'SendBillSync',
  'SendBillAsync',
  'SendTestSetAsync',
  'GetStatus',
  'GetStatusZip',
  'GetNumberingRange',
  'GetXmlByDocumentKey',
  'GetAcquirer',
  'SendEventUpdateStatus',
  'GetStatusEvent',
] as const;

/** The WSDL's wsaw:Action of an operation's input; its output's is this plus `Response`. */
export const actionUri = (operation: string) => `${soapNs.wcf}/IWcfDianCustomerServices/${operation}`;

/** C14N text escaping (also valid XML text): what the simulator writes is already canonical. */
export const escapeXmlText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
