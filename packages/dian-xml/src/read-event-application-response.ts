import { parseDocument } from './documents.ts';
import { attributeOf, childElement, childElements, pathElement, textAt, textOf } from './lookups.ts';
import { cac, cbc, NS } from './namespaces.ts';
import type { XmlElement } from './xml-tree.ts';

/** SenderParty or ReceiverParty of an event: its PartyTaxScheme. */
export type EventDocumentParty = {
  readonly name: string | undefined;
  /** cbc:CompanyID, without DV: what the CUDE takes. */
  readonly id: string | undefined;
  /** @schemeID: the DV of a NIT. */
  readonly dv: string | undefined;
  /** @schemeName: the identification type ('31' NIT). */
  readonly documentType: string | undefined;
};

/** The sender or receiver of the event document itself: with an endorsement's participations. */
type EventDocumentSide = EventDocumentParty & {
  /** Each PartyLegalEntity/CorporateStockAmount: the party's participation in an endorsement. */
  readonly participations: readonly (string | undefined)[];
};

export type EventDocumentPerson = {
  readonly id: string | undefined;
  readonly documentType: string | undefined;
  readonly dv: string | undefined;
  readonly firstName: string | undefined;
  readonly familyName: string | undefined;
  readonly jobTitle: string | undefined;
  readonly department: string | undefined;
};

/** A RADIAN event a party sent (annex reference §9.3): every field the CUDE is made of, and what the event says. */
export type EventDocument = {
  readonly root: XmlElement;
  readonly customizationId: string | undefined;
  /** cbc:ProfileExecutionID: '1' production, '2' testing. */
  readonly environment: string | undefined;
  readonly id: string | undefined;
  /** cbc:UUID: the event's CUDE, and its @schemeName. */
  readonly cude: string | undefined;
  readonly cudeScheme: string | undefined;
  readonly issueDate: string | undefined;
  readonly issueTime: string | undefined;
  readonly notes: readonly string[];
  readonly sender: EventDocumentSide;
  readonly receiver: EventDocumentSide;
  /** DocumentResponse/Response/ResponseCode: '030', '031' … */
  readonly eventCode: string | undefined;
  readonly description: string | undefined;
  /** A claim's (031) reason: ResponseCode/@listID and @name. */
  readonly claimReason: { readonly code: string | undefined; readonly name: string | undefined } | undefined;
  /** An endorsement's (037) kind, ResponseCode/@listID: '1' complete, '2' blank. */
  readonly endorsementKind: string | undefined;
  /**
   * A título valor's values: each group under ext:ExtensionContent/CustomTagGeneral (a 036's ConstanciadePagos, a
   * 037's InformacionNegociacion) with its Name/Value pairs in order.
   */
  readonly titleValueGroups: readonly {
    readonly group: string;
    readonly pairs: readonly (readonly [string, string])[];
  }[];
  /** DocumentReference: the invoice's number, CUFE and type code. */
  readonly invoice: {
    readonly id: string | undefined;
    readonly cufe: string | undefined;
    readonly documentTypeCode: string | undefined;
    /** ValidityPeriod/EndDate: a título valor's due date. */
    readonly dueDate: string | undefined;
  };
  /** DocumentResponse/IssuerParty/Person, when written. */
  readonly person: EventDocumentPerson | undefined;
};

/**
 * An event ApplicationResponse; throws XmlParseError or UnexpectedDocumentError. DIAN's verdict on a document is
 * readApplicationResponse's.
 */
export function readEventApplicationResponse(xml: string): EventDocument {
  const root = parseDocument(xml, 'ApplicationResponse');
  const response = pathElement(root, cac('DocumentResponse'));
  const code = pathElement(response, cac('Response'), cbc('ResponseCode'));
  const reference = pathElement(response, cac('DocumentReference'));
  const person = pathElement(response, cac('IssuerParty'), cac('Person'));
  const uuid = pathElement(root, cbc('UUID'));
  const listID = attributeOf(code, 'listID');
  const endorsement = textOf(code)?.trim() === '037';
  return {
    root,
    customizationId: textAt(root, cbc('CustomizationID')),
    environment: textAt(root, cbc('ProfileExecutionID')),
    id: textAt(root, cbc('ID')),
    cude: textOf(uuid)?.trim(),
    cudeScheme: attributeOf(uuid, 'schemeName'),
    issueDate: textAt(root, cbc('IssueDate')),
    issueTime: textAt(root, cbc('IssueTime')),
    notes: childElements(root, ...cbc('Note')).map((note) => textOf(note)!.trim()),
    sender: party(root, 'SenderParty'),
    receiver: party(root, 'ReceiverParty'),
    eventCode: textOf(code)?.trim(),
    description: textAt(response, cac('Response'), cbc('Description')),
    claimReason: listID === undefined || endorsement ? undefined : { code: listID, name: attributeOf(code, 'name') },
    endorsementKind: endorsement ? listID : undefined,
    invoice: {
      id: textAt(reference, cbc('ID')),
      cufe: textAt(reference, cbc('UUID')),
      documentTypeCode: textAt(reference, cbc('DocumentTypeCode')),
      dueDate: textAt(reference, cac('ValidityPeriod'), cbc('EndDate')),
    },
    titleValueGroups: titleValueGroups(root),
    person: person && {
      ...identification(pathElement(person, cbc('ID'))),
      firstName: textAt(person, cbc('FirstName')),
      familyName: textAt(person, cbc('FamilyName')),
      jobTitle: textAt(person, cbc('JobTitle')),
      department: textAt(person, cbc('OrganizationDepartment')),
    },
  };
}

function party(root: XmlElement, name: string): EventDocumentSide {
  const scheme = pathElement(root, cac(name), cac('PartyTaxScheme'));
  return {
    name: textAt(scheme, cbc('RegistrationName')),
    ...identification(pathElement(scheme, cbc('CompanyID'))),
    participations: childElements(pathElement(root, cac(name)), ...cac('PartyLegalEntity')).map((entity) =>
      textAt(entity, cbc('CorporateStockAmount')),
    ),
  };
}

const elementsOf = (parent: XmlElement | undefined): XmlElement[] =>
  (parent?.content ?? []).filter((c): c is XmlElement => typeof c !== 'string');

/** CustomTagGeneral's groups of Name/Value pairs, by local name: peers write them in the root's namespace or none. */
function titleValueGroups(root: XmlElement): EventDocument['titleValueGroups'] {
  const extensions = childElements(childElement(root, NS.ext, 'UBLExtensions'), NS.ext, 'UBLExtension');
  return extensions.flatMap((extension) => {
    const general = elementsOf(childElement(extension, NS.ext, 'ExtensionContent')).find(
      (e) => e.localName === 'CustomTagGeneral',
    );
    return elementsOf(general).map((group) => {
      const pairs: [string, string][] = [];
      for (const item of elementsOf(group))
        if (item.localName === 'Name') pairs.push([textOf(item)?.trim() ?? '', '']);
        else if (item.localName === 'Value' && pairs.length) pairs[pairs.length - 1]![1] = textOf(item)?.trim() ?? '';
      return { group: group.localName, pairs };
    });
  });
}

function identification(element: XmlElement | undefined) {
  return {
    id: textOf(element)?.trim(),
    dv: attributeOf(element, 'schemeID'),
    documentType: attributeOf(element, 'schemeName'),
  };
}
