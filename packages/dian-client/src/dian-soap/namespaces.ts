/** Namespaces and URIs of DIAN's WcfDianCustomerServices contract (WSDL, xsd0–xsd9, annex §6). */
export const soapNs = {
  soap: 'http://www.w3.org/2003/05/soap-envelope',
  wsa: 'http://www.w3.org/2005/08/addressing',
  wsse: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd',
  wsu: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  wcf: 'http://wcf.dian.colombia',
  dianResponse: 'http://schemas.datacontract.org/2004/07/DianResponse',
  uploadResponse: 'http://schemas.datacontract.org/2004/07/UploadDocumentResponse',
  trackIdResponse: 'http://schemas.datacontract.org/2004/07/XmlParamsResponseTrackId',
  rangeList: 'http://schemas.datacontract.org/2004/07/NumberRangeResponseList',
  range: 'http://schemas.datacontract.org/2004/07/NumberRangeResponse',
  eventResponse: 'http://schemas.datacontract.org/2004/07/EventResponse',
  /** GetAcquirer's AdquirienteResponse (the WSDL's xsd10). */
  acquirer: 'http://schemas.datacontract.org/2004/07/Gosocket.Dian.Services.Utils.Common',
  arrays: 'http://schemas.microsoft.com/2003/10/Serialization/Arrays',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;

export const wssUris = {
  base64Binary: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary',
  x509v3: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3',
  excC14n: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  rsaSha256: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  sha256: 'http://www.w3.org/2001/04/xmlenc#sha256',
} as const;

/** The operations this client speaks; the action URI is `<contract>/<operation>` (annex §6.2). */
export const operations = [
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
export type DianOperation = (typeof operations)[number];

export const actionUri = (operation: string) => `http://wcf.dian.colombia/IWcfDianCustomerServices/${operation}`;

/** C14N text escaping (also valid XML text): what we write is already canonical. */
export const escapeXmlText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
