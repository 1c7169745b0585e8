import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFileOnce } from '@fe/platform';
import { TenancyError } from '../errors.ts';
import { MASTER_KEY_BYTES } from './secret-box.ts';

/**
 * The secret box's master key, from a Buffer or a key file created owner-only on first start. Losing the file
 * makes stored secrets unreadable; API keys still authenticate (lookup by hash).
 */
export function loadOrCreateMasterKey(source: string | Uint8Array): Buffer {
  if (typeof source !== 'string') return checked(Buffer.from(source));
  try {
    return parse(readFileSync(source));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return create(source);
}

function create(path: string): Buffer {
  const key = randomBytes(MASTER_KEY_BYTES);
  // Written whole or not at all; when two processes start together, one reads the other's key.
  return writeFileOnce(path, `${key.toString('base64')}\n`) ? key : parse(readFileSync(path));
}

function parse(bytes: Buffer): Buffer {
  if (bytes.length === MASTER_KEY_BYTES) return bytes;
  const text = bytes.toString('utf8').trim();
  if (!/^[A-Za-z0-9+/]{43}=$/.test(text)) throw new TenancyError('MASTER_KEY_INVALID', `key file of ${bytes.length} bytes`);
  return checked(Buffer.from(text, 'base64'));
}

function checked(key: Buffer): Buffer {
  if (key.length !== MASTER_KEY_BYTES) throw new TenancyError('MASTER_KEY_INVALID', `${key.length} bytes`);
  return key;
}
