import {
  cac,
  cbc,
  childElement,
  contentSourceOf,
  descendants,
  detached,
  parseXmlTree,
  pathElement,
  sourceOf,
  XmlParseError,
  type Step,
  type XmlElement,
} from '@fe/dian-xml';
import { colombiaDateTime } from '../time/colombia-time.ts';
import { ns } from './namespaces.ts';
import { escapeText, XML_DECLARATION } from './xml-writer.ts';

/**
 * DIAN's AttachedDocument (annex §9.1), read entirely from the signed document and the ApplicationResponse so
 * the container cannot disagree with what was signed and validated.
 *
 *   const built = buildAttachedDocument({ id: 'ad-1', issuedAt, signedInvoiceXml, applicationResponseXml });
 */
export type AttachedDocumentInput = {
  /** The container's own identifier (any unique value, annex §9.1). */
  id: string;
  /** When the container is issued; IssueDate/IssueTime in Colombian time. */
  issuedAt: Date;
  /** The signed invoice, credit note or debit note exactly as stored: embedded byte for byte. */
  signedInvoiceXml: string;
  /** DIAN's signed ApplicationResponse (from XmlBase64Bytes), embedded byte for byte. */
  applicationResponseXml: string;
};

export type BuiltAttachedDocument = {
  /**
   * The unsigned container with both documents as escaped text: its own Canonical XML form, which
   * the signer digests as it is (packages/xades, document-layout.ts).
   */
  canonical: string;
  /**
   * The same container with both documents in CDATA, as DIAN's examples carry them; C14N makes it `canonical`, so the
   * signature over `canonical` verifies here.
   */
  delivered: string;
  /**
   * What was read from the embedded documents. `invoice` is the embedded document, whichever it
   * is (`kind`, from its root); `cufe` is its cbc:UUID: an invoice's CUFE, a note's CUDE.
   */
  invoice: { kind: EmbeddedDocumentKind; number: string; cufe: string; issueDate: string; profileExecutionId: string };
  verdict: { responseCode: string; validationDate: string; validationTime: string };
};

type EmbeddedDocumentKind = 'invoice' | 'credit_note' | 'debit_note';

const KINDS: Record<string, { kind: EmbeddedDocumentKind; keyScheme: string }> = {
  Invoice: { kind: 'invoice', keyScheme: 'CUFE-SHA384' },
  CreditNote: { kind: 'credit_note', keyScheme: 'CUDE-SHA384' },
  DebitNote: { kind: 'debit_note', keyScheme: 'CUDE-SHA384' },
};

export class AttachedDocumentInputError extends Error {
  readonly code = 'ATTACHED_DOCUMENT_INPUT';
  constructor(message: string) {
    super(message);
    this.name = 'AttachedDocumentInputError';
  }
}

export const ROOT =
  `<AttachedDocument xmlns="urn:oasis:names:specification:ubl:schema:xsd:AttachedDocument-2"` +
  ` xmlns:cac="${ns.cac}" xmlns:cbc="${ns.cbc}" xmlns:ds="${ns.ds}" xmlns:ext="${ns.ext}"` +
  ` xmlns:xades="${ns.xades}" xmlns:xades141="${ns.xades141}"><ext:UBLExtensions></ext:UBLExtensions>`;
export const DIAN_VALIDATOR = 'Unidad Especial Dirección de Impuestos y Aduanas Nacionales';

