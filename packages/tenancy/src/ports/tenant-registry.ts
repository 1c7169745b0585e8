import type { CertificateChain, RevocationStatus } from '@fe/xades';
import type { TestSetRun } from '../test-sets/test-set-run.ts';
import type { NewTenant, TenantUpdate } from '../tenants/new-tenant.ts';
import type { ApiKeyEnvironment, TenantDirectory } from './tenant-directory.ts';

/** What the admin portal shows after an upload (public data only). */
export type CertificateSummary = {
  subjectName: string;
  issuerName: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
};

/** A stored certificate's end of validity, read without opening the .p12 (the expiry warnings'). */
export type CertificateValidity = {
  tenantId: string;
  /** The upload's generation: a replaced certificate is another generation, warned about afresh. */
  generation: number;
  notAfter: Date;
};

/** A stored certificate's public chain (leaf first), kept beside the sealed .p12: read without deriving its key. */
export type StoredCertificateChain = {
  /** The upload's generation. */
  generation: number;
  chain: CertificateChain;
};

/**
 * The writing side of the tenant registry (embedded start, CLI, portal); `tenantDirectoryContract` holds every
 * adapter to it. Secrets are sealed at rest and errors never carry one.
 */
export interface TenantRegistry extends TenantDirectory {
  tenantExists(tenantId: string): Promise<boolean>;
  /** TENANT_ID_INVALID, TENANT_INVALID (NIT/DV, resolution ids), TENANT_EXISTS; nothing written on a refusal. */
  createTenant(input: NewTenant): Promise<void>;
  /**
   * Changes company data, software, resolutions or environment in one transaction; nothing written on a refusal.
   * API keys are left alone: the caller switching the environment replaces them.
   */
  updateTenant(tenantId: string, update: TenantUpdate): Promise<void>;
  /**
   * Checks the .p12 at `at` and that it belongs to the tenant or its provider (ZE03), then replaces the tenant's
   * certificate.
   */
  storeCertificate(tenantId: string, p12: Uint8Array, password: string, at: Date): Promise<CertificateSummary>;
  /**
   * Where the stored certificate stands with its CA at `at` (signing.md, "Revocation"; cached, as credential() asks
   * it): `revoked`, `unknown` (the CA did not answer: it still signs), `good`, `not-published`; undefined without one.
   * Throws CERT_EXPIRED / CERT_NOT_YET_VALID. Read from the stored chain: no key is derived (certificateChain).
   */
  certificateRevocation(tenantId: string, at: Date): Promise<RevocationStatus | undefined>;
  /**
   * The stored certificate's public chain, kept at upload; undefined without one. A certificate stored before chains
   * were kept has its .p12 opened once (off the event loop) and its chain stored, so no later call derives a key.
   */
  certificateChain(tenantId: string): Promise<StoredCertificateChain | undefined>;
  /** Every tenant's stored certificate's validity, or `tenantId`'s alone ([] when it has none); public data. */
  certificateValidities(tenantId?: string): Promise<CertificateValidity[]>;
  /**
   * A new current key in plaintext; `environment` defaults to the tenant's (habilitación → test,
   * production → live). API_KEY_ENVIRONMENT_MISMATCH, API_KEY_EXISTS (rotate instead), TENANT_NOT_FOUND.
   */
  issueApiKey(tenantId: string, environment?: ApiKeyEnvironment): Promise<string>;
  /**
   * A new current key; the previous one keeps authenticating until `now` + `graceHours` (default 24).
   * API_KEY_NOT_FOUND, GRACE_PERIOD_INVALID.
   */
  rotateApiKey(tenantId: string, now: Date, graceHours?: number): Promise<string>;
  /** Ends every key of the tenant at once, grace or not; returns how many were live. */
  revokeApiKey(tenantId: string, at?: Date): Promise<number>;
  /** The current key in plaintext for Settings; undefined when none. */
  displayApiKey(tenantId: string): Promise<string | undefined>;
  /**
   * Records a CA the built-in DIAN simulator must trust (public data), once whatever its line breaks.
   * CA_CERTIFICATE_INVALID, TENANT_NOT_FOUND.
   */
  addTrustedCa(tenantId: string, pem: string): Promise<void>;
  /** Every trusted CA in the order added; with `tenantId`, those added for that tenant. */
  trustedCaPems(tenantId?: string): Promise<string[]>;
  /** The tenant's latest habilitación test-set run (test-sets/test-set-run.ts); undefined when none. */
  testSetRun(tenantId: string): Promise<TestSetRun | undefined>;
  /**
   * Makes `run` the tenant's run unless the stored one is still running under a live lease; true when written. Covers
   * a new run and a takeover alike.
   */
  claimTestSetRun(tenantId: string, run: TestSetRun, now: Date): Promise<boolean>;
  /**
   * Writes the progress (and lease) of the tenant's run `run.runId` as claimed by `run.holder`; false, nothing written,
   * when another run or another claim of it replaced it.
   */
  saveTestSetRun(tenantId: string, run: TestSetRun): Promise<boolean>;
  /** Releases the connection; closing twice is harmless. */
  close(): Promise<void>;
}
