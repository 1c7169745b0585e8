// Contract suites for the ports @fe/ingress owns, for every adapter's tests to run.
export { idempotencyStoreContract } from './idempotency-store.contract.ts';
