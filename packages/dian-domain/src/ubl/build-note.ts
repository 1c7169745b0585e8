import { cude as computeCude, cufeInput, softwareSecurityCode } from '../cufe/cufe.ts';
import { documentId as composeDocumentId } from '../numbering/number-range.ts';
import type { DianEnvironment, SoftwareRegistration, Tenant } from '../tenant/tenant.ts';
import { colombiaDateTime } from '../time/colombia-time.ts';
import type { ValidatedNote } from '../validation/check-note-document.ts';
import { writeAllowanceCharges } from './allowance-charges.ts';
import type { BuiltInvoice } from './build-invoice.ts';
import { currencyAttribute, writePaymentExchangeRate } from './currency.ts';
import { writeDianExtensions } from './dian-extensions.ts';
import { documentKeyFields, documentQr } from './document-key.ts';
import { lineLayouts, writeDocumentLine } from './lines.ts';
import { writeMonetaryTotal } from './monetary-total.ts';
import { creditNoteRootAttributes, debitNoteRootAttributes } from './namespaces.ts';
import { writeCustomer, writeSupplier } from './parties.ts';
import { writePaymentMeans } from './payment-means.ts';
import { writeTaxTotal } from './taxes.ts';
import { CanonicalXmlWriter, type XmlWriter } from './xml-writer.ts';

export type BuildNoteInput = {
  /** checkNoteDocument's value. */
  note: ValidatedNote;
  tenant: Tenant;
  /** The software PIN keys the CUDE and the SoftwareSecurityCode. */
  software: SoftwareRegistration;
  environment: DianEnvironment;
  /** The note's own numbering (the tenant's note prefix and consecutive), not the invoice's resolution. */
  prefix: string;
  number: string;
  /** The issue instant; written in Colombian time (-05:00), to the second. */
  issuedAt: Date;
};

/** What buildInvoiceXml returns, with the note's CUDE in place of the CUFE. */
export type BuiltNote = Omit<BuiltInvoice, 'cufe' | 'cufeInput'> & {
  cude: string;
  /**
   * The exact string the CUDE hashes, for a test or an auditor's tool: it ends with the software PIN, a secret, so
   * never log or record it.
   */
  cudeInput: string;
};

/** What is fixed per kind of note (annex §10.1–10.2). */
const kinds = {
  credit: {
    root: 'CreditNote',
    rootAttributes: creditNoteRootAttributes,
    customizationId: { referenced: '20', unreferenced: '22' },
    profileId: 'DIAN 2.1: Nota Crédito de Factura Electrónica de Venta',
    typeCode: '91',
    monetaryTotal: 'cac:LegalMonetaryTotal',
    lines: lineLayouts.credit,
  },
  debit: {
    root: 'DebitNote',
    rootAttributes: debitNoteRootAttributes,
    customizationId: { referenced: '30', unreferenced: '32' },
    profileId: 'DIAN 2.1: Nota Débito de Factura Electrónica de Venta',
    typeCode: undefined, // DebitNote has no type-code element
    monetaryTotal: 'cac:RequestedMonetaryTotal',
    lines: lineLayouts.debit,
  },
} as const;

/**
 * The UBL 2.1 CreditNote or DebitNote (annex 1.9 §10.1–10.2b), written with the invoice's own parts so the same
 * content gives the same amounts. No sts:InvoiceControl: notes have no numbering authorization.
 */
