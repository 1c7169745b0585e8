import type { PartyAddress, PartyView } from './invoice-view.ts';
import { attributeOf as attribute, child, children, ownText as text, type XmlElement as XmlNode } from '@fe/dian-xml';
import { isMunicipalityCode, spellMunicipality } from '@fe/dian-domain/primitives';
import { required } from './document-root.ts';

/**
 * A party as the PDF prints it: name and identification from PartyTaxScheme, what the CUFE and DIAN's RUT checks
 * use.
 */
export function readParty(container: XmlNode | undefined, role: string): PartyView {
  const party = child(container, 'Party');
  const taxScheme = child(party, 'PartyTaxScheme');
  const legal = child(party, 'PartyLegalEntity');
  const companyId = child(taxScheme, 'CompanyID') ?? child(legal, 'CompanyID');
  const identification = child(party, 'PartyIdentification', 'ID');
  const idNode = companyId ?? identification;

  const name = required(
    text(taxScheme, 'RegistrationName') ?? text(legal, 'RegistrationName') ?? text(party, 'PartyName', 'Name'),
    `${role} name`,
  );
  const tradeName = text(party, 'PartyName', 'Name');
  const documentType = required(attribute(idNode, 'schemeName'), `${role} document type`);
  const dv = documentType === '31' ? attribute(idNode, 'schemeID') : undefined;
  const address = readAddress(child(party, 'PhysicalLocation', 'Address') ?? child(taxScheme, 'RegistrationAddress'));
  const levels = text(taxScheme, 'TaxLevelCode');
  const personType = text(container, 'AdditionalAccountID');
  const scheme = text(taxScheme, 'TaxScheme', 'ID');
  const email = text(party, 'Contact', 'ElectronicMail');
  const phone = text(party, 'Contact', 'Telephone');

  return {
    name,
    ...(tradeName !== undefined && tradeName !== name ? { tradeName } : {}),
    documentType,
    documentNumber: required(text(idNode), `${role} identification number`),
    ...(dv !== undefined ? { dv } : {}),
    ...(personType !== undefined ? { personType } : {}),
    taxLevelCodes: levels
      ? levels
          .split(';')
          .map((code) => code.trim())
          .filter(Boolean)
      : [],
    ...(scheme !== undefined ? { taxScheme: scheme } : {}),
    ...(address ? { address } : {}),
    ...(email !== undefined ? { email } : {}),
    ...(phone !== undefined ? { phone } : {}),
  };
}

function readAddress(node: XmlNode | undefined): PartyAddress | undefined {
  if (!node) return undefined;
  const lines = children(node, 'AddressLine')
    .map((l) => text(l, 'Line'))
    .filter((l) => l !== undefined);
  const dianCity = text(node, 'CityName');
  const dane = text(node, 'ID');
  // A DANE-coded city carries DIAN's list's spelling; a foreign one is printed as written.
  const city =
    dianCity !== undefined && dane !== undefined && isMunicipalityCode(dane) ? spellMunicipality(dianCity) : dianCity;
  const department = text(node, 'CountrySubentity');
  const country = text(node, 'Country', 'Name') ?? text(node, 'Country', 'IdentificationCode');
  return {
    ...(lines.length ? { line: lines.join(', ') } : {}),
    ...(city !== undefined ? { city } : {}),
    ...(department !== undefined ? { department } : {}),
    ...(country !== undefined ? { country } : {}),
  };
}
