// @fe/portal/testing: the contract suites every AccountStore, AttemptStore and ExpiryWarningStore adapter runs.
export { accountStoreContract } from './account-store.contract.ts';
export { attemptStoreContract } from './attempt-store.contract.ts';
export { expiryWarningStoreContract } from './expiry-warning-store.contract.ts';
