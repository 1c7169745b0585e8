import type { Tenant } from '../tenant/tenant.ts';
import type { ValidatedCustomer } from '../validation/validated-invoice.ts';
import { writeAddress, writeAnyAddress } from './address.ts';
import { DIAN_AGENCY } from './namespaces.ts';
import type { XmlWriter } from './xml-writer.ts';

const TAX_SCHEME_NAMES = { '01': 'IVA', '04': 'INC', ZA: 'IVA e INC', ZZ: 'No aplica' } as const;

/** cbc:CompanyID attributes: the DV goes in schemeID for a NIT only (annex §2.1). */
export function companyIdAttributes(documentType: string, dv: number | undefined) {
  return { ...DIAN_AGENCY, ...(dv !== undefined ? { schemeID: String(dv) } : {}), schemeName: documentType };
}

/** TaxLevelCode listName: 48 responsible for IVA, 49 not (post-1.8 examples; annex §3.7). */
export const taxLevelListName = (codes: readonly string[]) =>
  codes.length === 1 && codes[0] === 'R-99-PN' ? '49' : '48';

/** The issuer's Contact/ElectronicMail: the reception address registered at DIAN, else the company's e-mail. */
const issuerEmailOf = (tenant: Tenant): string | undefined => tenant.receptionEmail ?? tenant.email;

/** The issuer (annex §3.3). */
export function writeSupplier(w: XmlWriter, tenant: Tenant, prefix: string): void {
  const idAttributes = companyIdAttributes('31', tenant.dv);
  w.open('cac:AccountingSupplierParty');
  w.leaf('cbc:AdditionalAccountID', tenant.personType);
  w.open('cac:Party');
  w.open('cac:PartyName');
  w.leaf('cbc:Name', tenant.tradeName ?? tenant.legalName);
  w.close();
  w.open('cac:PhysicalLocation');
  writeAddress(w, 'cac:Address', tenant.address);
  w.close();
  w.open('cac:PartyTaxScheme');
  w.leaf('cbc:RegistrationName', tenant.legalName);
  w.leaf('cbc:CompanyID', tenant.nit, idAttributes);
  w.leaf('cbc:TaxLevelCode', tenant.taxLevelCodes.join(';'), { listName: taxLevelListName(tenant.taxLevelCodes) });
  writeAddress(w, 'cac:RegistrationAddress', tenant.address);
  writeTaxScheme(w, tenant.taxScheme);
  w.close();
  w.open('cac:PartyLegalEntity');
  w.leaf('cbc:RegistrationName', tenant.legalName);
  w.leaf('cbc:CompanyID', tenant.nit, idAttributes);
  w.open('cac:CorporateRegistrationScheme');
  // FAB10a: must equal sts:Prefix. An empty prefix writes no ID.
  if (prefix) w.leaf('cbc:ID', prefix);
  if (tenant.mercantileRegistration) w.leaf('cbc:Name', tenant.mercantileRegistration);
  w.close();
  w.close();
  const email = issuerEmailOf(tenant);
  if (email || tenant.phone) {
    w.open('cac:Contact');
    if (tenant.phone) w.leaf('cbc:Telephone', tenant.phone);
    if (email) w.leaf('cbc:ElectronicMail', email);
    w.close();
  }
  w.close();
  w.close();
}

/**
 * The buyer (annex §3.4). PartyIdentification is always written: natural persons require it (FAK61/62) and it
 * is harmless for companies.
 */
export function writeCustomer(w: XmlWriter, c: ValidatedCustomer): void {
  const idAttributes = companyIdAttributes(c.documentType, c.dv);
  const taxScheme = c.taxLevelCodes.length === 1 && c.taxLevelCodes[0] === 'R-99-PN' ? 'ZZ' : '01';
  w.open('cac:AccountingCustomerParty');
  w.leaf('cbc:AdditionalAccountID', c.personType);
  w.open('cac:Party');
  w.open('cac:PartyIdentification');
  w.leaf('cbc:ID', c.documentNumber, {
    ...(c.dv !== undefined ? { schemeID: String(c.dv) } : {}),
    schemeName: c.documentType,
  });
  w.close();
  w.open('cac:PartyName');
  w.leaf('cbc:Name', c.name);
  w.close();
  if (c.address) {
    w.open('cac:PhysicalLocation');
    writeAnyAddress(w, 'cac:Address', c.address);
    w.close();
  }
  w.open('cac:PartyTaxScheme');
  w.leaf('cbc:RegistrationName', c.name);
  w.leaf('cbc:CompanyID', c.documentNumber, idAttributes);
  w.leaf('cbc:TaxLevelCode', c.taxLevelCodes.join(';'), { listName: taxLevelListName(c.taxLevelCodes) });
  if (c.address) writeAnyAddress(w, 'cac:RegistrationAddress', c.address);
  writeTaxScheme(w, taxScheme);
  w.close();
  w.open('cac:PartyLegalEntity');
  w.leaf('cbc:RegistrationName', c.name);
  w.leaf('cbc:CompanyID', c.documentNumber, idAttributes);
  w.close();
  if (c.email) {
    w.open('cac:Contact');
    w.leaf('cbc:ElectronicMail', c.email);
    w.close();
  }
  w.close();
  w.close();
}

function writeTaxScheme(w: XmlWriter, code: keyof typeof TAX_SCHEME_NAMES): void {
  w.open('cac:TaxScheme');
  w.leaf('cbc:ID', code);
  w.leaf('cbc:Name', TAX_SCHEME_NAMES[code]);
  w.close();
}
