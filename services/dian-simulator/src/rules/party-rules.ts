import { codelists, hasCode } from '@fe/dian-domain/codelists';
import type { RuleCode } from './catalogue.ts';
import type { RuleGroupCheck } from './context.ts';
import type { AddressView } from './invoice-view.ts';

const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/** NIT check digit, annex §2.1 (written here again on purpose: the simulator checks the product). */
export function dv(nit: string): number | undefined {
  if (!/^\d{1,15}$/.test(nit)) return undefined;
  let sum = 0;
  for (let i = 0; i < nit.length; i++) sum += Number(nit[nit.length - 1 - i]) * WEIGHTS[i]!;
  const r = sum % 11;
  return r < 2 ? r : 11 - r;
}

/** A Colombian address carries a DANE municipality code (a foreign one carries none to check). */
const knownMunicipality = (address: AddressView) =>
  address.country !== 'CO' || hasCode(codelists.municipalities, address.cityCode);

/** Issuer and buyer: person type, registration, responsibilities, DVs, identification, DANE codes (reference §3.4). */
export const checkParties: RuleGroupCheck = ({ view, issuer }) => {
  const failures: RuleCode[] = [];
  const personType = view.supplier.additionalAccountId;
  if (!personType) failures.push('FAJ02a');
  else if (personType !== '1' && personType !== '2') failures.push('FAJ02b');
  const supplier = view.supplier.companyId;
  if (!issuer) failures.push('FAJ21');
  if (!supplier.schemeId) failures.push('FAJ24a');
  else if (String(dv(supplier.value ?? '')) !== supplier.schemeId) failures.push('FAJ24b');
  // Table 13.2.6.1: TipoResponsabilidad-2.1.gc's O-13, O-15, O-23, O-47, and R-99-PN for none.
  if (
    !(view.supplier.taxLevelCode ?? '')
      .split(';')
      .every((code) => hasCode(codelists.fiscalResponsibilities, code.trim()))
  )
    failures.push('FAJ26');
  const buyer = view.customer.companyId;
  if (buyer.schemeName === '31') {
    if (!buyer.schemeId) failures.push('FAK24');
    else if (String(dv(buyer.value ?? '')) !== buyer.schemeId) failures.push('FAK25');
  }
  if (view.customer.additionalAccountId === '2') {
    if (!view.customer.partyIdentification) failures.push('FAK61');
    else if (!view.customer.partyIdentification.value) failures.push('FAK62');
  }
  if (!view.supplier.addresses.every(knownMunicipality)) failures.push('FAJ09');
  if (!view.customer.addresses.every(knownMunicipality)) failures.push('FAK09');
  if (issuer && view.supplier.name !== issuer.legalName) failures.push('FAJ43b');
  // Providers' reports name FAJ71 for an issuer e-mail other than the reception address registered at DIAN.
  const registered = issuer?.receptionEmail;
  if (registered && view.supplier.email?.trim().toLowerCase() !== registered.trim().toLowerCase())
    failures.push('FAJ71');
  return failures;
};
