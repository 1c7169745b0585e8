// Signed notes for the simulator's tests, built from DIAN's example, independent of the product's builder. CUDE, QR
// and SoftwareSecurityCode are computed after `mutate`, so a broken amount breaks only the rule it targets.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cude, demoSoftware, demoTenant, softwareSecurityCode } from '@fe/dian-domain';
import { createXadesSigner, type SigningCredential } from '@fe/xades';
import { dianSpecDir } from './world.ts';

type NoteKind = 'credit-note' | 'debit-note';
/** What a note references: an invoice's number, CUFE and issue date. */
export type InvoiceReference = { id: string; cufe: string; issueDate: string };

export type NoteOptions = {
  kind: NoteKind;
  invoice: InvoiceReference;
  credential: SigningCredential;
  /** Concept (DiscrepancyResponse/ResponseCode): 1 by default, for either table. */
  concept?: string;
  /** CustomizationID: 20 (credit) / 30 (debit) by default. */
  customizationId?: string;
  issuedAt?: Date;
  signingTime?: Date;
  /** Edits the unsigned note before its CUDE, QR and SoftwareSecurityCode are computed. */
  mutate?: (xml: string) => string;
  /** The CUDE's key: the demo software's PIN unless told (a ClTec, to show it is not the key). */
  cudeKey?: string;
  /** Edits the finished, unsigned note just before signing (a wrong CUDE, say). */
  after?: (xml: string) => string;
};

const EXAMPLE = readFileSync(resolve(dianSpecDir, 'examples/own/creditnote-unsigned-example.xml'), 'utf8');
// The example's own values, replaced below.
const EXAMPLE_ID = 'NC1001';
const EXAMPLE_CUDE = '4b143431478e18ba8249f37cf542c276cd8bcdddeed44fc193a450fc8d8657cbeef357e0c1a9a5ff53935237a1e68596';
const EXAMPLE_INVOICE = {
  id: 'SETP990001234',
  cufe: '4798fcead6a0af811f391a0aa43e6b52e6c1989704dcb3d0930ac8e95bd2be6a7b18ab4976bc3b76f237d082c696a3e3',
  issueDate: '2025-03-10',
};

/**
 * The example in the form the signer takes (the canonical text our builder writes): no whitespace
 * between elements, the root's attributes separated by one space.
 */
const template = EXAMPLE.replace(/>\s+</g, '><')
  .replace(/<CreditNote\s[^>]*>/, (root) => root.replace(/\s+/g, ' '))
  .trim();

let next = 1_000_000 + Math.floor(Math.random() * 8_000_000);

const swap = (xml: string, from: string, to: string) => {
  if (!xml.includes(from)) throw new Error(`fixture drift: ${from}`);
  return xml.split(from).join(to);
};

/** The credit note example as a debit note (reference §10.2, §10.2b). */
function asDebitNote(xml: string): string {
  let out = swap(xml, ':CreditNote-2', ':DebitNote-2');
  out = swap(out, 'UBL-CreditNote-2.1.xsd', 'UBL-DebitNote-2.1.xsd');
  out = swap(out, '<CreditNote ', '<DebitNote ');
  out = swap(out, '</CreditNote>', '</DebitNote>');
  out = swap(out, '<cbc:CreditNoteTypeCode>91</cbc:CreditNoteTypeCode>', '');
  out = swap(out, 'Nota Crédito de Factura', 'Nota Débito de Factura');
  out = swap(out, 'LegalMonetaryTotal>', 'RequestedMonetaryTotal>');
  out = swap(out, 'CreditNoteLine>', 'DebitNoteLine>');
  return swap(out, 'CreditedQuantity', 'DebitedQuantity');
}

