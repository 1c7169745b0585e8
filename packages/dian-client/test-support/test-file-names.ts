import { dianFileName, type DianFileNames } from '../src/file-names/file-names.ts';
import { readDocumentFacts } from '../src/packaging/document-facts.ts';
import { packageDocument, type PackagedDocument } from '../src/packaging/package-document.ts';

// A process-wide count from a random start: tests that are not about names get names of the annex's form, for the
// document's kind, NIT and year, that no other test of the run repeats. The service's come from a FileCounter.
let next = 1 + Math.floor(Math.random() * 0x1000_0000);

/** Annex-form names for a signed document, for tests only. */
export function testFileNames(xml: string): DianFileNames {
  const facts = readDocumentFacts(xml);
  const parts = { nit: facts.issuerNit, year: Number(facts.issueDate.slice(0, 4)) };
  return {
    xml: dianFileName({ kind: facts.type, ...parts, consecutive: next++ }),
    zip: dianFileName({ kind: 'z', ...parts, consecutive: next++ }),
  };
}

/** packageDocument under testFileNames. */
export const packageForTest = (xml: string, modified: Date = new Date()): PackagedDocument =>
  packageDocument(xml, { modified, names: testFileNames(xml) });
