import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { TenancyError } from '../errors.ts';

/**
 * AES-256-GCM at rest for tenant secrets. The `context` is authenticated but not stored, so a sealed value
 * copied into another tenant's row or column fails to open.
 */
export type SecretBox = {
  seal(plaintext: Uint8Array | string, context: string): Buffer;
  open(sealed: Uint8Array, context: string): Buffer;
};

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;
export const MASTER_KEY_BYTES = 32;

export function createSecretBox(masterKey: Uint8Array): SecretBox {
  if (masterKey.byteLength !== MASTER_KEY_BYTES) throw new TenancyError('MASTER_KEY_INVALID', `${masterKey.byteLength} bytes`);
  // A derived key, not the master key itself: the same master key may protect other things later
  // (signed links, sessions) and each use gets its own key (domain separation).
  const key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'fe-tenancy secret-box v1', 32));
  const aad = (context: string) => Buffer.concat([Buffer.of(VERSION), Buffer.from(context, 'utf8')]);

  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(context));
      const body = Buffer.concat([cipher.update(typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext), cipher.final()]);
      return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), body]);
    },
    open(sealed, context) {
      const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      if (bytes.length < HEADER_BYTES) throw new TenancyError('SECRET_UNREADABLE', 'too short');
      if (bytes[0] !== VERSION) throw new TenancyError('SECRET_UNREADABLE', `format version ${bytes[0]}`);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(1, 1 + IV_BYTES), { authTagLength: TAG_BYTES });
        decipher.setAAD(aad(context));
        decipher.setAuthTag(bytes.subarray(1 + IV_BYTES, HEADER_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(HEADER_BYTES)), decipher.final()]);
      } catch {
        // OpenSSL's message says nothing secret, but nothing useful either: the code is the answer.
        throw new TenancyError('SECRET_UNREADABLE');
      }
    },
  };
}
