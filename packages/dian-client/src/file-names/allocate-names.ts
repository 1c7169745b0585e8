import type { FileCounter } from '../ports/file-counter.ts';
import { dianFileName, type DianFileNames, type DocumentType } from './file-names.ts';

export type DocumentFileRequest = {
  nit: string;
  type: DocumentType;
  /** The year a first allocation takes (the document's, or today's for a file made now). */
  year: number;
  /** The document's stream id, plus a suffix where one stream has several files of a kind (an event's code). */
  owner: string;
  providerCode?: string;
};

/**
 * A document's XML name and its zip's, each from its own counter (the zip is a file of kind `z`). The zip's owner
 * names the XML's kind, so a document's zip to DIAN and its AttachedDocument's zip to the buyer are two files.
 * The zip takes the XML's year, so the two names agree on NIT, PPP and year (the simulator checks it).
 */
export async function allocateDocumentNames(
  counter: FileCounter,
  request: DocumentFileRequest,
): Promise<DianFileNames> {
  const { nit, type, owner } = request;
  const xml = await counter.allocate({ nit, kind: type, year: request.year, owner });
  const zip = await counter.allocate({ nit, kind: 'z', year: xml.year, owner: `${owner}:${type}` });
  const provider = request.providerCode ? { providerCode: request.providerCode } : {};
  return {
    xml: dianFileName({ kind: type, nit, ...provider, ...xml }),
    zip: dianFileName({ kind: 'z', nit, ...provider, ...zip }),
  };
}
