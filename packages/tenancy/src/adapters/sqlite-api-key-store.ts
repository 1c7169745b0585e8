import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { immediate } from '@fe/platform';
import { generateApiKey, hashApiKey } from '../api-keys/api-key.ts';
import { TenancyError } from '../errors.ts';
import type { ApiKeyEnvironment } from '../ports/tenant-directory.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { ApiKeyAuthenticator, graceEnd } from './common/api-key-authenticator.ts';
import { openApiKey, sealApiKey } from './common/sealed-secrets.ts';
import type { ApiKeyRow } from './sqlite-schema.ts';

/**
 * The api_keys table. A plaintext key leaves only as issue/rotate/display's return value; it is stored sealed and
 * looked up by hash.
 */
export class SqliteApiKeyStore {
  private readonly db: DatabaseSync;
  private readonly box: SecretBox;
  private readonly current: StatementSync;
  private readonly insert: StatementSync;
  private readonly authenticator: ApiKeyAuthenticator;

  constructor(db: DatabaseSync, box: SecretBox) {
    this.db = db;
    this.box = box;
    const byHash = db.prepare('SELECT hash, tenant_id, expires_at, revoked_at FROM api_keys WHERE hash = ?');
    this.authenticator = new ApiKeyAuthenticator(async (hash) => {
      const row = byHash.get(hash) as ApiKeyRow | undefined;
      return row && { hash: row.hash, tenantId: row.tenant_id, expiresAt: row.expires_at, revokedAt: row.revoked_at };
    });
    this.current = db.prepare(
      'SELECT hash, environment, sealed_key FROM api_keys WHERE tenant_id = ? AND expires_at IS NULL AND revoked_at IS NULL',
    );
    this.insert = db.prepare(
      'INSERT INTO api_keys (hash, tenant_id, environment, sealed_key, created_at) VALUES (?, ?, ?, ?, ?)',
    );
  }

  /** Malformed keys are refused before the database is touched; unknown, revoked or past-grace keys → undefined. */
  authenticate(apiKey: string, now: Date): Promise<{ tenantId: string } | undefined> {
    return this.authenticator.authenticate(apiKey, now);
  }

  /** Inside the caller's transaction. */
  issue(tenantId: string, environment: ApiKeyEnvironment, now: Date): string {
    this.authenticator.forget();
    if (this.current.get(tenantId)) throw new TenancyError('API_KEY_EXISTS', tenantId);
    return this.insertKey(tenantId, environment, now);
  }

  /** The current key keeps working until now + graceHours; the new one works at once. */
  rotate(tenantId: string, now: Date, graceHours: number): string {
    this.authenticator.forget();
    const expiresAt = graceEnd(now, graceHours);
    return immediate(this.db, () => {
      const old = this.current.get(tenantId) as { hash: string; environment: ApiKeyEnvironment } | undefined;
      if (!old) throw new TenancyError('API_KEY_NOT_FOUND', tenantId);
      this.db.prepare('UPDATE api_keys SET expires_at = ? WHERE hash = ?').run(expiresAt.getTime(), old.hash);
      return this.insertKey(tenantId, old.environment, now);
    });
  }

  /** Revokes every key of the tenant, the current one and any still in grace; returns how many. */
  revoke(tenantId: string, at: Date): number {
    this.authenticator.forget();
    const result = this.db
      .prepare('UPDATE api_keys SET revoked_at = ? WHERE tenant_id = ? AND revoked_at IS NULL')
      .run(at.getTime(), tenantId);
    return Number(result.changes);
  }

  /** The current key in plaintext, for Settings; undefined when the tenant has none. */
  display(tenantId: string): string | undefined {
    const row = this.current.get(tenantId) as { hash: string; sealed_key: Uint8Array } | undefined;
    return row && openApiKey(this.box, tenantId, row.hash, row.sealed_key);
  }

  private insertKey(tenantId: string, environment: ApiKeyEnvironment, now: Date): string {
    const key = generateApiKey(environment);
    const hash = hashApiKey(key);
    this.insert.run(hash, tenantId, environment, sealApiKey(this.box, tenantId, key, hash), now.getTime());
    return key;
  }
}
