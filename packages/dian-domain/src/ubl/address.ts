import countries from '../codelists/countries.json' with { type: 'json' };
import departments from '../codelists/departments.json' with { type: 'json' };
import municipalities from '../codelists/municipalities.json' with { type: 'json' };
import type { XmlWriter } from './xml-writer.ts';

/**
 * A Colombian address (annex §3.5). City and department names come from DIAN's lists, keyed by
 * the DANE code, so they always match the code (FAJ40/FAJ41 notifications otherwise).
 */
export type AddressInput = { line: string; cityCode: string; postalZone?: string };

/**
 * A foreign buyer's address (annex §3.5: "for a foreign address, use the country code and free
 * text, not DANE codes"): no municipality or department code; the country's name from DIAN's list.
 */
export type ForeignAddressInput = {
  line: string;
  countryCode: string;
  cityName: string;
  region?: string;
  postalZone?: string;
};

export function writeAnyAddress(
  w: XmlWriter,
  element: 'cac:Address' | 'cac:RegistrationAddress',
  a: AddressInput | ForeignAddressInput,
): void {
  if ('cityCode' in a) writeAddress(w, element, a);
  else writeForeignAddress(w, element, a);
}

function writeForeignAddress(
  w: XmlWriter,
  element: 'cac:Address' | 'cac:RegistrationAddress',
  a: ForeignAddressInput,
): void {
  const country = (countries as Record<string, string>)[a.countryCode];
  if (country === undefined) throw new RangeError(`unknown country code ${a.countryCode}`);
  w.open(element);
  w.leaf('cbc:CityName', a.cityName);
  if (a.postalZone) w.leaf('cbc:PostalZone', a.postalZone);
  if (a.region) w.leaf('cbc:CountrySubentity', a.region);
  w.open('cac:AddressLine');
  w.leaf('cbc:Line', a.line);
  w.close();
  w.open('cac:Country');
  w.leaf('cbc:IdentificationCode', a.countryCode);
  w.leaf('cbc:Name', country, { languageID: 'es' });
  w.close();
  w.close();
}

export function writeAddress(w: XmlWriter, element: 'cac:Address' | 'cac:RegistrationAddress', a: AddressInput): void {
  const city = (municipalities as Record<string, string>)[a.cityCode];
  const departmentCode = a.cityCode.slice(0, 2);
  const department = (departments as Record<string, string>)[departmentCode];
  if (city === undefined || department === undefined)
    throw new RangeError(`unknown DANE municipality code ${a.cityCode}`);
  w.open(element);
  w.leaf('cbc:ID', a.cityCode);
  w.leaf('cbc:CityName', city);
  if (a.postalZone) w.leaf('cbc:PostalZone', a.postalZone);
  w.leaf('cbc:CountrySubentity', department);
  w.leaf('cbc:CountrySubentityCode', departmentCode);
  w.open('cac:AddressLine');
  w.leaf('cbc:Line', a.line);
  w.close();
  w.open('cac:Country');
  w.leaf('cbc:IdentificationCode', 'CO');
  w.leaf('cbc:Name', 'Colombia', { languageID: 'es' });
  w.close();
  w.close();
}
