import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * Capability links for blobs the embedded service serves: key and expiry under an HMAC, so nobody can forge one
 * for another key or a later expiry.
 */
export class SignedLinks {
  /** A KeyObject, not a Buffer: createHmac checks a Buffer key's type on every call. */
  private readonly secret: KeyObject;
  private baseUrl: string;
  private readonly recent = new Map<string, { expires: number; url: string; baseUrl: string }>();

  constructor(secret: Uint8Array, baseUrl: string) {
    if (secret.length < 32) throw new RangeError('the link secret needs at least 32 bytes');
    this.secret = createSecretKey(Buffer.from(secret));
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  /** Changes where new links point (a service bound to port 0 learns its URL after listening). */
  rebase(baseUrl: string): void {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  /**
   * Long lifetimes end on a whole minute, so the same link is handed out again within it without another HMAC;
   * lifetimes under two minutes keep their exact second.
   */
  sign(key: string, expiresInSeconds: number, now: Date): string {
    const exact = Math.floor(now.getTime() / 1000) + Math.max(1, Math.floor(expiresInSeconds));
    const expires = expiresInSeconds >= 120 ? exact - (exact % 60) : exact;
    const cached = this.recent.get(key);
    if (cached?.expires === expires && cached.baseUrl === this.baseUrl) return cached.url;
    const path = key.split('/').map(encodeURIComponent).join('/');
    const url = `${this.baseUrl}/${path}?expires=${expires}&signature=${this.mac(key, expires)}`;
    this.recent.delete(key);
    this.recent.set(key, { expires, url, baseUrl: this.baseUrl });
    if (this.recent.size > 10_000) this.recent.delete(this.recent.keys().next().value!);
    return url;
  }

  verify(
    key: string,
    expires: string | undefined,
    signature: string | undefined,
    now: Date,
  ): 'ok' | 'expired' | 'invalid' {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature))
      return 'invalid';
    const expected = Buffer.from(this.mac(key, Number(expires)));
    if (!timingSafeEqual(expected, Buffer.from(signature))) return 'invalid';
    return Number(expires) * 1000 < now.getTime() ? 'expired' : 'ok';
  }

  private mac(key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest('base64url');
  }
}
