import { dianLookupUrl, formatUnits, multiply, parseDecimal, qrContent, roundHalfUp } from '@fe/dian-domain/primitives';
import { RendererError } from '../errors.ts';
import type { InvoiceView, NoteView, PartyView } from './invoice-view.ts';
import { readParty } from './read-party.ts';
import { readLine, readTaxes, sumAmounts } from './read-lines.ts';
import { readAdjustments } from './read-adjustments.ts';
import { documentKinds, kindLayout, type DocumentKind } from './document-kind.ts';
import { attributeOf as attribute, child, children, ownText as text, type XmlElement as XmlNode } from '@fe/dian-xml';
import { parseDocumentRoot, required } from './document-root.ts';

export type ReadOptions = {
  /** DIAN's acceptance instant (ISO 8601); the XML cannot carry it, DIAN's response does. */
  validatedAt?: string;
  /** The software provider's name: sts:SoftwareProvider has only its NIT. */
  softwareProviderName?: string;
};

/**
 * The PDF's data read from the signed document, so the PDF shows what was sent to DIAN, never a second copy of the
 * request that could disagree with it.
 */
export function readInvoiceView(xml: string, options: ReadOptions = {}): InvoiceView {
  const root = parseDocumentRoot(xml);
  const kind = documentKinds[root.localName]!;
  const layout = kindLayout[kind];
  const dian = child(root, 'UBLExtensions', 'UBLExtension', 'ExtensionContent', 'DianExtensions');
  const environment = text(root, 'ProfileExecutionID') ?? attribute(child(root, 'UUID'), 'schemeID');
  if (environment !== '1' && environment !== '2')
    throw new RendererError('MISSING_FIELD', 'the document has no environment (ProfileExecutionID)');
  const cufe = required(text(root, 'UUID'), kind === 'invoice' ? 'CUFE' : 'CUDE');
  const supplier = readParty(child(root, 'AccountingSupplierParty'), 'issuer');
  const customer = readParty(child(root, 'AccountingCustomerParty'), 'buyer');
  const taxes = readTaxes(root);
  const byTaxCode: Record<string, string> = {};
  for (const code of new Set(taxes.map((t) => t.code))) {
    byTaxCode[code] = sumAmounts(taxes.filter((t) => t.code === code).map((t) => t.amount));
  }
  const monetary = child(root, layout.monetaryTotal);
  const amount = (name: string) => text(monetary, name) ?? '0.00';
  const issueDate = required(text(root, 'IssueDate'), 'issue date');
  const issueTime = required(text(root, 'IssueTime'), 'issue time');
  const documentId = required(text(root, 'ID'), 'number');
  const means = child(root, 'PaymentMeans');
  const dueDate = text(means, 'PaymentDueDate') ?? text(root, 'DueDate');
  const provider = child(dian, 'SoftwareProvider', 'ProviderID');
  const providerDv = attribute(provider, 'schemeID');
  // An invoice must print its numbering authorization and payment terms; a note has no
  // authorization (annex §10.1) and may leave the payment means out.
  const resolution =
    kind === 'invoice' || child(dian, 'InvoiceControl') ? readResolution(child(dian, 'InvoiceControl')) : undefined;
  const payment =
    kind === 'invoice' || means
      ? {
          form: text(means, 'ID') ?? '1',
          meansCode: required(text(means, 'PaymentMeansCode'), 'payment means'),
          ...(dueDate !== undefined ? { dueDate } : {}),
        }
      : undefined;
  const note = kind === 'invoice' ? undefined : readNote(root);
  const exchangeRate = readExchangeRate(child(root, 'PaymentExchangeRate'), amount('PayableAmount'));
  const deliveryTerms = readDeliveryTerms(child(root, 'DeliveryTerms'));

  const operationType = text(root, 'CustomizationID');
  return {
    kind,
    ...(operationType !== undefined ? { operationType } : {}),
    documentId,
    cufe,
    environment,
    issueDate,
    issueTime,
    ...(dueDate !== undefined ? { dueDate } : {}),
    currency: text(root, 'DocumentCurrencyCode') ?? 'COP',
    ...(exchangeRate ? { exchangeRate } : {}),
    ...(deliveryTerms ? { deliveryTerms } : {}),
    ...(kind === 'invoice' && text(root, 'InvoiceTypeCode') === '04' ? { contingency: true as const } : {}),
    notes: children(root, 'Note')
      .map((n) => text(n))
      .filter((n) => n !== undefined),
    ...(resolution ? { resolution } : {}),
    supplier,
    customer,
    ...(payment ? { payment } : {}),
    ...(note ? { note } : {}),
    lines: children(root, layout.line).map((line) => readLine(line, layout.quantity)),
    adjustments: readAdjustments(root),
    taxes,
    withholdings: readTaxes(root, 'WithholdingTaxTotal'),
    totals: {
      lineExtension: amount('LineExtensionAmount'),
      taxExclusive: amount('TaxExclusiveAmount'),
      taxInclusive: amount('TaxInclusiveAmount'),
      allowance: amount('AllowanceTotalAmount'),
      charge: amount('ChargeTotalAmount'),
      prepaid: amount('PrepaidAmount'),
      payable: required(text(monetary, 'PayableAmount'), 'total payable'),
      byTaxCode,
    },
    qrContent:
      signedQr(text(dian, 'QRCode')) ??
      rebuildQr({
        numFac: documentId,
        fecFac: issueDate,
        horFac: issueTime,
        nitFac: supplier.documentNumber,
        docAdq: customer.documentNumber,
        byTaxCode,
        amount,
        cufe,
        environment,
        kind,
      }),
    lookupUrl: dianLookupUrl(cufe, environment),
    softwareProvider: {
      nit: text(provider) ?? supplier.documentNumber,
      ...(providerDv !== undefined ? { dv: providerDv } : {}),
      ...providerName(options, supplier, text(provider)),
    },
    ...(options.validatedAt !== undefined ? { validatedAt: options.validatedAt } : {}),
    signed: hasSignature(root),
  };
}

