import { hash } from 'node:crypto';
import { escapeAttribute, escapeText, ublNamespaces as ns, XML_DECLARATION } from '@fe/dian-domain/primitives';
import type { RuleDefinition } from '../rules/catalogue.ts';
import type { DocumentKind } from '../rules/invoice-view.ts';

/**
 * Per kind: the document type code (annex table 13.1.3) in the AR's CUDE, and the scheme of its key; a RADIAN event
 * is an ApplicationResponse, type 96 in DIAN's own validator.
 */
const DOCUMENTS: Record<DocumentKind | 'event', { typeCode: string; scheme: string }> = {
  invoice: { typeCode: '01', scheme: 'CUFE-SHA384' },
  'credit-note': { typeCode: '91', scheme: 'CUDE-SHA384' },
  'debit-note': { typeCode: '92', scheme: 'CUDE-SHA384' },
  event: { typeCode: '96', scheme: 'CUDE-SHA384' },
};

export const DIAN = { name: 'Unidad Especial Dirección de Impuestos y Aduanas Nacionales', nit: '800197268', dv: '4' };

/** A party as the AR names it; `documentType` (schemeName) is 31, a NIT, unless told. */
export type ArParty = { nit: string; dv: string | null; name: string; documentType?: string };

export type ApplicationResponseInput = {
  /** DIAN's internal consecutive for the AR. */
  id: string;
  environment: '1' | '2';
  /** Validation instant: its UTC date and time are written, as DIAN's own ARs do (+00:00). */
  validatedAt: Date;
  receiver: ArParty;
  /** The judged document: its number, its CUFE (a note's or an event's CUDE) and kind. */
  document: { id: string; cufe: string; kind: DocumentKind | 'event' };
  notifications: readonly RuleDefinition[];
  statusMessage: string;
};

// Written as text in canonical form (the signer digests it as it is): every namespace on the root
// (xmlns, then xmlns:* by prefix), attributes sorted by name, explicit end tags, values escaped as
// C14N escapes them. One template instead of an XML writer: this runs once per accepted document.
export const AR_HEAD =
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
  const { issueDate, issueTime } = arDateTime(input.validatedAt);
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
    AR_HEAD +
    arHeader(input.environment, input.id, cude, issueDate, issueTime) +
    `${SENDER}${partyXml('cac:ReceiverParty', input.receiver)}<cac:DocumentResponse>${RESPONSE}` +
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

/** Its UTC date and time, as DIAN's own ARs write them (+00:00). */
export function arDateTime(at: Date): { issueDate: string; issueTime: string } {
  const iso = at.toISOString();
  return { issueDate: iso.slice(0, 10), issueTime: `${iso.slice(11, 19)}+00:00` };
}

/** ProfileExecutionID to IssueTime, after AR_HEAD. */
export const arHeader = (environment: string, id: string, cude: string, issueDate: string, issueTime: string) =>
  `<cbc:ProfileExecutionID>${environment}</cbc:ProfileExecutionID><cbc:ID>${escapeText(id)}</cbc:ID>` +
  `<cbc:UUID schemeName="CUDE-SHA384">${cude}</cbc:UUID><cbc:IssueDate>${issueDate}</cbc:IssueDate><cbc:IssueTime>${issueTime}</cbc:IssueTime>`;

/** A party element holding its PartyTaxScheme (SenderParty, ReceiverParty, IssuerParty …). */
export function partyXml(element: string, p: ArParty): string {
  const dv = p.dv === null ? '' : ` schemeID="${escapeAttribute(p.dv)}"`;
  return (
    `<${element}><cac:PartyTaxScheme><cbc:RegistrationName>${escapeText(p.name)}</cbc:RegistrationName>` +
    `<cbc:CompanyID schemeAgencyID="195"${dv} schemeName="${escapeAttribute(p.documentType ?? '31')}">${escapeText(p.nit)}</cbc:CompanyID>` +
    `<cac:TaxScheme><cbc:ID>01</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme></cac:PartyTaxScheme></${element}>`
  );
}
export const SENDER = partyXml('cac:SenderParty', DIAN);
