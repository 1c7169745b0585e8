/** The namespaces DIAN's documents are read in. */
export const NS = {
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sts: 'dian:gov:co:facturaelectronica:Structures-2-1',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;

/** A step of a path: an element's namespace and local name. */
export type Step = readonly [namespaceURI: string, localName: string];

export const cbc = (name: string): Step => [NS.cbc, name];
export const cac = (name: string): Step => [NS.cac, name];
