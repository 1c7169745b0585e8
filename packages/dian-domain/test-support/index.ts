// @fe/dian-domain/testing: the invoice, note and event tables every check runs over, and the XSD checks.
export * from './invoice-cases.ts';
export * from './note-cases.ts';
export * from './xmllint.ts';
export * from './dian-spec.ts';
export * from './event-cases.ts';
