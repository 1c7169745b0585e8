import { DIAN_AGENCY } from '../ubl/namespaces.ts';
import { taxLevelListName } from '../ubl/parties.ts';
import type { XmlWriter } from '../ubl/xml-writer.ts';
import type { ValidatedEvent } from './check-event.ts';
import type { EventParty, EventPerson } from './event-content.ts';

/** The referenced document is a sales invoice (DocumentTypeCode 01); it enters the CUDE too. */
export const INVOICE_TYPE_CODE = '01';

/** SenderParty or ReceiverParty: PartyTaxScheme only, as DIAN's RADIAN examples write it. */
export function writeEventParty(w: XmlWriter, element: string, p: EventParty): void {
  w.open(element);
  w.open('cac:PartyTaxScheme');
  w.leaf('cbc:RegistrationName', p.name);
  w.leaf('cbc:CompanyID', p.id, {
    ...DIAN_AGENCY,
    ...(p.dv !== undefined ? { schemeID: String(p.dv) } : {}),
    schemeName: p.documentType,
    schemeVersionID: p.personType,
  });
  if (p.taxLevelCodes)
    w.leaf('cbc:TaxLevelCode', p.taxLevelCodes.join(';'), { listName: taxLevelListName(p.taxLevelCodes) });
  w.open('cac:TaxScheme');
  w.leaf('cbc:ID', '01');
  w.leaf('cbc:Name', 'IVA');
  w.close();
  w.close();
  w.close();
}

/** The event (code, claim reason, name), the invoice it is about, and who received or accepted. */
export function writeDocumentResponse(w: XmlWriter, e: ValidatedEvent): void {
  w.open('cac:DocumentResponse');
  w.open('cac:Response');
  const reason = e.claimReason ? { listID: e.claimReason.code, name: e.claimReason.name } : undefined;
  w.leaf('cbc:ResponseCode', e.event.code, reason);
  w.leaf('cbc:Description', e.event.name);
  w.close();
  w.open('cac:DocumentReference');
  w.leaf('cbc:ID', e.invoice.id);
  w.leaf('cbc:UUID', e.invoice.cufe, { schemeName: 'CUFE-SHA384' });
  w.leaf('cbc:DocumentTypeCode', INVOICE_TYPE_CODE);
  w.close();
  if (e.person) writePerson(w, e.person);
  w.close();
}

function writePerson(w: XmlWriter, p: EventPerson): void {
  w.open('cac:IssuerParty');
  w.open('cac:Person');
  w.leaf('cbc:ID', p.id, { ...(p.dv !== undefined ? { schemeID: String(p.dv) } : {}), schemeName: p.documentType });
  w.leaf('cbc:FirstName', p.firstName);
  w.leaf('cbc:FamilyName', p.familyName);
  if (p.jobTitle) w.leaf('cbc:JobTitle', p.jobTitle);
  if (p.department) w.leaf('cbc:OrganizationDepartment', p.department);
  w.close();
  w.close();
}
