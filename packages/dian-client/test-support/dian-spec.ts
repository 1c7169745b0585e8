// DIAN's published web-service files (WSDL schemas, sample answers), kept unchanged in spec/dian/
// at the repository root.
import { resolve } from 'node:path';

export const dianWebServiceDir = resolve(import.meta.dirname, '../../../spec/dian/web-service');

/** DIAN's sample SOAP answers (annex examples and an observed fault). */
export const dianSampleResponsesDir = resolve(dianWebServiceDir, 'responses');
