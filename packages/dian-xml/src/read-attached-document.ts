import { parseDocument } from './documents.ts';
import { pathElement, textAt, textOf } from './lookups.ts';
import { cac, cbc } from './namespaces.ts';
import type { XmlElement } from './xml-tree.ts';

export type AttachedDocument = {
  readonly root: XmlElement;
  readonly issueDate: string | undefined;
  /** The signed invoice or note, exactly the text of its Attachment's Description (annex §9.1). */
  readonly documentXml: string | undefined;
  /** DIAN's ApplicationResponse, exactly the text of the line reference's Description. */
  readonly applicationResponseXml: string | undefined;
  /** The CUFE/CUDE the container names for the document it carries. */
  readonly documentKey: string | undefined;
  readonly senderNit: string | undefined;
  readonly receiverId: string | undefined;
};

/**
 * A UBL AttachedDocument, the container mailed to the buyer (annex §9.1); throws XmlParseError or
 * UnexpectedDocumentError.
 */
export function readAttachedDocument(xml: string): AttachedDocument {
  const root = parseDocument(xml, 'AttachedDocument');
  const line = pathElement(root, cac('ParentDocumentLineReference'), cac('DocumentReference'));
  const description = (at: XmlElement | undefined) =>
    textOf(pathElement(at, cac('Attachment'), cac('ExternalReference'), cbc('Description')));
  return {
    root,
    issueDate: textAt(root, cbc('IssueDate')),
    documentXml: description(root),
    applicationResponseXml: description(line),
    documentKey: textAt(line, cbc('UUID')),
    senderNit: textAt(root, cac('SenderParty'), cac('PartyTaxScheme'), cbc('CompanyID')),
    receiverId: textAt(root, cac('ReceiverParty'), cac('PartyTaxScheme'), cbc('CompanyID')),
  };
}
