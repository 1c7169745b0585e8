import type { Tenant } from '@fe/dian-domain';
import { AdapterPool, migrationSet } from '@fe/platform-postgres';
import type pg from 'pg';
import type { Account, AccountStore, TokenPurpose } from '../../ports/account-store.ts';

/** The tables of this adapter (migrations/), applied by the shared migrator under the set 'portal'. */
export const accountStoreMigrations = () => migrationSet('portal', new URL('./migrations/', import.meta.url));

type AccountRow = {
  id: string;
  email: string;
  password_hash: string;
  tenant_id: string;
  confirmed_at: Date | null;
  company_draft: Tenant | null;
  test_set_id: string | null;
};

/**
 * The portal's accounts on PostgreSQL. A token is taken with one DELETE … RETURNING, so two processes racing for
 * one link give it to one.
 */
export class PostgresAccountStore implements AccountStore {
  private readonly db: AdapterPool;

  constructor(pool: pg.Pool) {
    this.db = new AdapterPool(pool, { name: 'the portal account store' });
  }

  async createAccount(
    account: { id: string; email: string; passwordHash: string; tenantId: string },
    at: Date,
  ): Promise<boolean> {
    const { rowCount } = await this.db.query(
      'INSERT INTO portal_accounts (id, email, password_hash, tenant_id, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
      [account.id, account.email, account.passwordHash, account.tenantId, at],
    );
    return rowCount === 1;
  }

  async accountByEmail(email: string): Promise<Account | undefined> {
    return toAccount(
      (await this.db.query<AccountRow>('SELECT * FROM portal_accounts WHERE email = $1', [email])).rows[0],
    );
  }

  async accountById(id: string): Promise<Account | undefined> {
    return toAccount((await this.db.query<AccountRow>('SELECT * FROM portal_accounts WHERE id = $1', [id])).rows[0]);
  }

  async confirmedEmailsOf(tenantId: string): Promise<string[]> {
    const { rows } = await this.db.query<{ email: string }>(
      'SELECT email FROM portal_accounts WHERE tenant_id = $1 AND confirmed_at IS NOT NULL ORDER BY email',
      [tenantId],
    );
    return rows.map((r) => r.email);
  }

  async confirm(accountId: string, at: Date): Promise<void> {
    await this.db.query('UPDATE portal_accounts SET confirmed_at = COALESCE(confirmed_at, $2) WHERE id = $1', [
      accountId,
      at,
    ]);
  }

  async setPassword(accountId: string, passwordHash: string): Promise<void> {
    await this.db.query('UPDATE portal_accounts SET password_hash = $2 WHERE id = $1', [accountId, passwordHash]);
  }

  async saveDraft(accountId: string, draft: { companyDraft?: Tenant; testSetId?: string }): Promise<void> {
    if (draft.companyDraft)
      await this.db.query('UPDATE portal_accounts SET company_draft = $2 WHERE id = $1', [
        accountId,
        JSON.stringify(draft.companyDraft),
      ]);
    if (draft.testSetId !== undefined)
      await this.db.query('UPDATE portal_accounts SET test_set_id = $2 WHERE id = $1', [accountId, draft.testSetId]);
  }

  async saveToken(tokenHash: string, accountId: string, purpose: TokenPurpose, expiresAt: Date): Promise<void> {
    await this.db.query('INSERT INTO portal_tokens (hash, account_id, purpose, expires_at) VALUES ($1, $2, $3, $4)', [
      tokenHash,
      accountId,
      purpose,
      expiresAt,
    ]);
  }

  async takeToken(tokenHash: string, purpose: TokenPurpose, now: Date): Promise<string | undefined> {
    const { rows } = await this.db.query<{ account_id: string; expires_at: Date }>(
      'DELETE FROM portal_tokens WHERE hash = $1 AND purpose = $2 RETURNING account_id, expires_at',
      [tokenHash, purpose],
    );
    await this.db.query('DELETE FROM portal_tokens WHERE expires_at <= $1', [now]);
    const row = rows[0];
    return row && row.expires_at.getTime() > now.getTime() ? row.account_id : undefined;
  }

  async createSession(sessionHash: string, accountId: string, expiresAt: Date): Promise<void> {
    await this.db.query('INSERT INTO portal_sessions (hash, account_id, expires_at) VALUES ($1, $2, $3)', [
      sessionHash,
      accountId,
      expiresAt,
    ]);
  }

  async session(sessionHash: string, now: Date): Promise<{ accountId: string } | undefined> {
    const { rows } = await this.db.query<{ account_id: string; expires_at: Date }>(
      'SELECT account_id, expires_at FROM portal_sessions WHERE hash = $1',
      [sessionHash],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (row.expires_at.getTime() <= now.getTime()) {
      await this.db.query('DELETE FROM portal_sessions WHERE expires_at <= $1', [now]);
      return undefined;
    }
    return { accountId: row.account_id };
  }

  async deleteSession(sessionHash: string): Promise<void> {
    await this.db.query('DELETE FROM portal_sessions WHERE hash = $1', [sessionHash]);
  }

  async deleteSessionsOf(accountId: string): Promise<void> {
    await this.db.query('DELETE FROM portal_sessions WHERE account_id = $1', [accountId]);
  }

  /** Stops this store; the pool is the caller's. */
  async close(): Promise<void> {
    this.db.close();
  }
}

function toAccount(row: AccountRow | undefined): Account | undefined {
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    tenantId: row.tenant_id,
    confirmedAt: row.confirmed_at ?? undefined,
    companyDraft: row.company_draft ?? undefined,
    testSetId: row.test_set_id ?? undefined,
  };
}
