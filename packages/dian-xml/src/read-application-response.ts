import { parseDocument } from './documents.ts';
import { childElements, pathElement, textAt } from './lookups.ts';
import { cac, cbc } from './namespaces.ts';
import type { XmlElement } from './xml-tree.ts';

export type ApplicationResponseDocument = {
  readonly root: XmlElement;
  readonly id: string | undefined;
  readonly issueDate: string | undefined;
  readonly issueTime: string | undefined;
  /** SenderParty's CompanyID: DIAN's NIT, 800197268, on a genuine answer. */
  readonly senderNit: string | undefined;
  /** The first DocumentResponse's ResponseCode: '02' validated, '04' rejected. */
  readonly responseCode: string | undefined;
  readonly description: string | undefined;
  /** The document the answer speaks of: its number and CUFE/CUDE. */
  readonly documentNumber: string | undefined;
  readonly documentKey: string | undefined;
  /** Every DocumentResponse's line responses (rule code and description), in order. */
  readonly lineResponses: readonly { readonly code: string | undefined; readonly description: string | undefined }[];
};

/** DIAN's ApplicationResponse (annex §9.2); throws XmlParseError or UnexpectedDocumentError. */
export function readApplicationResponse(xml: string): ApplicationResponseDocument {
  const root = parseDocument(xml, 'ApplicationResponse');
  const response = pathElement(root, cac('DocumentResponse'));
  const lineResponses = childElements(root, ...cac('DocumentResponse'))
    .flatMap((r) => childElements(r, ...cac('LineResponse')))
    .map((line) => ({
      code: textAt(line, cac('Response'), cbc('ResponseCode')),
      description: textAt(line, cac('Response'), cbc('Description')),
    }));
  return {
    root,
    id: textAt(root, cbc('ID')),
    issueDate: textAt(root, cbc('IssueDate')),
    issueTime: textAt(root, cbc('IssueTime')),
    senderNit: textAt(root, cac('SenderParty'), cac('PartyTaxScheme'), cbc('CompanyID')),
    responseCode: textAt(response, cac('Response'), cbc('ResponseCode')),
    description: textAt(response, cac('Response'), cbc('Description')),
    documentNumber: textAt(response, cac('DocumentReference'), cbc('ID')),
    documentKey: textAt(response, cac('DocumentReference'), cbc('UUID')),
    lineResponses,
  };
}
