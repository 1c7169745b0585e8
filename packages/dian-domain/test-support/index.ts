// @fe/dian-domain/testing: the invoice, note and event tables every check runs over, the XSD checks, and the
// xmlbuilder2 writer the tests and `pnpm bench:build` compare the default writer with (not in the package index: every
// isolate importing it would load xmlbuilder2).
export * from './invoice-cases.ts';
export * from './note-cases.ts';
export * from './xmllint.ts';
export * from './dian-spec.ts';
export * from './event-cases.ts';
export { Xmlbuilder2Writer } from '../src/ubl/xmlbuilder2-writer.ts';
