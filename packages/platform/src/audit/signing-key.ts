import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { PlatformError } from '../errors.ts';

/** The service's key that signs audit checkpoints, and the public half an auditor pins. */
export type AuditSigningKey = { privateKey: KeyObject; publicKeyPem: string };

/**
 * The Ed25519 key that signs the store's checkpoints (docs/platform.md, "Tamper evidence"): read
 * from `path` (PKCS#8 PEM), or made there once, owner-only (0600), written whole or not at all (a
 * temporary file flushed, then linked into place: two processes starting together keep one key).
 * It is a secret: never logged; the public half is printed by `pnpm fe audit public-key`.
 *
 *   const key = loadOrCreateAuditKey('data/audit.key');
 */
export function loadOrCreateAuditKey(path: string): AuditSigningKey {
  try {
    return fromPem(readFileSync(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return fromPem(readFileSync(path, 'utf8'));
}

/** Reads an existing key (the distributed shape mounts it as a secret file); AUDIT_KEY_INVALID names the file, never its content. */
export function readAuditKey(path: string): AuditSigningKey {
  return fromPem(readFileSync(path, 'utf8'), path);
}

function fromPem(pem: string, path = 'the audit key file'): AuditSigningKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    throw new PlatformError('AUDIT_KEY_INVALID', `${path} does not hold a PEM private key`, false);
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new PlatformError('AUDIT_KEY_INVALID', `${path} is not an Ed25519 key`, false);
  return { privateKey, publicKeyPem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }) as string };
}
