import type { Tenant } from '@fe/dian-domain';

export type Account = {
  id: string;
  /** Lower-cased and trimmed. */
  email: string;
  /** Argon2id (PHC string); never the password. */
  passwordHash: string;
  confirmedAt: Date | undefined;
  /** The tenant this account administers; created in the registry at the DIAN-software step. */
  tenantId: string;
  /** The company step's data, kept until the tenant exists. */
  companyDraft: Tenant | undefined;
  /** The habilitación test set id typed at the software step (public). */
  testSetId: string | undefined;
};

export type TokenPurpose = 'confirm' | 'reset';

/**
 * Accounts, sessions and one-time tokens. Sessions and tokens are stored by SHA-256 only: the database never holds
 * a value that opens a session or resets a password.
 */
export interface AccountStore {
  /** False when the email is taken (nothing written). */
  createAccount(
    account: { id: string; email: string; passwordHash: string; tenantId: string },
    at: Date,
  ): Promise<boolean>;
  accountByEmail(email: string): Promise<Account | undefined>;
  accountById(id: string): Promise<Account | undefined>;
  /** The confirmed e-mails of the accounts of `tenantId` (one today), sorted: the expiry warnings' recipients. */
  confirmedEmailsOf(tenantId: string): Promise<string[]>;
  confirm(accountId: string, at: Date): Promise<void>;
  setPassword(accountId: string, passwordHash: string): Promise<void>;
  saveDraft(accountId: string, draft: { companyDraft?: Tenant; testSetId?: string }): Promise<void>;

  saveToken(tokenHash: string, accountId: string, purpose: TokenPurpose, expiresAt: Date): Promise<void>;
  /** The account the token was for, once: the token is deleted; undefined when unknown, used or expired. */
  takeToken(tokenHash: string, purpose: TokenPurpose, now: Date): Promise<string | undefined>;

  createSession(sessionHash: string, accountId: string, expiresAt: Date): Promise<void>;
  /** The session's account, or undefined when unknown or expired. */
  session(sessionHash: string, now: Date): Promise<{ accountId: string } | undefined>;
  deleteSession(sessionHash: string): Promise<void>;
  /** Ends every session of the account (after a password reset). */
  deleteSessionsOf(accountId: string): Promise<void>;
  close(): Promise<void>;
}
