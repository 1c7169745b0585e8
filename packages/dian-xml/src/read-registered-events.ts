import { parseDocument } from './documents.ts';
import { attributeOf, childElements, pathElement, textAt, textOf } from './lookups.ts';
import { cac, cbc } from './namespaces.ts';
import type { EventDocumentParty } from './read-event-application-response.ts';
import type { XmlElement } from './xml-tree.ts';

/** One event DIAN registered on an invoice: a DocumentResponse of GetStatusEvent's ApplicationResponse. */
export type RegisteredEventEntry = {
  /** Response/ResponseCode: '030', '031' … */
  readonly eventCode: string | undefined;
  readonly description: string | undefined;
  /** A claim's (031) reason: ResponseCode/@listID and @name. */
  readonly claimReason: { readonly code: string | undefined; readonly name: string | undefined } | undefined;
  /** Response/EffectiveDate and EffectiveTime: when DIAN registered it. */
  readonly registeredDate: string | undefined;
  readonly registeredTime: string | undefined;
  /** DocumentReference: the event document's own ID, CUDE, IssueDate, IssueTime and type code (96). */
  readonly id: string | undefined;
  readonly cude: string | undefined;
  readonly issueDate: string | undefined;
  readonly issueTime: string | undefined;
  readonly documentTypeCode: string | undefined;
  /** DocumentReference/IssuerParty: who sent the event. */
  readonly sender: EventDocumentParty;
  /** DocumentResponse/RecipientParty: whom it was sent to, when written. */
  readonly recipient: EventDocumentParty | undefined;
};

/** GetStatusEvent's answer (docs/dian-web-service.md, "RADIAN events"): DIAN's AR listing an invoice's events. */
export type RegisteredEventsDocument = {
  readonly root: XmlElement;
  readonly id: string | undefined;
  readonly issueDate: string | undefined;
  readonly issueTime: string | undefined;
  /** SenderParty's CompanyID: DIAN's NIT, 800197268, on a genuine answer. */
  readonly senderNit: string | undefined;
  /** ReceiverParty's CompanyID: the invoice's issuer. */
  readonly receiverNit: string | undefined;
  /** Oldest first, as registered; empty when the invoice has none. */
  readonly events: readonly RegisteredEventEntry[];
};

/** Reads the ApplicationResponse GetStatusEvent answers with; throws XmlParseError or UnexpectedDocumentError. */
export function readRegisteredEvents(xml: string): RegisteredEventsDocument {
  const root = parseDocument(xml, 'ApplicationResponse');
  return {
    root,
    id: textAt(root, cbc('ID')),
    issueDate: textAt(root, cbc('IssueDate')),
    issueTime: textAt(root, cbc('IssueTime')),
    senderNit: textAt(root, cac('SenderParty'), cac('PartyTaxScheme'), cbc('CompanyID')),
    receiverNit: textAt(root, cac('ReceiverParty'), cac('PartyTaxScheme'), cbc('CompanyID')),
    events: childElements(root, ...cac('DocumentResponse')).map(entry),
  };
}

function entry(response: XmlElement): RegisteredEventEntry {
  const code = pathElement(response, cac('Response'), cbc('ResponseCode'));
  const listID = attributeOf(code, 'listID');
  const reference = pathElement(response, cac('DocumentReference'));
  const recipient = pathElement(response, cac('RecipientParty'));
  return {
    eventCode: textOf(code)?.trim(),
    description: textAt(response, cac('Response'), cbc('Description')),
    claimReason: listID === undefined ? undefined : { code: listID, name: attributeOf(code, 'name') },
    registeredDate: textAt(response, cac('Response'), cbc('EffectiveDate')),
    registeredTime: textAt(response, cac('Response'), cbc('EffectiveTime')),
    id: textAt(reference, cbc('ID')),
    cude: textAt(reference, cbc('UUID')),
    issueDate: textAt(reference, cbc('IssueDate')),
    issueTime: textAt(reference, cbc('IssueTime')),
    documentTypeCode: textAt(reference, cbc('DocumentTypeCode')),
    sender: party(pathElement(reference, cac('IssuerParty'))),
    recipient: recipient && party(recipient),
  };
}

function party(element: XmlElement | undefined): EventDocumentParty {
  const scheme = pathElement(element, cac('PartyTaxScheme'));
  const companyId = pathElement(scheme, cbc('CompanyID'));
  return {
    name: textAt(scheme, cbc('RegistrationName')),
    id: textOf(companyId)?.trim(),
    dv: attributeOf(companyId, 'schemeID'),
    documentType: attributeOf(companyId, 'schemeName'),
  };
}
