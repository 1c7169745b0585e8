import { cufe as computeCufe, cufeInput, softwareSecurityCode } from '../cufe/cufe.ts';
import { money, roundHalfUp } from '../money/decimal.ts';
import { checkNumberInRange } from '../numbering/number-range.ts';
import type { DianEnvironment, NumberingResolution, SoftwareRegistration, Tenant } from '../tenant/tenant.ts';
import { colombiaDateTime } from '../time/colombia-time.ts';
import type { ValidatedInvoice } from '../validation/validated-invoice.ts';
import { writeAllowanceCharges } from './allowance-charges.ts';
import { codelists } from '../codelists/index.ts';
import { currencyAttribute, writeDeliveryTerms, writePaymentExchangeRate } from './currency.ts';
import { writeDianExtensions } from './dian-extensions.ts';
import { documentKeyFields, documentQr } from './document-key.ts';
import { writeInvoiceLine } from './lines.ts';
import { writeMonetaryTotal } from './monetary-total.ts';
import { invoiceRootAttributes } from './namespaces.ts';
import { writeCustomer, writeSupplier } from './parties.ts';
import { writePaymentMeans } from './payment-means.ts';
import { writeTaxTotal, writeWithholdingTaxTotal } from './taxes.ts';
import { CanonicalXmlWriter, type XmlWriter } from './xml-writer.ts';

export type BuildInvoiceInput = {
  invoice: ValidatedInvoice;
  tenant: Tenant;
  resolution: NumberingResolution;
  /** The consecutive allocated for this invoice (digits, inside the resolution's range). */
  number: string;
  software: SoftwareRegistration;
  environment: DianEnvironment;
  /** The issue instant; written in Colombian time (-05:00), to the second. */
  issuedAt: Date;
  /**
   * 01 a sale, 02 an export (the invoice's export; both the default by the invoice), 03 transcribed from paper (the
   * invoice's paperDocument), 04 issued while DIAN is unavailable (docs/contingency.md).
   */
  invoiceTypeCode?: SalesInvoiceTypeCode | undefined;
};

/**
 * The sales invoice types this product issues (annex table 13.1.3): 01 sale, 02 export, 03 the seller's contingency
 * (paper), 04 DIAN's.
 */
export type SalesInvoiceTypeCode = '01' | '02' | '03' | '04';

export type BuiltInvoice = {
  /** The unsigned UBL 2.1 invoice, in canonical XML form (see xml-writer.ts). */
  xml: string;
  cufe: string;
  /** The exact string the CUFE hashes, for auditors. */
  cufeInput: string;
  documentId: string;
  issueDate: string;
  issueTime: string;
  /** ISO 8601 with -05:00. */
  issuedAt: string;
  softwareSecurityCode: string;
  qrContent: string;
};

/**
 * The UBL 2.1 invoice as a pure function, so a replay rebuilds the very document that was signed. The signer
 * appends the signature's UBLExtension at SIGNATURE_SLOT_ANCHOR: an empty one is not valid UBL.
 */
