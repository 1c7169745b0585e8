import { ubl } from '../rules/invoice-view.ts';
import { attribute, childElement, childElements, pathElement, textOf, type XmlElement } from '../xml/light-xml.ts';

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
  reference: { id: string | undefined; uuid: string | undefined; typeCode: string | undefined };
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

/** The view of an ApplicationResponse root. */
export function readEventView(root: XmlElement): EventView {
  const dian = childElements(childElement(root, ext, 'UBLExtensions'), ext, 'UBLExtension')
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
    reference: {
      id: text(childElement(reference, cbc, 'ID')),
      uuid: text(childElement(reference, cbc, 'UUID')),
      typeCode: text(childElement(reference, cbc, 'DocumentTypeCode')),
    },
  };
}