export function buildNoteXml(input: BuildNoteInput, writer: XmlWriter = new CanonicalXmlWriter()): BuiltNote {
  const { note, tenant, software, environment } = input;
  const { documentId, cude, when, cudeFields } = identify(input);
  const kind = kinds[note.kind];
  const t = note.totals;
  const ssc = softwareSecurityCode(software.id, software.pin, documentId);
  const qr = documentQr(cudeFields, t, cude, 'CUDE');

  const w = writer;
  w.open(kind.root, kind.rootAttributes);
  w.open('ext:UBLExtensions');
  writeDianExtensions(w, { software, softwareSecurityCode: ssc, qrCode: qr });
  w.close();
  w.leaf('cbc:UBLVersionID', 'UBL 2.1');
  const reference = note.referencedInvoice;
  w.leaf('cbc:CustomizationID', kind.customizationId[reference ? 'referenced' : 'unreferenced']);
  w.leaf('cbc:ProfileID', kind.profileId);
  w.leaf('cbc:ProfileExecutionID', environment);
  w.leaf('cbc:ID', documentId);
  w.leaf('cbc:UUID', cude, { schemeID: environment, schemeName: 'CUDE-SHA384' });
  w.leaf('cbc:IssueDate', when.date);
  w.leaf('cbc:IssueTime', when.time);
  if (kind.typeCode) w.leaf('cbc:CreditNoteTypeCode', kind.typeCode);
  if (note.notes) w.leaf('cbc:Note', note.notes);
  const cur = currencyAttribute(note.currency); // the invoice's currency, at its rate (docs/notes.md, "Currency")
  w.leaf('cbc:DocumentCurrencyCode', cur.currencyID);
  w.leaf('cbc:LineCountNumeric', String(note.lines.length));
  // 22/32 (annex §10.1–10.2): the period instead of an invoice, so no ReferenceID and no BillingReference.
  if (note.invoicePeriod) {
    w.open('cac:InvoicePeriod');
    w.leaf('cbc:StartDate', note.invoicePeriod.startDate);
    w.leaf('cbc:EndDate', note.invoicePeriod.endDate);
    w.close();
  }
  w.open('cac:DiscrepancyResponse');
  if (reference) w.leaf('cbc:ReferenceID', reference.documentId);
  w.leaf('cbc:ResponseCode', note.concept);
  w.leaf('cbc:Description', note.description);
  w.close();
  if (reference) {
    w.open('cac:BillingReference');
    w.open('cac:InvoiceDocumentReference');
    w.leaf('cbc:ID', reference.documentId);
    w.leaf('cbc:UUID', reference.cufe, { schemeName: 'CUFE-SHA384' });
    w.leaf('cbc:IssueDate', reference.issueDate);
    w.close();
    w.close();
  }
  writeSupplier(w, tenant, input.prefix);
  writeCustomer(w, note.customer);
  // The note's own discounts and charges: a DebitNote has them before PaymentMeans, a CreditNote after (annex §10.2b).
  if (note.kind === 'debit') writeAllowanceCharges(w, t.allowanceCharges, cur);
  writePaymentMeans(w, note.payment);
  // Both roots order the exchange rates after PaymentMeans and before TaxTotal (annex §10.2b).
  if (note.currency) writePaymentExchangeRate(w, note.currency);
  if (note.kind === 'credit') writeAllowanceCharges(w, t.allowanceCharges, cur);
  for (const total of t.taxTotals) writeTaxTotal(w, total, cur);
  writeMonetaryTotal(w, kind.monetaryTotal, t, cur);
  note.lines.forEach((line, i) => writeDocumentLine(w, kind.lines, i, line, t.lines[i]!, cur));
  w.close();

  return {
    xml: w.finish(),
    cude,
    cudeInput: cufeInput(cudeFields),
    documentId,
    issueDate: when.date,
    issueTime: when.time,
    issuedAt: when.iso,
    softwareSecurityCode: ssc,
    qrContent: qr,
  };
}

/** What names the note without writing it (what ingress records in CreditNoteRequested/DebitNoteRequested). */
export type NoteIdentity = {
  documentId: string;
  cude: string;
  issueDate: string;
  issueTime: string;
  issuedAt: string;
  payableAmount: string;
};

/**
 * The identity buildNoteXml writes, without writing the document. Nothing secret: the CUDE's input, which ends with
 * the PIN, is left out on purpose.
 */
export function noteIdentity(input: BuildNoteInput): NoteIdentity {
  const { documentId, cude, when, cudeFields } = identify(input);
  return {
    documentId,
    cude,
    issueDate: when.date,
    issueTime: when.time,
    issuedAt: when.iso,
    payableAmount: cudeFields.valTot,
  };
}

/**
 * The CUDE (annex §1.2): the CUFE's 15 fields over the note's own number, instant and totals, keyed by the software
 * PIN.
 */
function identify(input: BuildNoteInput) {
  const { note, tenant, software, environment } = input;
  if (!/^\d{1,10}$/.test(input.number))
    throw new RangeError(`the note number must be 1 to 10 digits (${input.number})`);
  if (!/^[A-Za-z0-9]{0,4}$/.test(input.prefix))
    throw new RangeError(`the note prefix must be 0 to 4 letters or digits (${input.prefix})`);
  const when = colombiaDateTime(input.issuedAt);
  const documentId = composeDocumentId(input.prefix, input.number);
  const cudeFields = documentKeyFields({
    documentId,
    when,
    totals: note.totals,
    issuerNit: tenant.nit,
    buyerNumber: note.customer.documentNumber,
    key: software.pin,
    environment,
  });
  return { documentId, cude: computeCude(cudeFields), when, cudeFields };
}
