const DAY_MS = 86_400_000;

/** Days before a certificate's end at which the portal, the mail and the readiness status warn (docs/tenancy.md). */
export const EXPIRY_WARNING_DAYS = [30, 7, 1] as const;

/** The warning a certificate is at: the last threshold its remaining time has crossed, or 'expired'. */
export type ExpiryThreshold = (typeof EXPIRY_WARNING_DAYS)[number] | 'expired';

export type CertificateExpiry = {
  notAfter: Date;
  /** Whole days left, rounded up (23 hours left is 1); 0 or negative once expired (-2: expired two days ago). */
  daysLeft: number;
  /** 'valid' beyond 30 days, 'expiring' within them, 'expired' from `notAfter` on. */
  state: 'valid' | 'expiring' | 'expired';
  /** Undefined while more than 30 days are left. */
  threshold: ExpiryThreshold | undefined;
};

/**
 * Where a certificate valid until `notAfter` stands at `now`: a threshold is crossed once the time left is at most
 * that many days (exactly 30 days left is the 30-day warning); expired after `notAfter`, when the signer refuses it
 * (CERT_EXPIRED).
 */
export function certificateExpiry(notAfter: Date, now: Date): CertificateExpiry {
  const leftMs = notAfter.getTime() - now.getTime();
  const daysLeft = Math.ceil(leftMs / DAY_MS) || 0; // no -0
  if (leftMs < 0) return { notAfter, daysLeft, state: 'expired', threshold: 'expired' };
  const crossed = [...EXPIRY_WARNING_DAYS].reverse().find((days) => leftMs <= days * DAY_MS);
  return { notAfter, daysLeft, state: crossed ? 'expiring' : 'valid', threshold: crossed };
}
