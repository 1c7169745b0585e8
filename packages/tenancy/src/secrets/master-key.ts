import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFileOnce } from '@fe/platform';
import { TenancyError } from '../errors.ts';
import { MASTER_KEY_BYTES } from './secret-box.ts';

/**
 * The master key of the secret box. Given a Buffer (the caller decoded an environment variable),
 * checks it; given a path, reads the key file, or creates it on first start with 32 random bytes,
 * owner-only (0600). The file holds the key in base64 plus a newline, so it can be copied into an
 * environment variable; a file of exactly 32 raw bytes is read too.
 *
 *   const masterKey = loadOrCreateMasterKey(env.FE_MASTER_KEY ? Buffer.from(env.FE_MASTER_KEY, 'base64') : 'data/master.key');
 *
 * Losing the file makes every stored .p12, password and displayable API key unreadable
 * (SECRET_UNREADABLE); API keys still authenticate, their lookup uses hashes only.
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
