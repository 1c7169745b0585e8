// @fe/invoice-status/testing: one invoice's events as the services append them, for the tests of
// every workspace that folds or stores status views. Never imported by production code.
export * from './invoice-events.ts';
export * from './note-events.ts';
export { statusStoreContract, type StatusStoreFixture } from './status-store.contract.ts';
