// Contract suites for the ports @fe/tenancy owns, for every adapter's tests to run.
export { tenantDirectoryContract, type TenantRegistryFactory } from './tenant-directory.contract.ts';
