import type { ReceivedInvoiceEventRequestedV1, ReceivedInvoiceImportedV1 } from '@fe/contracts';
import type { EventContent, Tenant } from '@fe/dian-domain';

/**
 * What the buyer's event says (pure): sender the tenant, receiver the supplier as its invoice names it, the invoice
 * by number and CUFE, who received or accepted, a claim's reason with the buyer's words in the Note.
 */
export function buyerEventContent(
  tenant: Tenant,
  imported: ReceivedInvoiceImportedV1['data'],
  requested: ReceivedInvoiceEventRequestedV1['data'],
): EventContent {
  const supplier = imported.supplier;
  const person = requested.person;
  return {
    eventCode: requested.code,
    id: requested.event_id,
    sender: {
      name: tenant.legalName,
      documentType: '31',
      id: tenant.nit,
      dv: tenant.dv,
      personType: tenant.personType,
    },
    receiver: {
      name: supplier.name,
      documentType: supplier.document_type ?? '31',
      id: supplier.nit,
      ...(supplier.dv !== undefined ? { dv: supplier.dv } : {}),
      personType: supplier.person_type ?? '1',
    },
    invoice: { id: imported.number, cufe: imported.cufe },
    ...(requested.claim ? { claimReason: requested.claim.reason } : {}),
    ...(requested.claim?.text ? { note: requested.claim.text } : {}),
    ...(person
      ? {
          person: {
            documentType: person.document_type,
            id: person.id,
            firstName: person.first_name,
            familyName: person.family_name,
            ...(person.job_title ? { jobTitle: person.job_title } : {}),
            ...(person.department ? { department: person.department } : {}),
          },
        }
      : {}),
  };
}
