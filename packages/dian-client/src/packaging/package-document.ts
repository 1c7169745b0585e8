import type { DianFileNames } from '../file-names/file-names.ts';
import type { DianZip } from '../ports/dian-gateway.ts';
import { readDocumentFacts, type DocumentFacts } from './document-facts.ts';
import { writeZip } from './zip.ts';

export type PackagedDocument = { zip: DianZip; xmlFileName: string; facts: DocumentFacts };

/**
 * One signed document → the zip SendBillSync takes (exactly one XML per zip, annex §6.5), under the names the
 * caller allocated from the file counter (allocateDocumentNames). The XML bytes are zipped untouched: any change
 * after signing breaks the signature (reference §5.4, step 5).
 */
export function packageDocument(
  signedXml: string,
  options: { modified: Date; names: DianFileNames; facts?: DocumentFacts },
): PackagedDocument {
  // A caller that built the document (the submitter, from InvoiceRequested) passes its facts and
  // saves a parse of the whole signed XML; anyone else gets them read.
  const facts = options.facts ?? readDocumentFacts(signedXml);
  const { names } = options;
  const content = writeZip([{ name: names.xml, data: Buffer.from(signedXml, 'utf8') }], options.modified);
  return { zip: { fileName: names.zip, content }, xmlFileName: names.xml, facts };
}
