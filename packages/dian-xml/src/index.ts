export { parseXmlTree, textContent, XmlParseError, type XmlElement } from './xml-tree.ts';
export { utf8Text } from './utf8-text.ts';
export {
  attributeOf,
  child,
  childElement,
  childElements,
  children,
  contentSourceOf,
  descendants,
  detached,
  everyElement,
  isNil,
  ownText,
  pathElement,
  sourceOf,
  textAt,
  textOf,
} from './lookups.ts';
export { cac, cbc, NS, type Step } from './namespaces.ts';
export { parseDocument, readDocumentHead, UnexpectedDocumentError, type UblDocumentHead } from './documents.ts';
export { readInvoiceDocument, type InvoiceDocument } from './read-invoice-document.ts';
export { readInvoiceParties, type InvoiceParty } from './read-invoice-parties.ts';
export { readNoteDocument, type NoteDocument } from './read-note-document.ts';
export { readApplicationResponse, type ApplicationResponseDocument } from './read-application-response.ts';
export {
  readEventApplicationResponse,
  type EventDocument,
  type EventDocumentParty,
  type EventDocumentPerson,
} from './read-event-application-response.ts';
export {
  readRegisteredEvents,
  type RegisteredEventEntry,
  type RegisteredEventsDocument,
} from './read-registered-events.ts';
export { readAttachedDocument, type AttachedDocument } from './read-attached-document.ts';
