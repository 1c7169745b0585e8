import type { DatabaseSync } from 'node:sqlite';
import type { Tenant } from '@fe/dian-domain';
import { openWalDatabase } from '@fe/platform';
import type { Account, AccountStore, TokenPurpose } from '../ports/account-store.ts';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS accounts (
    id            TEXT    PRIMARY KEY,
    email         TEXT    NOT NULL UNIQUE,
    password_hash TEXT    NOT NULL,
    tenant_id     TEXT    NOT NULL UNIQUE,
    confirmed_at  INTEGER,
    company_draft TEXT,
    test_set_id   TEXT,
    created_at    INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS tokens (
    hash       TEXT    PRIMARY KEY,
    account_id TEXT    NOT NULL REFERENCES accounts (id),
    purpose    TEXT    NOT NULL CHECK (purpose IN ('confirm', 'reset')),
    expires_at INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS sessions (
    hash       TEXT    PRIMARY KEY,
    account_id TEXT    NOT NULL REFERENCES accounts (id),
    expires_at INTEGER NOT NULL
  );`;

type AccountRow = {
  id: string;
  email: string;
  password_hash: string;
  tenant_id: string;
  confirmed_at: number | null;
  company_draft: string | null;
  test_set_id: string | null;
};

/**
 * The portal's accounts on `node:sqlite` (WAL, synchronous FULL: a confirmed account or a new
 * password survives a power cut). `portal.sqlite` in the embedded data folder, created 0600 there.
 */
export class SqliteAccountStore implements AccountStore {
  private readonly db: DatabaseSync;

  constructor(path: string) {
    this.db = openWalDatabase(path, 'FULL');
    this.db.exec('PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON;');
    this.db.exec(SCHEMA);
  }

  async createAccount(
    account: { id: string; email: string; passwordHash: string; tenantId: string },
    at: Date,
  ): Promise<boolean> {
    const result = this.db
      .prepare(
        'INSERT OR IGNORE INTO accounts (id, email, password_hash, tenant_id, created_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(account.id, account.email, account.passwordHash, account.tenantId, at.getTime());
    return result.changes === 1;
  }

  async accountByEmail(email: string): Promise<Account | undefined> {
    return toAccount(this.db.prepare('SELECT * FROM accounts WHERE email = ?').get(email) as AccountRow | undefined);
  }

  async accountById(id: string): Promise<Account | undefined> {
    return toAccount(this.db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as AccountRow | undefined);
  }

  async confirmedEmailsOf(tenantId: string): Promise<string[]> {
    const rows = this.db
      .prepare('SELECT email FROM accounts WHERE tenant_id = ? AND confirmed_at IS NOT NULL ORDER BY email')
      .all(tenantId) as { email: string }[];
    return rows.map((r) => r.email);
  }

  async confirm(accountId: string, at: Date): Promise<void> {
    this.db
      .prepare('UPDATE accounts SET confirmed_at = COALESCE(confirmed_at, ?) WHERE id = ?')
      .run(at.getTime(), accountId);
  }

  async setPassword(accountId: string, passwordHash: string): Promise<void> {
    this.db.prepare('UPDATE accounts SET password_hash = ? WHERE id = ?').run(passwordHash, accountId);
  }

  async saveDraft(accountId: string, draft: { companyDraft?: Tenant; testSetId?: string }): Promise<void> {
    if (draft.companyDraft)
      this.db
        .prepare('UPDATE accounts SET company_draft = ? WHERE id = ?')
        .run(JSON.stringify(draft.companyDraft), accountId);
    if (draft.testSetId !== undefined)
      this.db.prepare('UPDATE accounts SET test_set_id = ? WHERE id = ?').run(draft.testSetId, accountId);
  }

  async saveToken(tokenHash: string, accountId: string, purpose: TokenPurpose, expiresAt: Date): Promise<void> {
    this.db
      .prepare('INSERT INTO tokens (hash, account_id, purpose, expires_at) VALUES (?, ?, ?, ?)')
      .run(tokenHash, accountId, purpose, expiresAt.getTime());
  }

  async takeToken(tokenHash: string, purpose: TokenPurpose, now: Date): Promise<string | undefined> {
    const row = this.db
      .prepare('DELETE FROM tokens WHERE hash = ? AND purpose = ? RETURNING account_id, expires_at')
      .get(tokenHash, purpose) as { account_id: string; expires_at: number } | undefined;
    this.db.prepare('DELETE FROM tokens WHERE expires_at <= ?').run(now.getTime());
    return row && row.expires_at > now.getTime() ? row.account_id : undefined;
  }

  async createSession(sessionHash: string, accountId: string, expiresAt: Date): Promise<void> {
    this.db
      .prepare('INSERT INTO sessions (hash, account_id, expires_at) VALUES (?, ?, ?)')
      .run(sessionHash, accountId, expiresAt.getTime());
  }

  async session(sessionHash: string, now: Date): Promise<{ accountId: string } | undefined> {
    const row = this.db.prepare('SELECT account_id, expires_at FROM sessions WHERE hash = ?').get(sessionHash) as
      { account_id: string; expires_at: number } | undefined;
    if (!row) return undefined;
    if (row.expires_at <= now.getTime()) {
      this.db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(now.getTime());
      return undefined;
    }
    return { accountId: row.account_id };
  }

  async deleteSession(sessionHash: string): Promise<void> {
    this.db.prepare('DELETE FROM sessions WHERE hash = ?').run(sessionHash);
  }

  async deleteSessionsOf(accountId: string): Promise<void> {
    this.db.prepare('DELETE FROM sessions WHERE account_id = ?').run(accountId);
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }
}

function toAccount(row: AccountRow | undefined): Account | undefined {
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    tenantId: row.tenant_id,
    confirmedAt: row.confirmed_at === null ? undefined : new Date(row.confirmed_at),
    companyDraft: row.company_draft ? (JSON.parse(row.company_draft) as Tenant) : undefined,
    testSetId: row.test_set_id ?? undefined,
  };
}
