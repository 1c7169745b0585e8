import { MAX_PRESIGN_SECONDS } from './config.ts';

export type LinkWindow = {
  /** X-Amz-Date: when the link counts as signed (never after now). */
  signedAt: Date;
  /** X-Amz-Expires: seconds after `signedAt` that S3 still honours the link. */
  expiresInSeconds: number;
};

/**
 * The embedded shape's expiry rule for a presigned S3 link: a long lifetime ends on a whole minute so a key gets
 * the same link all minute; lifetimes beyond S3's 7-day ceiling are cut to it.
 */
export function linkWindow(now: Date, ttlSeconds: number): LinkWindow {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const lifetime = Math.min(MAX_PRESIGN_SECONDS, Math.max(1, Math.floor(ttlSeconds)));
  if (lifetime < 120) return { signedAt: new Date(nowSeconds * 1000), expiresInSeconds: lifetime };
  const signedAt = nowSeconds - (nowSeconds % 60);
  const exact = nowSeconds + lifetime;
  const expiresAt = exact - (exact % 60);
  // expiresAt − signedAt = 60·⌊(s + lifetime)/60⌋ with s < 60, so it never exceeds 7 days when lifetime does not
  return { signedAt: new Date(signedAt * 1000), expiresInSeconds: expiresAt - signedAt };
}
