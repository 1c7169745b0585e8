import { ubl } from '../rules/invoice-view.ts';
import {
  attribute,
  childElement,
  childElements,
  isElement,
  pathElement,
  textOf,
  type XmlElement,
} from '../xml/light-xml.ts';

const { cbc, cac, ext, sts } = ubl;

/** SenderParty or ReceiverParty: PartyTaxScheme's CompanyID (DV in @schemeID, type in @schemeName) and name. */
export type EventPartyView = {
  id: string | undefined;
  dv: string | null;
  documentType: string | null;
  personType: string | null;
  name: string | undefined;
};

/**
 * The fields of a RADIAN event (an ApplicationResponse a party sends) the event rules read, taken once from the
 * simulator's own tree: exact strings of the XML, undefined when absent. Read apart from @fe/dian-xml on purpose.
 */
export type EventView = {
  softwareId: string | undefined;
  /** sts:SoftwareProvider/sts:ProviderID: who the certificate may also belong to (ZE03). */
  providerId: string | undefined;
  profileExecutionId: string | undefined;
  id: string | undefined;
  uuid: { value: string | undefined; schemeId: string | null; schemeName: string | null };
  issueDate: string | undefined;
  issueTime: string | undefined;
  sender: EventPartyView;
  receiver: EventPartyView;
  /** How many DocumentResponse groups it has: an event speaks of one invoice. */
  documentResponses: number;
  /** The first DocumentResponse: the event code with a claim's reason, and the document it is about. */
  code: string | undefined;
  description: string | undefined;
  claimReason: { code: string; name: string | undefined } | undefined;
  /** ResponseCode/@listID as written: a claim's reason, an endorsement's kind ('1' complete, '2' blank). */
  listId: string | undefined;
  reference: {
    id: string | undefined;
    uuid: string | undefined;
    typeCode: string | undefined;
    /** ValidityPeriod/EndDate: a título valor's due date. */
    endDate: string | undefined;
  };
  /**
   * The Name/Value pairs of each group under ext:ExtensionContent/CustomTagGeneral (ConstanciadePagos,
   * InformacionNegociacion …), by group name; a Name without its Value pairs with undefined.
   */
  customTags: Map<string, [string | undefined, string | undefined][]>;
  /** Each side's PartyLegalEntity/CorporateStockAmount, as written. */
  participations: { sender: (string | undefined)[]; receiver: (string | undefined)[] };
};

const text = (element: XmlElement | undefined) => textOf(element)?.trim();

function party(root: XmlElement, local: string): EventPartyView {
  const scheme = pathElement(root, [cac, local], [cac, 'PartyTaxScheme']);
  const companyId = childElement(scheme, cbc, 'CompanyID');
  return {
    id: text(companyId),
    dv: attribute(companyId, 'schemeID'),
    documentType: attribute(companyId, 'schemeName'),
    personType: attribute(companyId, 'schemeVersionID'),
    name: text(childElement(scheme, cbc, 'RegistrationName')),
  };
}

/** Every element child, whatever its namespace: peers write CustomTagGeneral in the root's default or in none. */
const elementsOf = (parent: XmlElement | undefined): XmlElement[] => (parent?.children ?? []).filter(isElement);

/** The Name/Value groups of every CustomTagGeneral in the extensions, by group. */
function customTags(extensions: XmlElement[]): EventView['customTags'] {
  const tags: EventView['customTags'] = new Map();
  for (const extension of extensions) {
    const general = elementsOf(childElement(extension, ext, 'ExtensionContent')).find(
      (e) => e.local === 'CustomTagGeneral',
    );
    for (const group of elementsOf(general)) {
      const pairs: [string | undefined, string | undefined][] = [];
      for (const item of elementsOf(group))
        if (item.local === 'Name') pairs.push([text(item), undefined]);
        else if (item.local === 'Value' && pairs.length) pairs[pairs.length - 1]![1] = text(item);
      tags.set(group.local, pairs);
    }
  }
  return tags;
}

const stockAmounts = (root: XmlElement, local: string) =>
  childElements(childElement(root, cac, local), cac, 'PartyLegalEntity').map((e) =>
    text(childElement(e, cbc, 'CorporateStockAmount')),
  );

/** The view of an ApplicationResponse root. */
export function readEventView(root: XmlElement): EventView {
  const extensions = childElements(childElement(root, ext, 'UBLExtensions'), ext, 'UBLExtension');
  const dian = extensions
    .map((e) => pathElement(e, [ext, 'ExtensionContent'], [sts, 'DianExtensions']))
    .find((e) => e !== undefined);
  const responses = childElements(root, cac, 'DocumentResponse');
  const response = pathElement(responses[0], [cac, 'Response']);
  const code = childElement(response, cbc, 'ResponseCode');
  const reason = attribute(code, 'listID');
  const reference = childElement(responses[0], cac, 'DocumentReference');
  const uuid = childElement(root, cbc, 'UUID');
  return {
    softwareId: text(pathElement(dian, [sts, 'SoftwareProvider'], [sts, 'SoftwareID'])),
    providerId: text(pathElement(dian, [sts, 'SoftwareProvider'], [sts, 'ProviderID'])),
    profileExecutionId: text(childElement(root, cbc, 'ProfileExecutionID')),
    id: text(childElement(root, cbc, 'ID')),
    uuid: { value: text(uuid), schemeId: attribute(uuid, 'schemeID'), schemeName: attribute(uuid, 'schemeName') },
    issueDate: text(childElement(root, cbc, 'IssueDate')),
    issueTime: text(childElement(root, cbc, 'IssueTime')),
    sender: party(root, 'SenderParty'),
    receiver: party(root, 'ReceiverParty'),
    documentResponses: responses.length,
    code: text(code),
    description: text(childElement(response, cbc, 'Description')),
    claimReason: reason === null ? undefined : { code: reason, name: attribute(code, 'name') ?? undefined },
    listId: reason ?? undefined,
    reference: {
      id: text(childElement(reference, cbc, 'ID')),
      uuid: text(childElement(reference, cbc, 'UUID')),
      typeCode: text(childElement(reference, cbc, 'DocumentTypeCode')),
      endDate: text(pathElement(reference, [cac, 'ValidityPeriod'], [cbc, 'EndDate'])),
    },
    customTags: customTags(extensions),
    participations: { sender: stockAmounts(root, 'SenderParty'), receiver: stockAmounts(root, 'ReceiverParty') },
  };
}
