/** Every namespace is declared on the root with DIAN's prefixes (annex §3.1). */
export const ns = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  debitNote: 'urn:oasis:names:specification:ubl:schema:xsd:DebitNote-2',
  applicationResponse: 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sts: 'dian:gov:co:facturaelectronica:Structures-2-1',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
  xades141: 'http://uri.etsi.org/01903/v1.4.1#',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;

/** The root's declarations: its own default namespace, then every prefix in canonical order. */
const rootAttributes = (defaultNamespace: string) => ({
  xmlns: defaultNamespace,
  'xmlns:cac': ns.cac,
  'xmlns:cbc': ns.cbc,
  'xmlns:ds': ns.ds,
  'xmlns:ext': ns.ext,
  'xmlns:sts': ns.sts,
  'xmlns:xades': ns.xades,
  'xmlns:xades141': ns.xades141,
  'xmlns:xsi': ns.xsi,
});

export const invoiceRootAttributes = rootAttributes(ns.invoice);
export const creditNoteRootAttributes = rootAttributes(ns.creditNote);
export const debitNoteRootAttributes = rootAttributes(ns.debitNote);
export const applicationResponseRootAttributes = rootAttributes(ns.applicationResponse);

export const DIAN_AGENCY = {
  schemeAgencyID: '195',
  schemeAgencyName: 'CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)',
} as const;
export const DIAN_NIT = { nit: '800197268', dv: 4 } as const;
