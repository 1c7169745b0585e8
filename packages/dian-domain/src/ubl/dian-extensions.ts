import type { NumberingResolution, SoftwareRegistration } from '../tenant/tenant.ts';
import { DIAN_AGENCY, DIAN_NIT } from './namespaces.ts';
import type { XmlWriter } from './xml-writer.ts';

/** The first UBLExtension, sts:DianExtensions (annex §4.1); the signer appends the signature's (build-invoice.ts). */
export type DianExtensionsInput = {
  /**
   * The invoice's numbering authorization (sts:InvoiceControl); absent for a note, which has none (annex §4.1, §10.1).
   */
  resolution?: NumberingResolution;
  software: SoftwareRegistration;
  softwareSecurityCode: string;
  qrCode: string;
};

export function writeDianExtensions(w: XmlWriter, x: DianExtensionsInput): void {
  w.open('ext:UBLExtension');
  w.open('ext:ExtensionContent');
  w.open('sts:DianExtensions');

  if (x.resolution) writeInvoiceControl(w, x.resolution);

  w.open('sts:InvoiceSource');
  w.leaf('cbc:IdentificationCode', 'CO', {
    listAgencyID: '6',
    listAgencyName: 'United Nations Economic Commission for Europe',
    listSchemeURI: 'urn:oasis:names:specification:ubl:codelist:gc:CountryIdentificationCode-2.1',
  });
  w.close();

  w.open('sts:SoftwareProvider');
  w.leaf('sts:ProviderID', x.software.providerNit, {
    ...DIAN_AGENCY,
    schemeID: String(x.software.providerDv),
    schemeName: '31',
  });
  w.leaf('sts:SoftwareID', x.software.id, DIAN_AGENCY);
  w.close();

  w.leaf('sts:SoftwareSecurityCode', x.softwareSecurityCode, DIAN_AGENCY);

  w.open('sts:AuthorizationProvider');
  w.leaf('sts:AuthorizationProviderID', DIAN_NIT.nit, {
    ...DIAN_AGENCY,
    schemeID: String(DIAN_NIT.dv),
    schemeName: '31',
  });
  w.close();

  w.leaf('sts:QRCode', x.qrCode);

  w.close(); // DianExtensions
  w.close(); // ExtensionContent
  w.close(); // UBLExtension
}

function writeInvoiceControl(w: XmlWriter, resolution: NumberingResolution): void {
  w.open('sts:InvoiceControl');
  w.leaf('sts:InvoiceAuthorization', resolution.authorizationNumber);
  w.open('sts:AuthorizationPeriod');
  w.leaf('cbc:StartDate', resolution.startDate);
  w.leaf('cbc:EndDate', resolution.endDate);
  w.close();
  w.open('sts:AuthorizedInvoices');
  if (resolution.prefix) w.leaf('sts:Prefix', resolution.prefix);
  w.leaf('sts:From', resolution.from);
  w.leaf('sts:To', resolution.to);
  w.close();
  w.close();
}
