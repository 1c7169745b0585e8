import { DIAN_AGENCY } from '../ubl/namespaces.ts';
import { taxLevelListName } from '../ubl/parties.ts';
import type { XmlWriter } from '../ubl/xml-writer.ts';
import type { ValidatedEvent } from './check-event.ts';
import type { EventParty, EventPerson } from './event-content.ts';

/** The referenced document is a sales invoice (DocumentTypeCode 01); it enters the CUDE too. */
export const INVOICE_TYPE_CODE = '01';

/**
 * SenderParty or ReceiverParty: PartyTaxScheme, as DIAN's RADIAN examples write it; on an endorsement also
 * PartyLegalEntity with the party's participation (CorporateStockAmount), which DIAN sums per side and compares with
 * ValorTotalEndoso (AAF19, AAG20).
 */
export function writeEventParty(w: XmlWriter, element: string, p: EventParty, participation?: string): void {
  const companyId = {
    ...DIAN_AGENCY,
    ...(p.dv !== undefined ? { schemeID: String(p.dv) } : {}),
    schemeName: p.documentType,
    schemeVersionID: p.personType,
  };
  w.open(element);
  w.open('cac:PartyTaxScheme');
  w.leaf('cbc:RegistrationName', p.name);
  w.leaf('cbc:CompanyID', p.id, companyId);
  if (p.taxLevelCodes)
    w.leaf('cbc:TaxLevelCode', p.taxLevelCodes.join(';'), { listName: taxLevelListName(p.taxLevelCodes) });
  w.open('cac:TaxScheme');
  w.leaf('cbc:ID', '01');
  w.leaf('cbc:Name', 'IVA');
  w.close();
  w.close();
  if (participation !== undefined) {
    w.open('cac:PartyLegalEntity');
    w.leaf('cbc:RegistrationName', p.name);
    w.leaf('cbc:CompanyID', p.id, companyId);
    w.leaf('cbc:CorporateStockAmount', participation, { currencyID: 'COP' });
    w.close();
  }
  w.close();
}

/**
 * The título valor's values as DIAN's validator reads them, an ext:UBLExtension of its own after DianExtensions (the
 * signature's comes after it): a 036's CustomTagGeneral/ConstanciadePagos, a 037's InformacionNegociacion, each a
 * sequence of Name/Value pairs (docs/radian.md, "The título valor's data").
 */
export function writeTitleValueExtension(w: XmlWriter, e: ValidatedEvent): void {
  const pairs: [string, [string, string][]] | undefined = e.titleValue
    ? [
        'ConstanciadePagos',
        [
          ['ValorFEV-TV', e.titleValue.invoiceAmount],
          ['ValorPagado', e.titleValue.paidAmount],
          ['NuevoValorTV', e.titleValue.newAmount],
        ],
      ]
    : e.endorsement
      ? [
          'InformacionNegociacion',
          [
            ['ValorTotalEndoso', e.endorsement.amount],
            ['PrecioPagarseFEV', e.endorsement.price],
            ['TasaDescuento', e.endorsement.discountRate],
            ['MedioPago', e.endorsement.paymentMeans],
          ],
        ]
      : undefined;
  if (!pairs) return;
  w.open('ext:UBLExtension');
  w.open('ext:ExtensionContent');
  w.open('CustomTagGeneral');
  w.open(pairs[0]);
  for (const [name, value] of pairs[1]) {
    w.leaf('Name', name);
    w.leaf('Value', value);
  }
  w.close();
  w.close();
  w.close();
  w.close();
}

/** The event (code, claim reason, name), the invoice it is about, and who received or accepted. */
export function writeDocumentResponse(w: XmlWriter, e: ValidatedEvent): void {
  w.open('cac:DocumentResponse');
  w.open('cac:Response');
  const listed = e.claimReason
    ? { listID: e.claimReason.code, name: e.claimReason.name }
    : e.endorsement
      ? { listID: e.endorsement.kind }
      : undefined;
  w.leaf('cbc:ResponseCode', e.event.code, listed);
  w.leaf('cbc:Description', e.event.name);
  w.close();
  w.open('cac:DocumentReference');
  w.leaf('cbc:ID', e.invoice.id);
  w.leaf('cbc:UUID', e.invoice.cufe, { schemeName: 'CUFE-SHA384' });
  w.leaf('cbc:DocumentTypeCode', INVOICE_TYPE_CODE);
  // A título valor's due date: the invoice's PaymentDueDate, where DIAN's RADIAN map reads an event's period.
  const dueDate = e.titleValue?.dueDate ?? e.endorsement?.dueDate;
  if (dueDate) {
    w.open('cac:ValidityPeriod');
    w.leaf('cbc:EndDate', dueDate);
    w.close();
  }
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