/**
 * The provider's name as given; a company that uses its own software (the provider's NIT is the issuer's) is named
 * by the issuer's legal name (docs/choices.md).
 */
function providerName(options: ReadOptions, supplier: PartyView, nit: string | undefined): { name?: string } {
  if (options.softwareProviderName !== undefined) return { name: options.softwareProviderName };
  return nit === undefined || nit === supplier.documentNumber ? { name: supplier.name } : {};
}

/**
 * The signed sts:QRCode when it holds DIAN's labelled text; many issuers put only the lookup URL there, which is not
 * what the printed QR must carry, so then it is rebuilt.
 */
function signedQr(value: string | undefined): string | undefined {
  const normalized = value?.replace(/\r\n?/g, '\n');
  return normalized && /^Num[A-Za-z]*: /.test(normalized) ? normalized : undefined;
}

/** sts:InvoiceControl: the invoice's numbering authorization, every field the PDF must print. */
function readResolution(control: XmlNode | undefined): NonNullable<InvoiceView['resolution']> {
  return {
    authorizationNumber: required(text(control, 'InvoiceAuthorization'), 'numbering authorization'),
    startDate: required(text(control, 'AuthorizationPeriod', 'StartDate'), 'authorization start date'),
    endDate: required(text(control, 'AuthorizationPeriod', 'EndDate'), 'authorization end date'),
    prefix: text(control, 'AuthorizedInvoices', 'Prefix') ?? '',
    from: required(text(control, 'AuthorizedInvoices', 'From'), 'authorized range start'),
    to: required(text(control, 'AuthorizedInvoices', 'To'), 'authorized range end'),
  };
}

/**
 * DiscrepancyResponse (the concept) and BillingReference (the invoice corrected), annex §10.1; a note without a
 * referenced invoice (22/32) has InvoicePeriod instead.
 */
function readNote(root: XmlNode): NoteView {
  const discrepancy = child(root, 'DiscrepancyResponse');
  const reference = child(root, 'BillingReference', 'InvoiceDocumentReference');
  const period = child(root, 'InvoicePeriod');
  const description = text(discrepancy, 'Description');
  return {
    concept: required(text(discrepancy, 'ResponseCode'), 'note concept (DiscrepancyResponse/ResponseCode)'),
    ...(description !== undefined ? { description } : {}),
    ...(reference
      ? {
          referencedInvoice: {
            documentId: required(text(reference, 'ID'), 'referenced invoice number'),
            cufe: required(text(reference, 'UUID'), 'referenced invoice CUFE'),
            issueDate: required(text(reference, 'IssueDate'), 'referenced invoice issue date'),
          },
        }
      : {
          invoicePeriod: {
            startDate: required(text(period, 'StartDate'), 'invoice period start (a note without a reference)'),
            endDate: required(text(period, 'EndDate'), 'invoice period end (a note without a reference)'),
          },
        }),
  };
}

type QrSource = {
  numFac: string;
  fecFac: string;
  horFac: string;
  nitFac: string;
  docAdq: string;
  byTaxCode: Record<string, string>;
  amount: (name: string) => string;
  cufe: string;
  environment: '1' | '2';
  kind: DocumentKind;
};

/**
 * DIAN's QR text (annex §4.2) from the signed fields: ValOtroIm is every tax but IVA. A note keeps
 * the annex's labels, with its own number, amounts and key, which it names CUDE (docs/choices.md).
 */
function rebuildQr({ byTaxCode, amount, kind, ...fields }: QrSource): string {
  const others = Object.entries(byTaxCode)
    .filter(([code]) => code !== '01')
    .map(([, value]) => value);
  const labelled = qrContent({
    numFac: fields.numFac,
    fecFac: fields.fecFac,
    horFac: fields.horFac,
    nitFac: fields.nitFac,
    docAdq: fields.docAdq,
    valFac: amount('LineExtensionAmount'),
    valIva: byTaxCode['01'] ?? '0.00',
    valOtroIm: sumAmounts(others),
    valTolFac: amount('PayableAmount'),
    cufe: fields.cufe,
    environment: fields.environment,
  });
  return kind === 'invoice' ? labelled : labelled.replace('\nCUFE: ', '\nCUDE: ');
}

const hasSignature = (root: XmlNode) =>
  children(child(root, 'UBLExtensions'), 'UBLExtension').some(
    (ext) => child(ext, 'ExtensionContent', 'Signature') !== undefined,
  );

/** A foreign currency's rate to COP and the total it makes in pesos, as the PDF prints them beside the currency. */
function readExchangeRate(rate: XmlNode | undefined, payable: string): InvoiceView['exchangeRate'] {
  const calculation = text(rate, 'CalculationRate');
  const date = text(rate, 'Date');
  if (calculation === undefined || date === undefined) return undefined;
  const pesos = roundHalfUp(multiply(parseDecimal(payable), parseDecimal(calculation)), 2);
  return { rate: calculation, date, payableInPesos: formatUnits(pesos, 2) };
}

function readDeliveryTerms(terms: XmlNode | undefined): InvoiceView['deliveryTerms'] {
  const incoterm = text(terms, 'LossRiskResponsibilityCode');
  if (incoterm === undefined) return undefined;
  const name = text(terms, 'LossRisk');
  const specialTerms = text(terms, 'SpecialTerms');
  return { incoterm, ...(name ? { name } : {}), ...(specialTerms ? { specialTerms } : {}) };
}
