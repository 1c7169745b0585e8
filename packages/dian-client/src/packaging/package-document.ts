import { utf8Text } from '@fe/dian-xml';
import type { DianFileNames } from '../file-names/file-names.ts';
import type { DianZip } from '../ports/dian-gateway.ts';
import { readDocumentFacts, type DocumentFacts } from './document-facts.ts';
import { writeZip, writeZipOffThread, type ZipInput } from './zip.ts';

export type PackagedDocument = { zip: DianZip; xmlFileName: string; facts: DocumentFacts };

type PackageOptions = { modified: Date; names: DianFileNames; facts?: DocumentFacts };

/**
 * One signed document → the zip SendBillSync takes (exactly one XML per zip, annex §6.5), under the names the
 * caller allocated from the file counter (allocateDocumentNames). The XML bytes are zipped untouched: any change
 * after signing breaks the signature (reference §5.4, step 5). A caller holding the stored bytes passes them as they
 * are, not decoded to text only to be encoded again.
 */
export function packageDocument(signedXml: string | Uint8Array, options: PackageOptions): PackagedDocument {
  return packaged(signedXml, options, writeZip(entryOf(signedXml, options), options.modified));
}

/** packageDocument with the deflating on libuv's thread pool: for a caller on an event loop that serves requests. */
export async function packageDocumentOffThread(
  signedXml: string | Uint8Array,
  options: PackageOptions,
): Promise<PackagedDocument> {
  return packaged(signedXml, options, await writeZipOffThread(entryOf(signedXml, options), options.modified));
}

const entryOf = (signedXml: string | Uint8Array, options: PackageOptions): ZipInput[] => [
  { name: options.names.xml, data: typeof signedXml === 'string' ? Buffer.from(signedXml, 'utf8') : signedXml },
];

function packaged(signedXml: string | Uint8Array, options: PackageOptions, content: Uint8Array): PackagedDocument {
  // A caller that built the document (the submitter, from InvoiceRequested) passes its facts and
  // saves a parse of the whole signed XML; anyone else gets them read.
  const facts = options.facts ?? readDocumentFacts(typeof signedXml === 'string' ? signedXml : utf8Text(signedXml));
  return { zip: { fileName: options.names.zip, content }, xmlFileName: options.names.xml, facts };
}
