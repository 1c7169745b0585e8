// @fe/portal/testing: the contract suite every AccountStore adapter runs.
export { accountStoreContract } from './account-store.contract.ts';
