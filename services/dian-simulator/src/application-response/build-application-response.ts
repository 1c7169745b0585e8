import { hash } from 'node:crypto';
import { escapeAttribute, escapeText, ublNamespaces as ns, XML_DECLARATION } from '@fe/dian-domain/primitives';
import type { RuleDefinition } from '../rules/catalogue.ts';
import type { DocumentKind } from '../rules/invoice-view.ts';

/** Per kind: the document type code (annex table 13.1.3) in the AR's CUDE, and the scheme of its key. */
const DOCUMENTS: Record<DocumentKind, { typeCode: string; scheme: string }> = {
  invoice: { typeCode: '01', scheme: 'CUFE-SHA384' },
  'credit-note': { typeCode: '91', scheme: 'CUDE-SHA384' },
  'debit-note': { typeCode: '92', scheme: 'CUDE-SHA384' },
};

const DIAN = { name: 'Unidad Especial Dirección de Impuestos y Aduanas Nacionales', nit: '800197268', dv: '4' };

export type ApplicationResponseInput = {
  /** DIAN's internal consecutive for the AR. */
  id: string;
  environment: '1' | '2';
  /** Validation instant: its UTC date and time are written, as DIAN's own ARs do (+00:00). */
  validatedAt: Date;
  receiver: { nit: string; dv: string | null; name: string };
  /** The judged document: its number, its CUFE (a note's CUDE) and kind. */
  document: { id: string; cufe: string; kind: DocumentKind };
  notifications: readonly RuleDefinition[];
  statusMessage: string;
};

// Written as text in canonical form (the signer digests it as it is): every namespace on the root
// (xmlns, then xmlns:* by prefix), attributes sorted by name, explicit end tags, values escaped as
// C14N escapes them. One template instead of an XML writer: this runs once per accepted document.
const HEAD =
  `${XML_DECLARATION}<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"` +
  ` xmlns:cac="${ns.cac}" xmlns:cbc="${ns.cbc}" xmlns:ds="${ns.ds}" xmlns:ext="${ns.ext}" xmlns:sts="${ns.sts}"` +
  ` xmlns:xades="${ns.xades}" xmlns:xades141="${ns.xades141}"><ext:UBLExtensions></ext:UBLExtensions>` +
  '<cbc:UBLVersionID>UBL 2.1</cbc:UBLVersionID><cbc:CustomizationID>1</cbc:CustomizationID><cbc:ProfileID>DIAN 2.1</cbc:ProfileID>';
const RESPONSE =
  '<cac:Response><cbc:ResponseCode>02</cbc:ResponseCode><cbc:Description>Documento validado por la DIAN</cbc:Description></cac:Response>';

/**
 * DIAN's ApplicationResponse for an accepted document (reference §9.2), unsigned, authored in canonical form so
 * signing needs no tree.
 */
export function buildApplicationResponse(input: ApplicationResponseInput): string {
  const iso = input.validatedAt.toISOString();
  const issueDate = iso.slice(0, 10);
  const issueTime = `${iso.slice(11, 19)}+00:00`;
  const judged = DOCUMENTS[input.document.kind];
  const cude = hash(
    'sha384',
    `${input.id}${issueDate}${issueTime}${DIAN.nit}${input.receiver.nit}02${input.document.id}${judged.typeCode}`,
    'hex',
  );
  let lines = '';
  input.notifications.forEach((n, i) => (lines += lineResponse(i + 1, n.code, n.message)));
  lines += lineResponse(input.notifications.length + 1, '0000', input.statusMessage);
  return (
    `${HEAD}<cbc:ProfileExecutionID>${input.environment}</cbc:ProfileExecutionID><cbc:ID>${escapeText(input.id)}</cbc:ID>` +
    `<cbc:UUID schemeName="CUDE-SHA384">${cude}</cbc:UUID><cbc:IssueDate>${issueDate}</cbc:IssueDate><cbc:IssueTime>${issueTime}</cbc:IssueTime>` +
    `${SENDER}${party('cac:ReceiverParty', input.receiver)}<cac:DocumentResponse>${RESPONSE}` +
    `<cac:DocumentReference><cbc:ID>${escapeText(input.document.id)}</cbc:ID>` +
    `<cbc:UUID schemeName="${judged.scheme}">${escapeText(input.document.cufe)}</cbc:UUID></cac:DocumentReference>` +
    `${lines}</cac:DocumentResponse></ApplicationResponse>`
  );
}

function lineResponse(line: number, code: string, text: string): string {
  return (
    `<cac:LineResponse><cac:LineReference><cbc:LineID>${line}</cbc:LineID></cac:LineReference>` +
    `<cac:Response><cbc:ResponseCode>${escapeText(code)}</cbc:ResponseCode><cbc:Description>${escapeText(text)}</cbc:Description></cac:Response></cac:LineResponse>`
  );
}

function party(element: string, p: { name: string; nit: string; dv: string | null }): string {
  const dv = p.dv === null ? '' : ` schemeID="${escapeAttribute(p.dv)}"`;
  return (
    `<${element}><cac:PartyTaxScheme><cbc:RegistrationName>${escapeText(p.name)}</cbc:RegistrationName>` +
    `<cbc:CompanyID schemeAgencyID="195"${dv} schemeName="31">${escapeText(p.nit)}</cbc:CompanyID>` +
    `<cac:TaxScheme><cbc:ID>01</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme></cac:PartyTaxScheme></${element}>`
  );
}
const SENDER = party('cac:SenderParty', DIAN);
