// An ApplicationResponse in the shape DIAN answers with (annex §9.2), and an AttachedDocument
// carrying it beside a document: written out by hand, so the reader is checked against text it
// did not help produce.
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';

export const applicationResponseXml = (code: string, documentNumber: string, documentKey: string) =>
  '<?xml version="1.0" encoding="UTF-8"?><ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"' +
  ` xmlns:cac="${CAC}" xmlns:cbc="${CBC}"><cbc:UBLVersionID>UBL 2.1</cbc:UBLVersionID><cbc:ID>4242</cbc:ID>` +
  '<cbc:IssueDate>2026-03-10</cbc:IssueDate><cbc:IssueTime>15:16:00-05:00</cbc:IssueTime>' +
  '<cac:SenderParty><cac:PartyTaxScheme><cbc:RegistrationName>Unidad Especial Dirección de Impuestos y Aduanas Nacionales</cbc:RegistrationName>' +
  '<cbc:CompanyID schemeAgencyID="195" schemeID="4" schemeName="31">800197268</cbc:CompanyID></cac:PartyTaxScheme></cac:SenderParty>' +
  `<cac:DocumentResponse><cac:Response><cbc:ResponseCode>${code}</cbc:ResponseCode><cbc:Description>Documento validado por la DIAN</cbc:Description></cac:Response>` +
  `<cac:DocumentReference><cbc:ID>${documentNumber}</cbc:ID><cbc:UUID schemeName="CUFE-SHA384">${documentKey}</cbc:UUID></cac:DocumentReference>` +
  '<cac:LineResponse><cac:LineReference><cbc:LineID>1</cbc:LineID></cac:LineReference><cac:Response><cbc:ResponseCode>FAJ44b</cbc:ResponseCode>' +
  '<cbc:Description>Nit o Documento de Identificación informado No se encuentra registrado en el RUT.</cbc:Description></cac:Response></cac:LineResponse>' +
  '</cac:DocumentResponse></ApplicationResponse>';

export const attachedDocumentXml = (documentXml: string, arXml: string, documentKey: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><AttachedDocument xmlns="urn:oasis:names:specification:ubl:schema:xsd:AttachedDocument-2" xmlns:cac="${CAC}" xmlns:cbc="${CBC}">` +
  '<cbc:IssueDate>2026-03-10</cbc:IssueDate>' +
  '<cac:SenderParty><cac:PartyTaxScheme><cbc:CompanyID>900123456</cbc:CompanyID></cac:PartyTaxScheme></cac:SenderParty>' +
  '<cac:ReceiverParty><cac:PartyTaxScheme><cbc:CompanyID>1020304050</cbc:CompanyID></cac:PartyTaxScheme></cac:ReceiverParty>' +
  `<cac:Attachment><cac:ExternalReference><cbc:MimeCode>text/xml</cbc:MimeCode><cbc:Description><![CDATA[${documentXml}]]></cbc:Description></cac:ExternalReference></cac:Attachment>` +
  `<cac:ParentDocumentLineReference><cbc:LineID>1</cbc:LineID><cac:DocumentReference><cbc:ID>SETP990001234</cbc:ID><cbc:UUID schemeName="CUFE-SHA384">${documentKey}</cbc:UUID>` +
  `<cac:Attachment><cac:ExternalReference><cbc:Description>${arXml.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</cbc:Description></cac:ExternalReference></cac:Attachment>` +
  '</cac:DocumentReference></cac:ParentDocumentLineReference></AttachedDocument>';
