// @fe/dian-client/testing: DIAN's published web-service files and a recorded invoice request, for the tests of every
// workspace that talks to DIAN. Never imported by production code.
export * from './dian-spec.ts';
export * from './invoice-requested.ts';
export { fileCounterContract, type FileCounterStorage } from './file-counter.contract.ts';
export { testFileNames, packageForTest } from './test-file-names.ts';
