import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * A random secret kept in a file beside the data (0600), made on first start: the HMAC key of
 * the file links. Losing it only invalidates links already handed out.
 */
export function loadOrCreateSecretFile(path: string, bytes = 32): Buffer {
  if (existsSync(path)) return readFileSync(path);
  const secret = randomBytes(bytes);
  writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
