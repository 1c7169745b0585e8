import { cac, cbc, childElement, sourceOf } from '@fe/dian-xml';
import { colombiaDateTime } from '../time/colombia-time.ts';
import {
  AttachedDocumentInputError,
  cdata,
  DIAN_VALIDATOR,
  externalReference,
  leaf,
  parse,
  ROOT,
} from './attached-document.ts';
import { ns } from './namespaces.ts';
import { escapeText, XML_DECLARATION } from './xml-writer.ts';

export type EventAttachedDocumentInput = {
  /** The container's own identifier. */
  id: string;
  issuedAt: Date;
  /** The signed RADIAN event (an ApplicationResponse with a CUDE), as stored: embedded byte for byte. */
  signedEventXml: string;
  /** DIAN's signed answer to the event, embedded byte for byte. */
  applicationResponseXml: string;
};

export type BuiltEventAttachedDocument = {
  canonical: string;
  delivered: string;
  event: { id: string; cude: string; code: string; issueDate: string };
};

/**
 * The AttachedDocument of a RADIAN event (annex §9.1's container, carrying the event and DIAN's answer to it), mailed
 * to the other party: read entirely from both signed documents, like the invoice's (attached-document.ts).
 */
export function buildEventAttachedDocument(input: EventAttachedDocumentInput): BuiltEventAttachedDocument {
  const eventXml = input.signedEventXml;
  const arXml = input.applicationResponseXml;
  const document = parse(eventXml, 'the signed event');
  if (document.localName !== 'ApplicationResponse')
    throw new AttachedDocumentInputError('the signed event is not a UBL ApplicationResponse');
  const response = childElement(document, ns.cac, 'DocumentResponse');
  const event = {
    id: leaf(eventXml, document, [cbc('ID')], 'event cbc:ID'),
    cude: leaf(eventXml, document, [cbc('UUID')], 'event cbc:UUID (CUDE)'),
    issueDate: leaf(eventXml, document, [cbc('IssueDate')], 'event cbc:IssueDate'),
    code: response ? leaf(eventXml, response, [cac('Response'), cbc('ResponseCode')], 'event cbc:ResponseCode') : '',
    profileExecutionId: leaf(eventXml, document, [cbc('ProfileExecutionID')], 'event cbc:ProfileExecutionID'),
  };
  const answer = parse(arXml, 'the ApplicationResponse');
  const answered = childElement(answer, ns.cac, 'DocumentResponse');
  if (!answered) throw new AttachedDocumentInputError('the ApplicationResponse has no cac:DocumentResponse');
  const referenced = leaf(arXml, answered, [cac('DocumentReference'), cbc('UUID')], 'ApplicationResponse cbc:UUID');
  if (referenced !== event.cude)
    throw new AttachedDocumentInputError("DIAN's answer speaks of another CUDE than the event");
  const verdict = {
    responseCode: leaf(arXml, answered, [cac('Response'), cbc('ResponseCode')], 'ApplicationResponse cbc:ResponseCode'),
    validationDate: leaf(arXml, answer, [cbc('IssueDate')], 'ApplicationResponse cbc:IssueDate'),
    validationTime: leaf(arXml, answer, [cbc('IssueTime')], 'ApplicationResponse cbc:IssueTime'),
  };
  const party = (name: string) => {
    const scheme = childElement(childElement(document, ns.cac, name), ns.cac, 'PartyTaxScheme');
    if (!scheme) throw new AttachedDocumentInputError(`the event has no cac:${name}/cac:PartyTaxScheme`);
    return sourceOf(eventXml, scheme);
  };
  const issued = colombiaDateTime(input.issuedAt);
  const head =
    `${XML_DECLARATION}${ROOT}<cbc:UBLVersionID>UBL 2.1</cbc:UBLVersionID>` +
    '<cbc:CustomizationID>Documentos adjuntos</cbc:CustomizationID>' +
    '<cbc:ProfileID>DIAN 2.1: ApplicationResponse de la Factura Electrónica de Venta</cbc:ProfileID>' +
    `<cbc:ProfileExecutionID>${event.profileExecutionId}</cbc:ProfileExecutionID><cbc:ID>${escapeText(input.id)}</cbc:ID>` +
    `<cbc:IssueDate>${issued.date}</cbc:IssueDate><cbc:IssueTime>${issued.time}</cbc:IssueTime>` +
    '<cbc:DocumentType>Contenedor de Evento</cbc:DocumentType>' +
    `<cbc:ParentDocumentID>${event.id}</cbc:ParentDocumentID>` +
    `<cac:SenderParty>${party('SenderParty')}</cac:SenderParty><cac:ReceiverParty>${party('ReceiverParty')}</cac:ReceiverParty>`;
  const write = (text: (xml: string) => string) =>
    head +
    `<cac:Attachment>${externalReference(text(eventXml))}</cac:Attachment>` +
    '<cac:ParentDocumentLineReference><cbc:LineID>1</cbc:LineID><cac:DocumentReference>' +
    `<cbc:ID>${event.id}</cbc:ID><cbc:UUID schemeName="CUDE-SHA384">${event.cude}</cbc:UUID>` +
    `<cbc:IssueDate>${event.issueDate}</cbc:IssueDate><cbc:DocumentType>ApplicationResponse</cbc:DocumentType>` +
    `<cac:Attachment>${externalReference(text(arXml))}</cac:Attachment>` +
    `<cac:ResultOfVerification><cbc:ValidatorID>${DIAN_VALIDATOR}</cbc:ValidatorID>` +
    `<cbc:ValidationResultCode>${verdict.responseCode}</cbc:ValidationResultCode>` +
    `<cbc:ValidationDate>${verdict.validationDate}</cbc:ValidationDate><cbc:ValidationTime>${verdict.validationTime}</cbc:ValidationTime>` +
    '</cac:ResultOfVerification></cac:DocumentReference></cac:ParentDocumentLineReference></AttachedDocument>';
  const canonical = write(escapeText);
  const { profileExecutionId: _p, ...described } = event;
  return { canonical, delivered: write(cdata), event: described };
}