export function signedNote(options: NoteOptions): { xml: string; cude: string; id: string } {
  const credit = options.kind === 'credit-note';
  const issuedAt = options.issuedAt ?? new Date();
  const colombia = new Date(issuedAt.getTime() - 5 * 3600_000).toISOString();
  const id = `${credit ? 'NC' : 'ND'}${next++}`;
  let xml = credit ? template : asDebitNote(template);
  xml = swap(xml, 'EMPRESA DE EJEMPLO S.A.S.', demoTenant.legalName);
  xml = swap(xml, `<cbc:ID>${EXAMPLE_ID}</cbc:ID>`, `<cbc:ID>${id}</cbc:ID>`);
  xml = swap(
    xml,
    '<cbc:IssueDate>2025-03-12</cbc:IssueDate><cbc:IssueTime>08:30:00-05:00</cbc:IssueTime>',
    `<cbc:IssueDate>${colombia.slice(0, 10)}</cbc:IssueDate><cbc:IssueTime>${colombia.slice(11, 19)}-05:00</cbc:IssueTime>`,
  );
  xml = swap(xml, EXAMPLE_INVOICE.id, options.invoice.id);
  xml = swap(xml, EXAMPLE_INVOICE.cufe, options.invoice.cufe);
  xml = swap(
    xml,
    `<cbc:IssueDate>${EXAMPLE_INVOICE.issueDate}</cbc:IssueDate>`,
    `<cbc:IssueDate>${options.invoice.issueDate}</cbc:IssueDate>`,
  );
  xml = swap(
    xml,
    '<cbc:ResponseCode>1</cbc:ResponseCode>',
    `<cbc:ResponseCode>${options.concept ?? '1'}</cbc:ResponseCode>`,
  );
  xml = swap(
    xml,
    '<cbc:CustomizationID>20</cbc:CustomizationID>',
    `<cbc:CustomizationID>${options.customizationId ?? (credit ? '20' : '30')}</cbc:CustomizationID>`,
  );
  if (options.mutate) xml = options.mutate(xml);

  const fresh = cudeOf(
    xml,
    credit ? 'LegalMonetaryTotal' : 'RequestedMonetaryTotal',
    options.cudeKey ?? demoSoftware.pin,
  );
  const noteId = /<cbc:ID>([^<]*)<\/cbc:ID><cbc:UUID/.exec(xml)?.[1] ?? id;
  xml = xml
    .split(EXAMPLE_CUDE)
    .join(fresh)
    .replace(
      /(<sts:SoftwareSecurityCode[^>]*>)[0-9a-f]+</,
      `$1${softwareSecurityCode(demoSoftware.id, demoSoftware.pin, noteId)}<`,
    );
  if (options.after) xml = options.after(xml);
  const signed = createXadesSigner(options.credential).sign(xml, { signingTime: options.signingTime ?? issuedAt });
  // The key the document carries (`after` may have broken it), as DIAN answers it in XmlDocumentKey.
  return { xml: signed.xml, cude: /<cbc:UUID[^>]*>([0-9a-f]*)<\/cbc:UUID>/.exec(signed.xml)![1]!, id };
}

/** The CUDE of a note from its own fields (reference §1.2), `key` the software's PIN. */
function cudeOf(xml: string, totalsElement: string, key: string): string {
  const pick = (re: RegExp, text = xml) => re.exec(text)?.[1] ?? '0.00';
  const totals = xml.slice(xml.indexOf(`<cac:${totalsElement}>`));
  const header = xml.slice(0, xml.indexOf(`<cac:${totalsElement}>`));
  const tax = (scheme: string) => {
    const found = header
      .split('<cac:TaxTotal>')
      .slice(1)
      .find((t) => t.includes(`<cbc:ID>${scheme}</cbc:ID>`));
    return found ? pick(/<cbc:TaxAmount[^>]*>([^<]+)</, found) : '0.00';
  };
  return cude({
    numFac: pick(/<cbc:ID>([^<]*)<\/cbc:ID><cbc:UUID/),
    fecFac: pick(/<cbc:IssueDate>([^<]+)</),
    horFac: pick(/<cbc:IssueTime>([^<]+)</),
    valFac: pick(/<cbc:LineExtensionAmount[^>]*>([^<]+)</, totals),
    valIva: tax('01'),
    valInc: tax('04'),
    valIca: tax('03'),
    valTot: pick(/<cbc:PayableAmount[^>]*>([^<]+)</, totals),
    nitOfe: pick(/<cac:AccountingSupplierParty>[\s\S]*?<cac:PartyTaxScheme>[\s\S]*?<cbc:CompanyID[^>]*>([^<]+)</),
    numAdq: pick(/<cac:AccountingCustomerParty>[\s\S]*?<cac:PartyTaxScheme>[\s\S]*?<cbc:CompanyID[^>]*>([^<]+)</),
    key,
    environment: '2',
  });
}

/**
 * The example credit note exactly as DIAN's reference computes its CUDE (§1.2), unsigned: an oracle for the simulator's
 * formula.
 */
export const exampleCreditNote = { xml: EXAMPLE, cude: EXAMPLE_CUDE };
