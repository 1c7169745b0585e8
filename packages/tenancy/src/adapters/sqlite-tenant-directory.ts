import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { DianEnvironment, NumberingResolution } from '@fe/dian-domain';
import { immediate, openWalDatabase } from '@fe/platform';
import {
  sharedP12Loader,
  sharedRevocationChecker,
  type P12Loader,
  type RevocationChecker,
  type RevocationStatus,
  type SigningCredential,
} from '@fe/xades';
import { apiKeyEnvironmentFor } from '../api-keys/api-key.ts';
import { TenancyError } from '../errors.ts';
import type { NoteNumbering } from '../notes/note-numbering.ts';
import type { ApiKeyEnvironment, TenantProfile } from '../ports/tenant-directory.ts';
import type {
  CertificateSummary,
  CertificateValidity,
  StoredCertificateChain,
  TenantRegistry,
} from '../ports/tenant-registry.ts';
import { createSecretBox, type SecretBox } from '../secrets/secret-box.ts';
import {
  checkNewTenant,
  checkTenantId,
  checkTenantUpdate,
  type NewTenant,
  type TenantUpdate,
} from '../tenants/new-tenant.ts';
import { certificateOwners, sealSoftware } from './common/sealed-secrets.ts';
import { noteNumberingAfter, ProfileCache, tenantProfile } from './common/tenant-profile.ts';
import { normalizeCaPem } from './common/trusted-ca.ts';
import { SqliteApiKeyStore } from './sqlite-api-key-store.ts';
import { SqliteCertificateStore } from './sqlite-certificate-store.ts';
import { SqliteTestSetRuns } from './sqlite-test-set-runs.ts';
import type { TestSetRun } from '../test-sets/test-set-run.ts';
import { sealPlainSoftwarePins } from './sqlite-pin-migration.ts';
import { addLaterColumns, SCHEMA, SCHEMA_VERSION, type TenantRow } from './sqlite-schema.ts';

export type SqliteTenantDirectoryOptions = {
  /** A file, or ':memory:' for tests. */
  path: string;
  /**
   * 32 bytes (loadOrCreateMasterKey); seals the .p12, its password, the DIAN software PIN and the displayable API keys.
   */
  masterKey: Uint8Array;
  /** The clock `authenticate` judges grace periods by, and that stamps created/revoked times. */
  now?: () => Date;
  /** Opens .p12 files off the event loop; the process's shared loader by default. */
  p12Loader?: P12Loader;
  /** Asks the certificate's CA whether it is revoked, at upload and before each use; the process's by default. */
  revocation?: RevocationChecker;
};

/**
 * The embedded tenant registry on `node:sqlite`: synchronous FULL so a written key survives a power cut, and
 * secure_delete so a rewritten secret's old bytes are zeroed.
 */
export class SqliteTenantDirectory implements TenantRegistry {
  private readonly db: DatabaseSync;
  private readonly box: SecretBox;
  private readonly now: () => Date;
  private readonly keys: SqliteApiKeyStore;
  private readonly certificates: SqliteCertificateStore;
  private readonly testSetRuns: SqliteTestSetRuns;
  private readonly tenantById: StatementSync;
  private readonly resolutionsOf: StatementSync;

  private readonly profiles = new ProfileCache();

  constructor(options: SqliteTenantDirectoryOptions) {
    const box = createSecretBox(options.masterKey); // first: a bad key fails before the file is touched
    this.box = box;
    this.now = options.now ?? (() => new Date());
    this.db = openWalDatabase(options.path, 'FULL');
    this.db.exec('PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON;');
    this.db.exec(SCHEMA);
    sealPlainSoftwarePins(this.db, box);
    addLaterColumns(this.db);
    this.db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    this.keys = new SqliteApiKeyStore(this.db, box);
    this.certificates = new SqliteCertificateStore(
      this.db,
      box,
      options.p12Loader ?? sharedP12Loader(),
      options.revocation ?? sharedRevocationChecker(),
    );
    this.testSetRuns = new SqliteTestSetRuns(this.db);
    this.tenantById = this.db.prepare(
      'SELECT id, environment, tenant, software, active_resolution_id, sealed_pin, note_numbering, tacit_acceptance, contingency FROM tenants WHERE id = ?',
    );
    this.resolutionsOf = this.db.prepare('SELECT resolution FROM resolutions WHERE tenant_id = ? ORDER BY ordinal');
  }

  async authenticate(apiKey: string): Promise<{ tenantId: string } | undefined> {
    return this.keys.authenticate(apiKey, this.now());
  }