export function buildAttachedDocument(input: AttachedDocumentInput): BuiltAttachedDocument {
  const invoiceXml = input.signedInvoiceXml;
  const arXml = input.applicationResponseXml;
  const document = parse(invoiceXml, 'the signed document');
  const embedded = KINDS[document.localName];
  if (!embedded)
    throw new AttachedDocumentInputError('the signed document is not a UBL Invoice, CreditNote or DebitNote');
  if (!childElement(document, ns.ext, 'UBLExtensions'))
    throw new AttachedDocumentInputError('the signed document has no ext:UBLExtensions');
  const invoice = {
    kind: embedded.kind,
    number: ownLeaf(invoiceXml, document, [cbc('ID')], 'invoice cbc:ID'),
    cufe: ownLeaf(invoiceXml, document, [cbc('UUID')], 'invoice cbc:UUID (CUFE)'),
    issueDate: ownLeaf(invoiceXml, document, [cbc('IssueDate')], 'invoice cbc:IssueDate'),
    profileExecutionId: ownLeaf(invoiceXml, document, [cbc('ProfileExecutionID')], 'invoice cbc:ProfileExecutionID'),
  };
  const answer = parse(arXml, 'the ApplicationResponse');
  if (!childElement(answer, ns.ext, 'UBLExtensions'))
    throw new AttachedDocumentInputError('the ApplicationResponse has no ext:UBLExtensions');
  const response = childElement(answer, ns.cac, 'DocumentResponse');
  if (!response) throw new AttachedDocumentInputError('the ApplicationResponse has no cac:DocumentResponse');
  const verdict = {
    responseCode: ownLeaf(
      arXml,
      response,
      [cac('Response'), cbc('ResponseCode')],
      'ApplicationResponse cbc:ResponseCode',
    ),
    validationDate: ownLeaf(arXml, answer, [cbc('IssueDate')], 'ApplicationResponse cbc:IssueDate'),
    validationTime: ownLeaf(arXml, answer, [cbc('IssueTime')], 'ApplicationResponse cbc:IssueTime'),
  };
  if (!childElement(response, ns.cac, 'DocumentReference'))
    throw new AttachedDocumentInputError('the ApplicationResponse has no cac:DocumentReference');
  const referenced = leaf(
    arXml,
    response,
    [cac('DocumentReference'), cbc('UUID')],
    'ApplicationResponse DocumentReference cbc:UUID',
  );
  if (referenced !== invoice.cufe)
    throw new AttachedDocumentInputError('the ApplicationResponse speaks of another CUFE/CUDE than the document');
  const sender = partyTaxScheme(invoiceXml, document, 'AccountingSupplierParty');
  const receiver = partyTaxScheme(invoiceXml, document, 'AccountingCustomerParty');
  const issued = colombiaDateTime(input.issuedAt);

  const head =
    `${XML_DECLARATION}${ROOT}<cbc:UBLVersionID>UBL 2.1</cbc:UBLVersionID>` +
    '<cbc:CustomizationID>Documentos adjuntos</cbc:CustomizationID><cbc:ProfileID>Factura Electrónica de Venta</cbc:ProfileID>' +
    `<cbc:ProfileExecutionID>${invoice.profileExecutionId}</cbc:ProfileExecutionID><cbc:ID>${escapeText(input.id)}</cbc:ID>` +
    `<cbc:IssueDate>${issued.date}</cbc:IssueDate><cbc:IssueTime>${issued.time}</cbc:IssueTime>` +
    '<cbc:DocumentType>Contenedor de Factura Electrónica</cbc:DocumentType>' +
    `<cbc:ParentDocumentID>${invoice.number}</cbc:ParentDocumentID>` +
    `<cac:SenderParty>${sender}</cac:SenderParty><cac:ReceiverParty>${receiver}</cac:ReceiverParty>`;
  const write = (text: (xml: string) => string) =>
    head +
    `<cac:Attachment>${externalReference(text(invoiceXml))}</cac:Attachment>` +
    '<cac:ParentDocumentLineReference><cbc:LineID>1</cbc:LineID><cac:DocumentReference>' +
    `<cbc:ID>${invoice.number}</cbc:ID><cbc:UUID schemeName="${embedded.keyScheme}">${invoice.cufe}</cbc:UUID>` +
    `<cbc:IssueDate>${invoice.issueDate}</cbc:IssueDate><cbc:DocumentType>ApplicationResponse</cbc:DocumentType>` +
    `<cac:Attachment>${externalReference(text(arXml))}</cac:Attachment>` +
    `<cac:ResultOfVerification><cbc:ValidatorID>${DIAN_VALIDATOR}</cbc:ValidatorID>` +
    `<cbc:ValidationResultCode>${verdict.responseCode}</cbc:ValidationResultCode>` +
    `<cbc:ValidationDate>${verdict.validationDate}</cbc:ValidationDate><cbc:ValidationTime>${verdict.validationTime}</cbc:ValidationTime>` +
    '</cac:ResultOfVerification></cac:DocumentReference></cac:ParentDocumentLineReference></AttachedDocument>';
  const canonical = write(escapeText); // first: escapeText refuses what XML cannot carry, for cdata too
  return { canonical, delivered: write(cdata), invoice, verdict };
}

export function externalReference(description: string): string {
  return (
    '<cac:ExternalReference><cbc:MimeCode>text/xml</cbc:MimeCode><cbc:EncodingCode>UTF-8</cbc:EncodingCode>' +
    `<cbc:Description>${description}</cbc:Description></cac:ExternalReference>`
  );
}

/**
 * A CDATA section cannot hold `]]>`: it is split there, which C14N reads as the same text. Characters XML cannot
 * carry were refused already: the canonical form, escaped from the same texts, is written first.
 */
export function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

export function parse(xml: string, what: string): XmlElement {
  try {
    return parseXmlTree(xml);
  } catch (error) {
    if (error instanceof XmlParseError)
      throw new AttachedDocumentInputError(`${what} is not well-formed XML: ${error.message}`);
    throw error;
  }
}

/**
 * The text of the element at the path, as written (copied into the container as it is: our
 * documents are canonical, so no entity is left to resolve beyond C14N's).
 */
export function leaf(xml: string, from: XmlElement, path: Step[], what: string): string {
  const element = pathElement(from, ...path);
  if (!element || element.content.some((part) => typeof part !== 'string'))
    throw new AttachedDocumentInputError(`${what} not found`);
  return contentSourceOf(xml, element);
}

/** leaf(), copied: the caller keeps these (a mail's subject), and a slice would keep the whole document alive. */
const ownLeaf: typeof leaf = (...args) => detached(leaf(...args));

/**
 * The party's cac:PartyTaxScheme as the invoice wrote it, without its address (annex §9.1 lists name, id, level and
 * scheme).
 */
function partyTaxScheme(xml: string, document: XmlElement, party: string): string {
  const partyElement = childElement(document, ns.cac, party);
  const scheme = partyElement && descendants(partyElement, ns.cac, 'PartyTaxScheme')[0];
  if (!scheme)
    throw new AttachedDocumentInputError(`cac:${party}/cac:Party/cac:PartyTaxScheme not found in the invoice`);
  const address = descendants(scheme, ns.cac, 'RegistrationAddress')[0];
  return address ? xml.slice(scheme.start, address.start) + xml.slice(address.end, scheme.end) : sourceOf(xml, scheme);
}
