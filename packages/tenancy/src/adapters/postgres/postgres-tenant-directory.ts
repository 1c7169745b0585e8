import type { DianEnvironment, NumberingResolution, SoftwareRegistration, Tenant } from '@fe/dian-domain';
import { AdapterPool, migrationSet, type PgFailure, type Queryable } from '@fe/platform-postgres';
import {
  sharedP12Loader,
  sharedRevocationChecker,
  type P12Loader,
  type RevocationChecker,
  type RevocationStatus,
  type SigningCredential,
} from '@fe/xades';
import type pg from 'pg';
import { apiKeyEnvironmentFor } from '../../api-keys/api-key.ts';
import { TenancyError } from '../../errors.ts';
import type { ApiKeyEnvironment, TenantProfile } from '../../ports/tenant-directory.ts';
import type {
  CertificateSummary,
  CertificateValidity,
  StoredCertificateChain,
  TenantRegistry,
} from '../../ports/tenant-registry.ts';
import { createSecretBox, type SecretBox } from '../../secrets/secret-box.ts';
import {
  checkNewTenant,
  checkTenantId,
  checkTenantUpdate,
  type NewTenant,
  type TenantUpdate,
} from '../../tenants/new-tenant.ts';
import { graceEnd } from '../common/api-key-authenticator.ts';
import { certificateOwners, sealSoftware } from '../common/sealed-secrets.ts';
import { noteNumberingAfter, ProfileCache, tenantProfile } from '../common/tenant-profile.ts';
import type { NoteNumbering } from '../../notes/note-numbering.ts';
import { normalizeCaPem } from '../common/trusted-ca.ts';
import { PostgresApiKeys } from './postgres-api-keys.ts';
import { PostgresCertificates } from './postgres-certificates.ts';
import { PostgresTestSetRuns } from './postgres-test-set-runs.ts';
import type { TestSetRun } from '../../test-sets/test-set-run.ts';

/** The tables of this adapter (migrations/), applied by the shared migrator under the set 'tenancy'. */
export const tenantDirectoryMigrations = () => migrationSet('tenancy', new URL('./migrations/', import.meta.url));

export type PostgresTenantDirectoryOptions = {
  /** The service's pool (createPostgresPool); the caller ends it. */
  pool: pg.Pool;
  /** 32 bytes (loadOrCreateMasterKey): the same key as the SQLite registry's, sealing the same secrets the same way. */
  masterKey: Uint8Array;
  /** The clock `authenticate` judges grace periods by, and that stamps created/revoked times. */
  now?: () => Date;
  /** Opens .p12 files off the event loop; the process's shared loader by default. */
  p12Loader?: P12Loader;
  /** Asks the certificate's CA whether it is revoked, at upload and before each use; the process's by default. */
  revocation?: RevocationChecker;
};

type TenantRow = {
  id: string;
  environment: string;
  tenant: Tenant;
  software: Omit<SoftwareRegistration, 'pin'>;
  sealed_pin: Buffer;
  active_resolution_id: string | null;
  note_numbering: NoteNumbering | null;
  tacit_acceptance: string | null;
  contingency: string | null;
};

/**
 * The tenant registry on PostgreSQL. Secrets are sealed in this process, so the server and its backups hold
 * only ciphertext; read-then-write commands lock the tenant's row so two replicas take turns.
 */
export class PostgresTenantDirectory implements TenantRegistry {
  private readonly db: AdapterPool;
  private readonly box: SecretBox;
  private readonly now: () => Date;
  private readonly keys: PostgresApiKeys;
  private readonly certificates: PostgresCertificates;
  private readonly testSetRuns: PostgresTestSetRuns;
  private readonly profiles = new ProfileCache();

