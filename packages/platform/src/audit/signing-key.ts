import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFileOnce } from '../adapters/filesystem/write-once.ts';
import { PlatformError } from '../errors.ts';

/** The service's key that signs audit checkpoints, and the public half an auditor pins. */
export type AuditSigningKey = { privateKey: KeyObject; publicKeyPem: string };

/**
 * The Ed25519 checkpoint key (docs/audit.md), read or created once, owner-only, whole or not at all. A secret:
 * never logged; `pnpm fe audit public-key` prints the public half.
 */
export function loadOrCreateAuditKey(path: string): AuditSigningKey {
  try {
    return fromPem(readFileSync(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  // Another process starting at the same moment may have made the key first: then its key is the one.
  writeFileOnce(path, privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
  return fromPem(readFileSync(path, 'utf8'));
}

/**
 * Reads an existing key (the distributed shape mounts it as a secret file); AUDIT_KEY_INVALID names the file, never its
 * content.
 */
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
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new PlatformError('AUDIT_KEY_INVALID', `${path} is not an Ed25519 key`, false);
  return { privateKey, publicKeyPem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }) as string };
}
