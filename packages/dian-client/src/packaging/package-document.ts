import type { DianFileNames } from '../file-names/file-names.ts';
import type { DianZip } from '../ports/dian-gateway.ts';
import { readDocumentFacts, type DocumentFacts } from './document-facts.ts';
import { writeZip, writeZipOffThread, type ZipInput } from './zip.ts';

export type PackagedDocument = { zip: DianZip; xmlFileName: string; facts: DocumentFacts };

type PackageOptions = { modified: Date; names: DianFileNames; facts?: DocumentFacts };

/**
 * One signed document → the zip SendBillSync takes (exactly one XML per zip, annex §6.5), under the names the
 * caller allocated from the file counter (allocateDocumentNames). The XML bytes are zipped untouched: any change
 * after signing breaks the signature (reference §5.4, step 5).
 */
export function packageDocument(signedXml: string, options: PackageOptions): PackagedDocument {
  return packaged(signedXml, options, writeZip(entryOf(signedXml, options), options.modified));
}

/** packageDocument with the deflating on libuv's thread pool: for a caller on an event loop that serves requests. */
export async function packageDocumentOffThread(signedXml: string, options: PackageOptions): Promise<PackagedDocument> {
  return packaged(signedXml, options, await writeZipOffThread(entryOf(signedXml, options), options.modified));
}

const entryOf = (signedXml: string, options: PackageOptions): ZipInput[] => [
  { name: options.names.xml, data: Buffer.from(signedXml, 'utf8') },
];

function packaged(signedXml: string, options: PackageOptions, content: Uint8Array): PackagedDocument {
  // A caller that built the document (the submitter, from InvoiceRequested) passes its facts and
  // saves a parse of the whole signed XML; anyone else gets them read.
  const facts = options.facts ?? readDocumentFacts(signedXml);
  return { zip: { fileName: options.names.zip, content }, xmlFileName: options.names.xml, facts };
}