  /** Cached for a second (common/tenant-profile.ts); this directory's own writes drop it at once. */
  async profile(tenantId: string): Promise<TenantProfile | undefined> {
    return this.profiles.get(tenantId, async () => this.readProfile(tenantId));
  }

  private readProfile(tenantId: string): TenantProfile | undefined {
    const row = this.tenantById.get(tenantId) as TenantRow | undefined;
    if (!row) return undefined;
    const resolutions = (this.resolutionsOf.all(tenantId) as { resolution: string }[]).map(
      (r) => JSON.parse(r.resolution) as NumberingResolution,
    );
    const stored = {
      id: row.id,
      environment: row.environment,
      tenant: JSON.parse(row.tenant),
      publicSoftware: JSON.parse(row.software),
      sealedPin: row.sealed_pin,
      activeResolutionId: row.active_resolution_id,
      noteNumbering: row.note_numbering === null ? null : (JSON.parse(row.note_numbering) as NoteNumbering),
      tacitAcceptance: row.tacit_acceptance,
      contingency: row.contingency,
    };
    return tenantProfile(this.box, stored, resolutions, this.certificates.has(tenantId));
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
    return this.tenantById.get(tenantId) !== undefined;
  }

  /** TENANT_ID_INVALID, TENANT_INVALID (NIT/DV, resolution ids), TENANT_EXISTS. */
  async createTenant(input: NewTenant): Promise<void> {
    checkNewTenant(input);
    const { tenant, environment, software, resolutions, activeResolutionId } = input;
    immediate(this.db, () => {
      if (this.tenantById.get(tenant.id)) throw new TenancyError('TENANT_EXISTS', tenant.id);
      const { publicSoftware, sealedPin } = sealSoftware(this.box, tenant.id, software);
      this.db
        .prepare(
          'INSERT INTO tenants (id, environment, tenant, software, sealed_pin, active_resolution_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          tenant.id,
          environment,
          JSON.stringify(tenant),
          JSON.stringify(publicSoftware),
          sealedPin,
          activeResolutionId ?? null,
          this.now().getTime(),
        );
      const insert = this.db.prepare(
        'INSERT INTO resolutions (tenant_id, id, ordinal, resolution) VALUES (?, ?, ?, ?)',
      );
      resolutions.forEach((resolution, ordinal) =>
        insert.run(tenant.id, resolution.id, ordinal, JSON.stringify(resolution)),
      );
    });
    this.profiles.forget(tenant.id); // "no such tenant" may be cached
  }

  /** TENANT_INVALID, TENANT_NOT_FOUND; one transaction, nothing written on a refusal. */
  async updateTenant(tenantId: string, update: TenantUpdate): Promise<void> {
    checkTenantUpdate(tenantId, update);
    immediate(this.db, () => {
      const row = this.requireTenant(tenantId);
      const prefixes = (this.resolutionsOf.all(tenantId) as { resolution: string }[]).map(
        (r) => (JSON.parse(r.resolution) as NumberingResolution).prefix,
      );
      const numbering = noteNumberingAfter(
        update,
        row.note_numbering === null ? null : (JSON.parse(row.note_numbering) as NoteNumbering),
        prefixes,
      );
      if (numbering)
        this.db.prepare('UPDATE tenants SET note_numbering = ? WHERE id = ?').run(JSON.stringify(numbering), tenantId);
      if (update.tenant)
        this.db.prepare('UPDATE tenants SET tenant = ? WHERE id = ?').run(JSON.stringify(update.tenant), tenantId);
      if (update.tacitAcceptance)
        this.db.prepare('UPDATE tenants SET tacit_acceptance = ? WHERE id = ?').run(update.tacitAcceptance, tenantId);
      if (update.contingency)
        this.db.prepare('UPDATE tenants SET contingency = ? WHERE id = ?').run(update.contingency, tenantId);
      if (update.software) {
        const { publicSoftware, sealedPin } = sealSoftware(this.box, tenantId, update.software);
        this.db
          .prepare('UPDATE tenants SET software = ?, sealed_pin = ? WHERE id = ?')
          .run(JSON.stringify(publicSoftware), sealedPin, tenantId);
      }
      if (update.environment)
        this.db.prepare('UPDATE tenants SET environment = ? WHERE id = ?').run(update.environment, tenantId);
      const resolution = update.addResolution;
      if (resolution) {
        if (this.db.prepare('SELECT 1 FROM resolutions WHERE tenant_id = ? AND id = ?').get(tenantId, resolution.id)) {
          throw new TenancyError('TENANT_INVALID', `resolution id ${resolution.id} is taken`);
        }
        const { next } = this.db
          .prepare('SELECT COALESCE(MAX(ordinal) + 1, 0) AS next FROM resolutions WHERE tenant_id = ?')
          .get(tenantId) as { next: number };
        this.db
          .prepare('INSERT INTO resolutions (tenant_id, id, ordinal, resolution) VALUES (?, ?, ?, ?)')
          .run(tenantId, resolution.id, next, JSON.stringify(resolution));
        if (update.activateResolution)
          this.db.prepare('UPDATE tenants SET active_resolution_id = ? WHERE id = ?').run(resolution.id, tenantId);
      }
    });
    this.profiles.forget(tenantId);
  }

