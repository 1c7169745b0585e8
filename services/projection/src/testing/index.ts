// Contract suites for the ports @fe/projection owns, for every adapter's tests to run.
export { statusStoreContract, type StatusStoreFixture } from './status-store.contract.ts';
