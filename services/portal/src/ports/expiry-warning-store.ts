import type { CertificateWarningKind } from '@fe/tenancy';

/**
 * One warning about one certificate: a tenant's upload (its generation) at one threshold, or its revocation; or the
 * contingency deadline's of one batch of untransmitted invoices, named by its first invoice's number (generation 0).
 */
export type ExpiryWarning = {
  tenantId: string;
  generation: number;
  threshold: CertificateWarningKind | `contingency:${string}`;
};

/**
 * Which certificate expiry and contingency deadline warnings were mailed (docs/portal.md, "Certificate expiry"),
 * shared by every portal process, so a restart or a second instance does not mail twice.
 */
export interface ExpiryWarningStore {
  /**
   * Records the warning before its mail leaves: true for the one caller that recorded it, false when it was already
   * (by this process or another).
   */
  claim(warning: ExpiryWarning, at: Date): Promise<boolean>;
  /** Takes a claim back when its mail could not be sent, so the next sweep tries again. */
  release(warning: ExpiryWarning): Promise<void>;
  close(): Promise<void>;
}
