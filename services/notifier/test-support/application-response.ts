// A stand-in for DIAN's signed ApplicationResponse in the notifier's tests: the shape of annex §9.2
// (ResponseCode 02, the invoice's CUFE), in canonical form, signed XAdES-EPES with a test identity.
// The e2e test embeds the simulator's real one; this one lets the builder be checked alone.
import { ublNamespaces as ns, XML_DECLARATION } from '@fe/dian-domain/primitives';
import type { XadesSigner } from '@fe/xades';

export function signedApplicationResponse(
  signer: XadesSigner,
  invoice: { number: string; cufe: string },
  validatedAt: Date,
): string {
  const iso = validatedAt.toISOString();
  const xml =
    `${XML_DECLARATION}<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"` +
    ` xmlns:cac="${ns.cac}" xmlns:cbc="${ns.cbc}" xmlns:ds="${ns.ds}" xmlns:ext="${ns.ext}" xmlns:xades="${ns.xades}"><ext:UBLExtensions></ext:UBLExtensions>` +
    '<cbc:UBLVersionID>UBL 2.1</cbc:UBLVersionID><cbc:CustomizationID>1</cbc:CustomizationID><cbc:ProfileID>DIAN 2.1</cbc:ProfileID>' +
    `<cbc:ProfileExecutionID>2</cbc:ProfileExecutionID><cbc:ID>4242</cbc:ID><cbc:IssueDate>${iso.slice(0, 10)}</cbc:IssueDate><cbc:IssueTime>${iso.slice(11, 19)}+00:00</cbc:IssueTime>` +
    '<cac:SenderParty><cac:PartyTaxScheme><cbc:RegistrationName>Unidad Especial Dirección de Impuestos y Aduanas Nacionales</cbc:RegistrationName>' +
    '<cbc:CompanyID schemeAgencyID="195" schemeID="4" schemeName="31">800197268</cbc:CompanyID><cac:TaxScheme><cbc:ID>01</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme></cac:PartyTaxScheme></cac:SenderParty>' +
    '<cac:ReceiverParty><cac:PartyTaxScheme><cbc:RegistrationName>Emisor</cbc:RegistrationName>' +
    '<cbc:CompanyID schemeAgencyID="195" schemeID="6" schemeName="31">900373076</cbc:CompanyID><cac:TaxScheme><cbc:ID>01</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme></cac:PartyTaxScheme></cac:ReceiverParty>' +
    '<cac:DocumentResponse><cac:Response><cbc:ResponseCode>02</cbc:ResponseCode><cbc:Description>Documento validado por la DIAN</cbc:Description></cac:Response>' +
    `<cac:DocumentReference><cbc:ID>${invoice.number}</cbc:ID><cbc:UUID schemeName="CUFE-SHA384">${invoice.cufe}</cbc:UUID></cac:DocumentReference></cac:DocumentResponse></ApplicationResponse>`;
  return signer.sign(xml, { signingTime: validatedAt }).xml;
}