export function buildInvoiceXml(input: BuildInvoiceInput, writer: XmlWriter = new CanonicalXmlWriter()): BuiltInvoice {
  const { invoice, tenant, resolution, software, environment } = input;
  const { documentId, cufe, when, cufeFields } = identify(input);
  const t = invoice.totals;
  const ssc = softwareSecurityCode(software.id, software.pin, documentId);
  const qr = documentQr(cufeFields, t, cufe, 'CUFE');

  const typeCode = input.invoiceTypeCode ?? (invoice.export ? '02' : '01');
  // A type 03 names its paper invoice (FAI01–FAI03), and only a type 03 has one.
  if ((typeCode === '03') !== (invoice.paperDocument !== undefined))
    throw new RangeError(`InvoiceTypeCode ${typeCode} with${invoice.paperDocument ? '' : 'out'} a paper document`);
  // An export is type 02 and only a type 02 is one (its DeliveryTerms, SIM-EXP01).
  if ((typeCode === '02') !== (invoice.export !== undefined))
    throw new RangeError(`InvoiceTypeCode ${typeCode} with${invoice.export ? '' : 'out'} an export`);
  const cur = currencyAttribute(invoice.currency);
  const w = writer;
  w.open('Invoice', invoiceRootAttributes);
  w.open('ext:UBLExtensions');
  writeDianExtensions(w, { resolution, software, softwareSecurityCode: ssc, qrCode: qr });
  w.close();
  w.leaf('cbc:UBLVersionID', 'UBL 2.1');
  w.leaf('cbc:CustomizationID', invoice.operationType); // 10 estándar, 09 AIU, 11 mandatos
  w.leaf('cbc:ProfileID', 'DIAN 2.1: Factura Electrónica de Venta');
  w.leaf('cbc:ProfileExecutionID', environment);
  w.leaf('cbc:ID', documentId);
  w.leaf('cbc:UUID', cufe, { schemeID: environment, schemeName: 'CUFE-SHA384' });
  w.leaf('cbc:IssueDate', when.date);
  w.leaf('cbc:IssueTime', when.time);
  if (invoice.payment.dueDate) w.leaf('cbc:DueDate', invoice.payment.dueDate);
  w.leaf('cbc:InvoiceTypeCode', typeCode);
  if (invoice.notes) w.leaf('cbc:Note', invoice.notes);
  w.leaf('cbc:DocumentCurrencyCode', cur.currencyID);
  w.leaf('cbc:LineCountNumeric', String(invoice.lines.length));
  if (invoice.paperDocument) writePaperReference(w, invoice.paperDocument);
  writeSupplier(w, tenant, resolution.prefix);
  writeCustomer(w, invoice.customer);
  if (invoice.export)
    writeDeliveryTerms(w, invoice.export, codelists.deliveryTerms[invoice.export.incoterm] ?? invoice.export.incoterm);
  writePaymentMeans(w, invoice.payment);
  // Advances (FAU12) and the invoice's own discounts and charges (FAU08, FAU10), in XSD order.
  for (const advance of invoice.prepaidPayments) {
    w.open('cac:PrepaidPayment');
    w.leaf('cbc:ID', advance.id);
    w.leaf('cbc:PaidAmount', money(roundHalfUp(advance.amount, 2)), cur);
    w.leaf('cbc:ReceivedDate', advance.receivedDate);
    w.close();
  }
  writeAllowanceCharges(w, t.allowanceCharges, cur);
  if (invoice.currency) writePaymentExchangeRate(w, invoice.currency);
  for (const total of t.taxTotals) writeTaxTotal(w, total, cur);
  // The buyer's withholdings, after the taxes as the XSD orders them; informative (annex §3.2).
  for (const withholding of invoice.withholdings) writeWithholdingTaxTotal(w, withholding, cur);
  writeMonetaryTotal(w, 'cac:LegalMonetaryTotal', t, cur);
  const mandate = invoice.operationType === '11';
  invoice.lines.forEach((line, i) => writeInvoiceLine(w, i, line, t.lines[i]!, cur, mandate));
  w.close();

  return {
    xml: w.finish(),
    cufe,
    cufeInput: cufeInput(cufeFields),
    documentId,
    issueDate: when.date,
    issueTime: when.time,
    issuedAt: when.iso,
    softwareSecurityCode: ssc,
    qrContent: qr,
  };
}

/** What names the invoice without writing it: its document id, CUFE and issue instant. */
export type InvoiceIdentity = {
  documentId: string;
  cufe: string;
  issueDate: string;
  issueTime: string;
  issuedAt: string;
};

/**
 * The identity buildInvoiceXml writes, by the same function without writing the document: ingress records it, and
 * the signer checks its CUFE against it.
 */
export function invoiceIdentity(input: BuildInvoiceInput): InvoiceIdentity {
  const { documentId, cufe, when } = identify(input);
  return { documentId, cufe, issueDate: when.date, issueTime: when.time, issuedAt: when.iso };
}

function identify(input: BuildInvoiceInput) {
  const { invoice, tenant, resolution, environment } = input;
  const when = colombiaDateTime(input.issuedAt);
  const numbered = checkNumberInRange(resolution, input.number, when.date);
  if (!numbered.ok) throw new RangeError(`${numbered.error.message} (${input.number})`); // ingress checks first
  const documentId = numbered.value;
  const cufeFields = documentKeyFields({
    documentId,
    when,
    totals: invoice.totals,
    issuerNit: tenant.nit,
    buyerNumber: invoice.customer.documentNumber,
    key: resolution.technicalKey,
    environment,
  });
  return { documentId, cufe: computeCufe(cufeFields), when, cufeFields };
}

export { SIGNATURE_SLOT_ANCHOR } from './signature-slot.ts';

/**
 * The paper invoice a type 03 transcribes (annex FAI01–FAI03, document type `FTC`). A paper has no CUFE: its number
 * is what identifies it, so the UUID FAI03 requires repeats it (docs/choices.md, "Contingency").
 */
function writePaperReference(w: XmlWriter, paper: { number: string; issueDate: string }): void {
  w.open('cac:AdditionalDocumentReference');
  w.leaf('cbc:ID', paper.number);
  w.leaf('cbc:UUID', paper.number);
  w.leaf('cbc:IssueDate', paper.issueDate);
  w.leaf('cbc:DocumentTypeCode', 'FTC');
  w.close();
}
