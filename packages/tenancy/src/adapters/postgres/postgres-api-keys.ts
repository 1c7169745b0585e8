import type { AdapterPool, Queryable } from '@fe/platform-postgres';
import { generateApiKey, hashApiKey } from '../../api-keys/api-key.ts';
import { TenancyError } from '../../errors.ts';
import type { ApiKeyEnvironment } from '../../ports/tenant-directory.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { ApiKeyAuthenticator } from '../common/api-key-authenticator.ts';
import { openApiKey, sealApiKey } from '../common/sealed-secrets.ts';

type KeyRow = { hash: string; tenant_id: string; expires_at: Date | null; revoked_at: Date | null };
const CURRENT =
  'SELECT hash, environment, sealed_key FROM api_keys WHERE tenant_id = $1 AND expires_at IS NULL AND revoked_at IS NULL';

/**
 * The api_keys table on PostgreSQL. A plaintext key leaves only as issue/rotate/display's return value; the
 * caller locks the tenant's row so two rotations take turns.
 */
export class PostgresApiKeys {
  private readonly db: AdapterPool;
  private readonly box: SecretBox;
  private readonly authenticator: ApiKeyAuthenticator;

  constructor(db: AdapterPool, box: SecretBox) {
    this.db = db;
    this.box = box;
    this.authenticator = new ApiKeyAuthenticator(async (hash) => {
      const { rows } = await db.query<KeyRow>(
        'SELECT hash, tenant_id, expires_at, revoked_at FROM api_keys WHERE hash = $1',
        [hash],
      );
      const row = rows[0];
      return (
        row && {
          hash: row.hash,
          tenantId: row.tenant_id,
          expiresAt: row.expires_at?.getTime() ?? null,
          revokedAt: row.revoked_at?.getTime() ?? null,
        }
      );
    });
  }

  authenticate(apiKey: string, now: Date): Promise<{ tenantId: string } | undefined> {
    return this.authenticator.authenticate(apiKey, now);
  }

  /** Inside the caller's transaction. API_KEY_EXISTS when the tenant has a current key. */
  async issue(tx: Queryable, tenantId: string, environment: ApiKeyEnvironment, now: Date): Promise<string> {
    this.authenticator.forget();
    if ((await tx.query(CURRENT, [tenantId])).rowCount) throw new TenancyError('API_KEY_EXISTS', tenantId);
    return this.insertKey(tx, tenantId, environment, now);
  }

  /**
   * Inside the caller's transaction: the current key keeps working until now + graceHours; the new one works at once.
   */
  async rotate(tx: Queryable, tenantId: string, now: Date, expiresAt: Date): Promise<string> {
    this.authenticator.forget();
    const old = (await tx.query<{ hash: string; environment: ApiKeyEnvironment }>(CURRENT, [tenantId])).rows[0];
    if (!old) throw new TenancyError('API_KEY_NOT_FOUND', tenantId);
    await tx.query('UPDATE api_keys SET expires_at = $1 WHERE hash = $2', [expiresAt, old.hash]);
    return this.insertKey(tx, tenantId, old.environment, now);
  }

  /** Revokes every key of the tenant, the current one and any still in grace; returns how many. */
  async revoke(tenantId: string, at: Date): Promise<number> {
    this.authenticator.forget();
    const { rowCount } = await this.db.query(
      'UPDATE api_keys SET revoked_at = $1 WHERE tenant_id = $2 AND revoked_at IS NULL',
      [at, tenantId],
    );
    return rowCount ?? 0;
  }

  /** The current key in plaintext, for Settings; undefined when the tenant has none. */
  async display(tenantId: string): Promise<string | undefined> {
    const row = (await this.db.query<{ hash: string; sealed_key: Buffer }>(CURRENT, [tenantId])).rows[0];
    return row && openApiKey(this.box, tenantId, row.hash, row.sealed_key);
  }

  private async insertKey(tx: Queryable, tenantId: string, environment: ApiKeyEnvironment, now: Date): Promise<string> {
    const key = generateApiKey(environment);
    const hash = hashApiKey(key);
    await tx.query(
      'INSERT INTO api_keys (hash, tenant_id, environment, sealed_key, created_at) VALUES ($1, $2, $3, $4, $5)',
      [hash, tenantId, environment, sealApiKey(this.box, tenantId, key, hash), now],
    );
    return key;
  }
}
