// @fe/dian-client/testing: DIAN's published web-service files for the tests of every workspace
// that reads DIAN's answers. Never imported by production code.
export * from './dian-spec.ts';
