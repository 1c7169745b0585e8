import type { SimulatorConfig } from '../config.ts';
import { codeFor, rule, type RuleCode, type RuleDefinition } from '../rules/catalogue.ts';
import { ruleContext, type RuleGroupCheck } from '../rules/context.ts';
import { checkFileNames, type ReceivedNames } from '../rules/file-name-rules.ts';
import { checkCufeAndSoftware } from '../rules/cufe-rules.ts';
import { colombiaDate } from '../rules/colombia-date.ts';
import { checkContingencyWindow, checkIssueDateWindow } from '../rules/date-rules.ts';
import { checkDeliveryAndPayment } from '../rules/delivery-payment-rules.ts';
import { checkDocumentType } from '../rules/document-rules.ts';
import { checkDianExtension } from '../rules/extension-rules.ts';
import { checkLines } from '../rules/line-rules.ts';
import { checkOperations } from '../rules/operation-rules.ts';
import { kindOf, readInvoiceView, type InvoiceView } from '../rules/invoice-view.ts';
import { checkNoteType, checkReferencedInvoices } from '../rules/note-rules.ts';
import { checkNumbering } from '../rules/numbering-rules.ts';
import { checkParties } from '../rules/party-rules.ts';
import { checkTaxes } from '../rules/tax-rules.ts';
import { checkTotals } from '../rules/total-rules.ts';
import type { SimulatorStore } from '../store/store.ts';
import type { TrustStore } from '../verify/trust-store.ts';
import type { IssuerSource } from '../registry/issuer-registry.ts';
import { certificateBelongsTo } from '../verify/certificate-owner.ts';
import { verifyXades } from '../verify/xades.ts';
import { schemaCheckFor, type SchemaCheck } from './schema-check.ts';
import { parseLightXml, type XmlDocument } from '../xml/light-xml.ts';

/** The groups after the signature, in the order DIAN's answer lists them (rules/catalogue.ts). */
const invoiceGroups: RuleGroupCheck[] = [
  checkCufeAndSoftware,
  checkDianExtension,
  checkParties,
  checkNumbering,
  checkIssueDateWindow,
  checkContingencyWindow,
  checkDeliveryAndPayment,
  checkTaxes,
  checkTotals,
  checkLines,
  checkOperations,
  checkDocumentType,
];
/**
 * A note's: no numbering authorization to check (reference §10.1), its own type and concept rules instead of the
 * invoice's.
 */
const noteGroups: RuleGroupCheck[] = [
  checkCufeAndSoftware,
  checkDianExtension,
  checkParties,
  checkIssueDateWindow,
  checkDeliveryAndPayment,
  checkTaxes,
  checkTotals,
  checkLines,
  checkNoteType,
];

const FILE_KINDS = { invoice: 'fv', 'credit-note': 'nc', 'debit-note': 'nd' } as const;

export type DocumentVerdict = {
  accepted: boolean;
  /** Rejections then notifications, in check order. */
  findings: RuleDefinition[];
  view: InvoiceView | undefined;
};

export type ValidationDeps = {
  config: SimulatorConfig;
  trust: TrustStore;
  store: SimulatorStore;
  /** DIAN's registry of issuers by NIT (registry/issuer-registry.ts). */
  issuers: IssuerSource;
};

/**
 * One document through every enforced rule: the schema first (DIAN stops there), then every group, reporting every
 * failing rule at once as DIAN does.
 */
export function validateDocument(
  xml: string,
  receivedAt: Date,
  deps: ValidationDeps,
  schema: SchemaCheck | undefined = schemaCheckFor(deps.config.schemaValidation),
  names?: ReceivedNames,
): DocumentVerdict {
  let document: XmlDocument;
  try {
    document = parseLightXml(xml);
  } catch {
    return verdict([rule('ZB01')], undefined);
  }
  const root = document.root;
  const kind = kindOf(root);
  if (!kind) return verdict([rule('ZB01')], undefined);
  if (schema && !schema(xml, kind).valid) return verdict([rule('ZB01')], undefined);

  const view = readInvoiceView(root, kind);
  const codes: RuleCode[] = [];
  if (names) codes.push(...checkFileNames(names, FILE_KINDS[kind], view.supplier.companyId.value));
  const xades = verifyXades(document, deps.trust);
  codes.push(...xades.failures);
  const signedAt = xades.signingTime ? Date.parse(xades.signingTime) : NaN;
  const signingDate = Number.isNaN(signedAt) ? undefined : colombiaDate(signedAt);
  if (signingDate !== undefined && signingDate !== view.issueDate) codes.push('FAD09e');

  const context = ruleContext(view, deps.config, deps.issuers, receivedAt);
  // ZE03: the certificate names the issuer's NIT, or the NIT of the provider its software is
  // registered to (the document's ProviderID when the software is unknown: FAB24b says the rest).
  const owners = [view.supplier.companyId.value, context.software?.providerNit ?? view.softwareProvider.value];
  if (xades.certificate && !certificateBelongsTo(xades.certificate, owners)) codes.push('ZE03');
  for (const group of kind === 'invoice' ? invoiceGroups : noteGroups) codes.push(...group(context));
  if (kind === 'invoice') {
    // The simulator knows what it accepted; a referenced note it never accepted (as a note of that kind) does not
    // exist.
    const acceptedAs = (kind: 'credit-note' | 'debit-note') => (cude: string | undefined) =>
      !!cude && deps.store.acceptedDocument(cude)?.kind === kind;
    if (!view.noteReferences.creditNotes.every(acceptedAs('credit-note'))) codes.push('FBH04');
    if (!view.noteReferences.debitNotes.every(acceptedAs('debit-note'))) codes.push('FBI04');
  } else {
    codes.push(...checkReferencedInvoices(view, (cufe) => deps.store.acceptedDocument(cufe)));
  }
  if (view.uuid.value && deps.store.isAccepted(view.uuid.value)) codes.push('90');
  return verdict(
    codes.map((code) => rule(codeFor(code, kind))),
    view,
  );
}

function verdict(findings: RuleDefinition[], view: InvoiceView | undefined): DocumentVerdict {
  const rejections = findings.filter((f) => f.effect === 'R');
  return {
    accepted: rejections.length === 0,
    findings: [...rejections, ...findings.filter((f) => f.effect === 'N')],
    view,
  };
}
