// The public surface of @fe/tenancy. Anything not exported here is private.
export type { TenantDirectory, TenantProfile, ApiKeyEnvironment } from './ports/tenant-directory.ts';
export type {
  TenantRegistry,
  CertificateSummary,
  CertificateValidity,
  StoredCertificateChain,
} from './ports/tenant-registry.ts';
export {
  certificateExpiry,
  EXPIRY_WARNING_DAYS,
  type CertificateExpiry,
  type ExpiryThreshold,
} from './certificates/expiry.ts';
export { certificateRevoked, type CertificateWarningKind } from './certificates/revoked.ts';
export { SqliteTenantDirectory, type SqliteTenantDirectoryOptions } from './adapters/sqlite-tenant-directory.ts';
export type { NewTenant } from './tenants/new-tenant.ts';
export { ensureDemoTenant, type DemoTenant, type DemoTenantRegistry } from './demo/ensure-demo-tenant.ts';
export { makeDemoCertificates, type DemoCertificates } from './demo/demo-certificates.ts';
export {
  issueTestCertificate,
  loadOrCreateLocalTestCa,
  LOCAL_TEST_CA_FILE,
  type LocalTestCa,
} from './test-ca/local-test-ca.ts';
export { issueTestCertificateOffLoop } from './test-ca/issue-off-loop.ts';
export { createSecretBox, MASTER_KEY_BYTES, type SecretBox } from './secrets/secret-box.ts';
export { loadOrCreateMasterKey } from './secrets/master-key.ts';
export {
  generateApiKey,
  isWellFormedApiKey,
  apiKeyEnvironment,
  apiKeyEnvironmentFor,
  hashApiKey,
  sameApiKeyHash,
  API_KEY_PREFIX,
  API_KEY_BODY_LENGTH,
} from './api-keys/api-key.ts';
export { TenancyError, isTenancyError, tenancyErrorCatalogue, type TenancyErrorCode } from './errors.ts';
export type { TenantUpdate } from './tenants/new-tenant.ts';
export {
  createTenantCommands,
  tenantStreamName,
  type TenantCommands,
  type TenantCommandsPorts,
  type Actor,
} from './commands/tenant-commands.ts';
export {
  companySchema,
  softwareSchema,
  resolutionSchema,
  newTenantSchema,
  noteNumberingSchema,
  checkInput,
  parseInput,
  type FieldError,
  type InputResult,
} from './tenants/tenant-input.ts';
export {
  defaultNoteNumbering,
  noteNumberingOf,
  checkNoteNumbering,
  type NoteNumbering,
  type NoteSeries,
} from './notes/note-numbering.ts';
export {
  tacitAcceptanceOf,
  tacitAcceptanceSettings,
  isTacitAcceptanceSetting,
  type TacitAcceptanceSetting,
} from './radian/tacit-acceptance-setting.ts';
export { contingencyOf, isContingencySetting, type ContingencySetting } from './contingency/contingency-setting.ts';
export { testSetDocumentKey, testSetIdForDocument, testSetLookup, type TestSetRun } from './test-sets/test-set-run.ts';