  /**
   * Checks the .p12 at `at` off the event loop (refused with its XadesError code) and replaces the tenant's
   * certificate, sealed; the credential just loaded is the one cached for it.
   */
  async storeCertificate(tenantId: string, p12: Uint8Array, password: string, at: Date): Promise<CertificateSummary> {
    const row = this.requireTenant(tenantId); // tenants are never deleted: checking before the slow load is enough
    try {
      return await this.certificates.store(
        tenantId,
        p12,
        password,
        at,
        certificateOwners(JSON.parse(row.tenant), JSON.parse(row.software)),
      );
    } finally {
      this.profiles.forget(); // after the write: a read during the load must not keep the old profile
    }
  }

  async certificateValidities(tenantId?: string): Promise<CertificateValidity[]> {
    return this.certificates.validities(tenantId);
  }

  /**
   * A new current key in plaintext, for the tenant's environment by default. API_KEY_EXISTS when one is current:
   * rotate it instead.
   */
  async issueApiKey(tenantId: string, environment?: ApiKeyEnvironment): Promise<string> {
    return immediate(this.db, () => {
      const expected = apiKeyEnvironmentFor(this.requireTenant(tenantId).environment as DianEnvironment);
      if (environment !== undefined && environment !== expected) throw new TenancyError('API_KEY_ENVIRONMENT_MISMATCH');
      return this.keys.issue(tenantId, expected, this.now());
    });
  }

  /** A new current key; the previous one keeps authenticating until `now` + `graceHours` (default 24). */
  async rotateApiKey(tenantId: string, now: Date, graceHours = 24): Promise<string> {
    return this.keys.rotate(tenantId, now, graceHours);
  }

  /** Ends every key of the tenant at once, grace or not (a leaked key); returns how many were live. */
  async revokeApiKey(tenantId: string, at: Date = this.now()): Promise<number> {
    return this.keys.revoke(tenantId, at);
  }

  /** The current key in plaintext for Settings; undefined when none. SECRET_UNREADABLE with a wrong master key. */
  async displayApiKey(tenantId: string): Promise<string | undefined> {
    return this.keys.display(tenantId);
  }

  /** Records a CA certificate the built-in DIAN simulator must trust (public data). Idempotent. */
  async addTrustedCa(tenantId: string, pem: string): Promise<void> {
    const normalized = normalizeCaPem(pem);
    immediate(this.db, () => {
      this.requireTenant(tenantId);
      this.db
        .prepare('INSERT OR IGNORE INTO trusted_cas (pem, tenant_id, added_at) VALUES (?, ?, ?)')
        .run(normalized, tenantId, this.now().getTime());
    });
  }

  /** Every trusted CA in the order they were added; with `tenantId`, those added for that tenant. */
  async trustedCaPems(tenantId?: string): Promise<string[]> {
    const rows =
      tenantId === undefined
        ? this.db.prepare('SELECT pem FROM trusted_cas ORDER BY rowid').all()
        : this.db.prepare('SELECT pem FROM trusted_cas WHERE tenant_id = ? ORDER BY rowid').all(tenantId);
    return (rows as { pem: string }[]).map((r) => r.pem);
  }

  async testSetRun(tenantId: string): Promise<TestSetRun | undefined> {
    return this.testSetRuns.get(tenantId);
  }

  /** Unless another process's run is still running under its lease; TENANT_NOT_FOUND. */
  async claimTestSetRun(tenantId: string, run: TestSetRun, now: Date): Promise<boolean> {
    return immediate(this.db, () => {
      this.requireTenant(tenantId);
      return this.testSetRuns.claim(tenantId, run, now);
    });
  }

  async saveTestSetRun(tenantId: string, run: TestSetRun): Promise<boolean> {
    return this.testSetRuns.save(tenantId, run);
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }

  private requireTenant(tenantId: string): TenantRow {
    checkTenantId(tenantId);
    const row = this.tenantById.get(tenantId) as TenantRow | undefined;
    if (!row) throw new TenancyError('TENANT_NOT_FOUND', tenantId);
    return row;
  }
}
