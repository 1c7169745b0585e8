// @fe/portal/testing: the contract suites every AccountStore and AttemptStore adapter runs.
export { accountStoreContract } from './account-store.contract.ts';
export { attemptStoreContract } from './attempt-store.contract.ts';