  constructor(options: PostgresTenantDirectoryOptions) {
    this.box = createSecretBox(options.masterKey); // first: a bad key fails before any query
    this.now = options.now ?? (() => new Date());
    this.db = new AdapterPool(options.pool, { name: 'the tenant registry', translate: registryConflict });
    this.keys = new PostgresApiKeys(this.db, this.box);
    this.certificates = new PostgresCertificates(
      this.db,
      this.box,
      options.p12Loader ?? sharedP12Loader(),
      options.revocation ?? sharedRevocationChecker(),
    );
    this.testSetRuns = new PostgresTestSetRuns(this.db);
  }

  async authenticate(apiKey: string): Promise<{ tenantId: string } | undefined> {
    return this.keys.authenticate(apiKey, this.now());
  }

  /** Cached for a second (common/tenant-profile.ts); this registry's own writes drop it at once. */
  async profile(tenantId: string): Promise<TenantProfile | undefined> {
    return this.profiles.get(tenantId, () => this.readProfile(tenantId));
  }

  private async readProfile(tenantId: string): Promise<TenantProfile | undefined> {
    const row = await this.tenantRow(this.db, tenantId);
    if (!row) return undefined;
    const { rows } = await this.db.query<{ resolution: NumberingResolution }>(
      'SELECT resolution FROM resolutions WHERE tenant_id = $1 ORDER BY ordinal',
      [tenantId],
    );
    const stored = {
      id: row.id,
      environment: row.environment,
      tenant: row.tenant,
      publicSoftware: row.software,
      sealedPin: row.sealed_pin,
      activeResolutionId: row.active_resolution_id,
      noteNumbering: row.note_numbering,
      tacitAcceptance: row.tacit_acceptance,
      contingency: row.contingency,
    };
    return tenantProfile(
      this.box,
      stored,
      rows.map((r) => r.resolution),
      await this.certificates.has(tenantId),
    );
  }

  async credential(tenantId: string, at: Date): Promise<SigningCredential | undefined> {
    return this.certificates.credential(tenantId, at);
  }

  async certificateRevocation(tenantId: string, at: Date): Promise<RevocationStatus | undefined> {
    return this.certificates.revocation(tenantId, at);
  }

  async certificateChain(tenantId: string): Promise<StoredCertificateChain | undefined> {
    return this.certificates.chain(tenantId);
  }

  async tenantExists(tenantId: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM tenants WHERE id = $1', [tenantId])).rowCount === 1;
  }

