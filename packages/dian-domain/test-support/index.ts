// @fe/dian-domain/testing: the invoice and note tables every check runs over, and the XSD checks.
export * from './invoice-cases.ts';
export * from './note-cases.ts';
export * from './xmllint.ts';
export * from './dian-spec.ts';
