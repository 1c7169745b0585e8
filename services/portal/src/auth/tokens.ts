import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: a session, confirmation or reset token (shown once, stored hashed). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the account store keeps instead of the token. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * CSRF tokens bound to the visitor's session or anonymous cookie, so a form token works only in its browser and a
 * login voids older ones.
 */
export function csrfToken(key: Uint8Array, boundTo: string): string {
  return createHmac('sha256', key).update(`csrf\u0000${boundTo}`).digest('base64url');
}

export function csrfTokenMatches(key: Uint8Array, boundTo: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(csrfToken(key, boundTo));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
