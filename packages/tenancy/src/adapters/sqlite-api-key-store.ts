import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { apiKeyEnvironment, generateApiKey, hashApiKey, isWellFormedApiKey, sameApiKeyHash } from '../api-keys/api-key.ts';
import { TenancyError } from '../errors.ts';
import type { ApiKeyEnvironment } from '../ports/tenant-directory.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { secretContext, type ApiKeyRow } from './sqlite-schema.ts';
import { immediate } from '@fe/platform';

const HOUR_MS = 3_600_000;
/** How long an authenticated key's row is reused without a query (see `lookup`). */
const AUTH_CACHE_MS = 1000;

/**
 * The api_keys table (see sqlite-schema.ts): issue, rotate with a grace period, revoke, show the
 * current key again, and authenticate. A plaintext key leaves this class only as the return value
 * of issue/rotate/display; it is stored sealed and looked up by hash.
 */
export class SqliteApiKeyStore {
  private readonly db: DatabaseSync;
  private readonly box: SecretBox;
  private readonly byHash: StatementSync;
  private readonly current: StatementSync;
  private readonly insert: StatementSync;
  private readonly recent = new Map<string, { row: ApiKeyRow | undefined; until: number }>();

  constructor(db: DatabaseSync, box: SecretBox) {
    this.db = db;
    this.box = box;
    this.byHash = db.prepare('SELECT hash, tenant_id, expires_at, revoked_at FROM api_keys WHERE hash = ?');
    this.current = db.prepare('SELECT hash, environment, sealed_key FROM api_keys WHERE tenant_id = ? AND expires_at IS NULL AND revoked_at IS NULL');
    this.insert = db.prepare('INSERT INTO api_keys (hash, tenant_id, environment, sealed_key, created_at) VALUES (?, ?, ?, ?, ?)');
  }

  /** Malformed keys are refused before the database is touched; unknown, revoked or past-grace keys → undefined. */
  authenticate(apiKey: string, now: Date): { tenantId: string } | undefined {
    if (!isWellFormedApiKey(apiKey)) return undefined;
    const hash = hashApiKey(apiKey);
    const row = this.lookup(hash, now.getTime());
    // Keys are compared in constant time (docs/api.md, "Authentication and API keys"). The B-tree
    // lookup compares hashes, not keys, so its timing says nothing usable about the key; the final equality is still checked without
    // early exits, so no later change to the lookup can turn it into an oracle.
    if (!row || !sameApiKeyHash(row.hash, hash)) return undefined;
    if (row.revoked_at !== null) return undefined;
    if (row.expires_at !== null && now.getTime() >= row.expires_at) return undefined;
    return { tenantId: row.tenant_id };
  }

  /**
   * The key's row, remembered for AUTH_CACHE_MS: every API request authenticates, and the query is
   * most of a status lookup's cost. A rotation or revocation through this store forgets at once;
   * one made by another process on the same file takes effect within AUTH_CACHE_MS.
   */
  private lookup(hash: string, nowMs: number): ApiKeyRow | undefined {
    const cached = this.recent.get(hash);
    if (cached && cached.until > nowMs) return cached.row;
    const row = this.byHash.get(hash) as ApiKeyRow | undefined;
    if (this.recent.size >= 10_000) this.recent.clear();
    this.recent.set(hash, { row, until: nowMs + AUTH_CACHE_MS });
    return row;
  }

  /** Inside the caller's transaction. */
  issue(tenantId: string, environment: ApiKeyEnvironment, now: Date): string {
    this.recent.clear();
    if (this.current.get(tenantId)) throw new TenancyError('API_KEY_EXISTS', tenantId);
    return this.insertKey(tenantId, environment, now);
  }

  /** The current key keeps working until now + graceHours; the new one works at once. */
  rotate(tenantId: string, now: Date, graceHours: number): string {
    this.recent.clear();
    if (!Number.isFinite(graceHours) || graceHours < 0) throw new TenancyError('GRACE_PERIOD_INVALID');
    return immediate(this.db, () => {
      const old = this.current.get(tenantId) as { hash: string; environment: ApiKeyEnvironment } | undefined;
      if (!old) throw new TenancyError('API_KEY_NOT_FOUND', tenantId);
      this.db.prepare('UPDATE api_keys SET expires_at = ? WHERE hash = ?').run(now.getTime() + Math.round(graceHours * HOUR_MS), old.hash);
      return this.insertKey(tenantId, old.environment, now);
    });
  }

  /** Revokes every key of the tenant, the current one and any still in grace; returns how many. */
  revoke(tenantId: string, at: Date): number {
    this.recent.clear();
    const result = this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE tenant_id = ? AND revoked_at IS NULL').run(at.getTime(), tenantId);
    return Number(result.changes);
  }

  /** The current key in plaintext, for Settings; undefined when the tenant has none. */
  display(tenantId: string): string | undefined {
    const row = this.current.get(tenantId) as { hash: string; sealed_key: Uint8Array } | undefined;
    if (!row) return undefined;
    const key = this.box.open(row.sealed_key, secretContext.apiKey(tenantId, row.hash)).toString('utf8');
    // A sealed copy that does not hash to its row was not written by issue/rotate.
    if (!sameApiKeyHash(hashApiKey(key), row.hash) || !apiKeyEnvironment(key)) throw new TenancyError('SECRET_UNREADABLE');
    return key;
  }

  private insertKey(tenantId: string, environment: ApiKeyEnvironment, now: Date): string {
    const key = generateApiKey(environment);
    const hash = hashApiKey(key);
    this.insert.run(hash, tenantId, environment, this.box.seal(key, secretContext.apiKey(tenantId, hash)), now.getTime());
    return key;
  }
}
