import { buildApplicationResponse } from '../application-response/build-application-response.ts';
import { createApplicationResponseSigner } from '../application-response/sign-application-response.ts';
import { ruleMessage } from '../rules/catalogue.ts';
import type { DocumentKind, InvoiceView } from '../rules/invoice-view.ts';
import type { DocumentFacts, InvoiceFacts, SimulatedDianResponse } from '../store/store.ts';
import { detached } from '../xml/light-xml.ts';
import { schemaCheckFor } from './schema-check.ts';
import { refusedResponse } from '../application-response/refused-response.ts';
import { validateDocument, type ValidationDeps } from './validate-document.ts';

/** How the status message names the document. */
const TITLES: Record<DocumentKind, string> = {
  invoice: 'Factura electrónica',
  'credit-note': 'Nota crédito electrónica',
  'debit-note': 'Nota débito electrónica',
};

/**
 * What the store keeps of a judged document: its kind and issuer for the notes' reference rules (CBG04/DBG04), an
 * invoice's number, date and parties for the RADIAN events registered on it.
 */
const facts = (view: InvoiceView): DocumentFacts => ({
  kind: view.kind,
  issuerNit: detached(view.supplier.companyId.value ?? ''),
  ...(view.kind === 'invoice' ? { invoice: invoiceFacts(view) } : {}),
});

// Detached, as the CUFE: the store keeps them for up to 100 000 documents.
const own = (text: string | null | undefined) => detached(text ?? '');
const maybe = (text: string | null | undefined) => (text ? detached(text) : undefined);
const invoiceFacts = (view: InvoiceView): InvoiceFacts => ({
  number: own(view.id),
  issueDate: own(view.issueDate),
  environment: own(view.profileExecutionId),
  supplier: {
    nit: own(view.supplier.companyId.value),
    dv: maybe(view.supplier.companyId.schemeId),
    documentType: own(view.supplier.companyId.schemeName ?? '31'),
    personType: maybe(view.supplier.additionalAccountId),
    name: own(view.supplier.name),
  },
  customer: {
    nit: own(view.customer.companyId.value),
    dv: maybe(view.customer.companyId.schemeId),
    documentType: own(view.customer.companyId.schemeName ?? '31'),
    personType: maybe(view.customer.additionalAccountId),
    name: own(view.customer.name),
  },
  payableAmount: maybe(view.totals.payable),
  dueDate: maybe(view.paymentMeans.find((p) => p.dueDate)?.dueDate),
});

/**
 * Validates one document and writes DIAN's answer (reference §6.2–6.3), recorded under its CUFE/CUDE for GetStatus.
 */
export function createAnswerer(deps: ValidationDeps) {
  const signer = createApplicationResponseSigner(deps.config.identity);
  // At start, not on the first document: the schema takes far longer to load than a document to check.
  const schema = schemaCheckFor(deps.config.schemaValidation);
  let consecutive = 0;

  /** `zipFileName`: the SOAP fileName the document came in, judged with the XML's name by the annex's convention. */
  return function answer(
    xml: string,
    xmlFileName: string,
    receivedAt: Date,
    zipFileName: string,
  ): SimulatedDianResponse {
    const verdict = validateDocument(xml, receivedAt, deps, schema, { zip: zipFileName, xml: xmlFileName });
    const view = verdict.view;
    // Detached: the store keeps it for up to 100 000 documents, and a slice would keep the whole text.
    const cufe = view?.uuid.value === undefined ? undefined : detached(view.uuid.value);
    const base = {
      xmlDocumentKey: cufe,
      xmlFileName: xmlFileName.replace(/\.xml$/i, ''),
      errorMessages: verdict.findings.map(ruleMessage),
    };
    if (!verdict.accepted || !view) {
      const response = refusedResponse(base);
      if (cufe)
        deps.store.record(cufe, {
          response,
          accepted: false,
          signedXml: undefined,
          validatedAt: receivedAt,
          document: facts(view!),
        });
      return response;
    }
    const prefix = view.control.prefix ?? '';
    const shownId =
      prefix && view.id?.startsWith(prefix) ? `${prefix}-${view.id.slice(prefix.length)}` : (view.id ?? '');
    const statusMessage = `La ${TITLES[view.kind]} ${shownId}, ha sido autorizada.`;
    const unsigned = buildApplicationResponse({
      id: String(++consecutive),
      // Accepted, so the document targets the environment its software is enabled in (FAD07).
      environment: view.profileExecutionId === '1' ? '1' : '2',
      validatedAt: receivedAt,
      receiver: {
        nit: view.supplier.companyId.value ?? '',
        dv: view.supplier.companyId.schemeId,
        name: view.supplier.name ?? '',
      },
      document: { id: view.id ?? '', cufe: cufe!, kind: view.kind },
      notifications: verdict.findings,
      statusMessage,
    });
    const ar = signer.sign(unsigned, receivedAt);
    const response: SimulatedDianResponse = {
      ...base,
      isValid: true,
      statusCode: '00',
      statusDescription: 'Procesado Correctamente.',
      statusMessage,
      xmlBase64Bytes: Buffer.from(ar, 'utf8').toString('base64'),
    };
    deps.store.record(cufe!, {
      response,
      accepted: true,
      signedXml: xml,
      validatedAt: receivedAt,
      document: facts(view),
    });
    return response;
  };
}
