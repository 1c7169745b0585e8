// @fe/xades/testing: test identities, the invoices signing is verified and measured on, and the
// independent verifiers (xmlsec1, xml-crypto, xades4j, xmllint), for the tests and the bench of
// every workspace that signs. Never imported by production code.
export { makeTestIdentity } from './in-memory-credential.ts';
export { repackP12 } from './repack-p12.ts';
export * from './invoice-cases.ts';
export * from './tools.ts';
export { startRevocationCa, type RevocationCa } from './revocation-ca.ts';