  /**
   * TENANT_ID_INVALID, TENANT_INVALID (NIT/DV, resolution ids), TENANT_EXISTS (the primary key decides); nothing
   * written on a refusal.
   */
  async createTenant(input: NewTenant): Promise<void> {
    checkNewTenant(input);
    const { tenant, environment, software, resolutions, activeResolutionId } = input;
    const { publicSoftware, sealedPin } = sealSoftware(this.box, tenant.id, software);
    await this.db.transaction(async (tx) => {
      await tx.query(
        'INSERT INTO tenants (id, environment, tenant, software, sealed_pin, active_resolution_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [
          tenant.id,
          environment,
          JSON.stringify(tenant),
          JSON.stringify(publicSoftware),
          sealedPin,
          activeResolutionId ?? null,
          this.now(),
        ],
      );
      for (const [ordinal, resolution] of resolutions.entries()) {
        await tx.query('INSERT INTO resolutions (tenant_id, id, ordinal, resolution) VALUES ($1, $2, $3, $4)', [
          tenant.id,
          resolution.id,
          ordinal,
          JSON.stringify(resolution),
        ]);
      }
    });
    this.profiles.forget(tenant.id); // "no such tenant" may be cached
  }

  /** TENANT_INVALID, TENANT_NOT_FOUND; under the tenant's row lock, nothing written on a refusal. */
  async updateTenant(tenantId: string, update: TenantUpdate): Promise<void> {
    checkTenantUpdate(tenantId, update);
    try {
      await this.withTenantLocked(tenantId, async (tx, row) => {
        const { rows: resolutions } = await tx.query<{ prefix: string }>(
          "SELECT resolution->>'prefix' AS prefix FROM resolutions WHERE tenant_id = $1",
          [tenantId],
        );
        const numbering = noteNumberingAfter(
          update,
          row.note_numbering,
          resolutions.map((r) => r.prefix),
        );
        if (numbering)
          await tx.query('UPDATE tenants SET note_numbering = $2 WHERE id = $1', [tenantId, JSON.stringify(numbering)]);
        if (update.tenant)
          await tx.query('UPDATE tenants SET tenant = $2 WHERE id = $1', [tenantId, JSON.stringify(update.tenant)]);
        if (update.tacitAcceptance)
          await tx.query('UPDATE tenants SET tacit_acceptance = $2 WHERE id = $1', [tenantId, update.tacitAcceptance]);
        if (update.contingency)
          await tx.query('UPDATE tenants SET contingency = $2 WHERE id = $1', [tenantId, update.contingency]);
        if (update.software) {
          const { publicSoftware, sealedPin } = sealSoftware(this.box, tenantId, update.software);
          await tx.query('UPDATE tenants SET software = $2, sealed_pin = $3 WHERE id = $1', [
            tenantId,
            JSON.stringify(publicSoftware),
            sealedPin,
          ]);
        }
        if (update.environment)
          await tx.query('UPDATE tenants SET environment = $2 WHERE id = $1', [tenantId, update.environment]);
        const resolution = update.addResolution;
        if (resolution) {
          const taken = await tx.query('SELECT 1 FROM resolutions WHERE tenant_id = $1 AND id = $2', [
            tenantId,
            resolution.id,
          ]);
          if (taken.rowCount) throw new TenancyError('TENANT_INVALID', `resolution id ${resolution.id} is taken`);
          await tx.query(
            'INSERT INTO resolutions (tenant_id, id, ordinal, resolution) SELECT $1, $2, COALESCE(MAX(ordinal) + 1, 0), $3 FROM resolutions WHERE tenant_id = $1',
            [tenantId, resolution.id, JSON.stringify(resolution)],
          );
          if (update.activateResolution)
            await tx.query('UPDATE tenants SET active_resolution_id = $2 WHERE id = $1', [tenantId, resolution.id]);
        }
      });
    } finally {
      this.profiles.forget(tenantId);
    }
  }

  /** Refuses a .p12 that does not qualify at `at` with the signer's code; then replaces the tenant's certificate. */
  async storeCertificate(tenantId: string, p12: Uint8Array, password: string, at: Date): Promise<CertificateSummary> {
    // tenants are never deleted: checking before the slow load is enough
    const row = await this.requireTenant(this.db, tenantId);
    try {
      return await this.certificates.store(
        tenantId,
        p12,
        password,
        at,
        certificateOwners(row.tenant, row.software),
        (write) => this.withTenantLocked(tenantId, write),
      );
    } finally {
      this.profiles.forget(); // after the write: a read during the load must not keep the old profile
    }
  }

  /**
   * A new current key in plaintext; API_KEY_ENVIRONMENT_MISMATCH, API_KEY_EXISTS (rotate instead), TENANT_NOT_FOUND.
   */
  async issueApiKey(tenantId: string, environment?: ApiKeyEnvironment): Promise<string> {
    checkTenantId(tenantId);
    return this.withTenantLocked(tenantId, async (tx, row) => {
      const expected = apiKeyEnvironmentFor(row.environment as DianEnvironment);
      if (environment !== undefined && environment !== expected) throw new TenancyError('API_KEY_ENVIRONMENT_MISMATCH');
      return this.keys.issue(tx, tenantId, expected, this.now());
    });
  }

  async certificateValidities(tenantId?: string): Promise<CertificateValidity[]> {
    return this.certificates.validities(tenantId);
  }

  /** A new current key; the previous one keeps authenticating until `now` + `graceHours` (default 24). */
  async rotateApiKey(tenantId: string, now: Date, graceHours = 24): Promise<string> {
    const expiresAt = graceEnd(now, graceHours);
    return this.withTenantLocked(tenantId, (tx) => this.keys.rotate(tx, tenantId, now, expiresAt), 'API_KEY_NOT_FOUND');
  }

  /** Ends every key of the tenant at once, grace or not (a leaked key); returns how many were live. */
  async revokeApiKey(tenantId: string, at: Date = this.now()): Promise<number> {
    return this.keys.revoke(tenantId, at);
  }

  async displayApiKey(tenantId: string): Promise<string | undefined> {
    return this.keys.display(tenantId);
  }

  /** Records a CA certificate the built-in DIAN simulator must trust (public data), once. */
  async addTrustedCa(tenantId: string, pem: string): Promise<void> {
    const normalized = normalizeCaPem(pem);
    await this.requireTenant(this.db, tenantId);
    await this.db.query(
      'INSERT INTO trusted_cas (pem, tenant_id, added_at) VALUES ($1, $2, $3) ON CONFLICT (pem) DO NOTHING',
      [normalized, tenantId, this.now()],
    );
  }

  async trustedCaPems(tenantId?: string): Promise<string[]> {
    const { rows } =
      tenantId === undefined
        ? await this.db.query<{ pem: string }>('SELECT pem FROM trusted_cas ORDER BY ordinal')
        : await this.db.query<{ pem: string }>('SELECT pem FROM trusted_cas WHERE tenant_id = $1 ORDER BY ordinal', [
            tenantId,
          ]);
    return rows.map((r) => r.pem);
  }

  async testSetRun(tenantId: string): Promise<TestSetRun | undefined> {
    return this.testSetRuns.get(tenantId);
  }

  /**
   * Unless another process's run is still running under its lease (one upsert decides between two claims);
   * TENANT_NOT_FOUND.
   */
  async claimTestSetRun(tenantId: string, run: TestSetRun, now: Date): Promise<boolean> {
    await this.requireTenant(this.db, tenantId); // tenants are never deleted: checking first is enough
    return this.testSetRuns.claim(tenantId, run, now);
  }

  async saveTestSetRun(tenantId: string, run: TestSetRun): Promise<boolean> {
    return this.testSetRuns.save(tenantId, run);
  }

  /** Stops this registry (later calls are STORE_UNAVAILABLE); the pool is the caller's. */
  async close(): Promise<void> {
    this.db.close();
  }

  /** `work` in a transaction holding the tenant's row lock: writes for one tenant take turns across replicas. */
  private async withTenantLocked<T>(
    tenantId: string,
    work: (tx: Queryable, row: TenantRow) => Promise<T>,
    missing: 'TENANT_NOT_FOUND' | 'API_KEY_NOT_FOUND' = 'TENANT_NOT_FOUND',
  ): Promise<T> {
    return this.db.transaction(async (tx) => {
      const row = await this.tenantRow(tx, tenantId, 'FOR UPDATE');
      if (!row) throw new TenancyError(missing, tenantId);
      return work(tx, row);
    });
  }

  private async requireTenant(db: Queryable, tenantId: string): Promise<TenantRow> {
    checkTenantId(tenantId);
    const row = await this.tenantRow(db, tenantId);
    if (!row) throw new TenancyError('TENANT_NOT_FOUND', tenantId);
    return row;
  }

  private async tenantRow(db: Queryable, tenantId: string, lock = ''): Promise<TenantRow | undefined> {
    const { rows } = await db.query<TenantRow>(
      `SELECT id, environment, tenant, software, sealed_pin, active_resolution_id, note_numbering, tacit_acceptance, contingency FROM tenants WHERE id = $1 ${lock}`,
      [tenantId],
    );
    return rows[0];
  }
}

/** What the constraints refuse, as the registry's codes. */
const registryConflict = (error: PgFailure) => {
  if (error.code !== '23505') return undefined;
  if (error.constraint === 'tenants_pkey') return new TenancyError('TENANT_EXISTS');
  if (error.constraint === 'api_keys_one_current') return new TenancyError('API_KEY_EXISTS');
  return undefined;
};
