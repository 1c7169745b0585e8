import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from './owner-only.ts';

/**
 * Writes a new key file once, owner-only (0600, its folder 0700): to a temporary file, flushed,
 * then hard-linked into place, so a crash never leaves a half-written file, and when two processes
 * start together one link fails and that one reads the other's file instead of overwriting it.
 * Returns false when the file already existed (then `content` was not written).
 *
 *   if (!writeFileOnce('data/audit.key', pem)) pem = readFileSync('data/audit.key', 'utf8');
 */
export function writeFileOnce(path: string, content: string): boolean {
  mkdirSync(dirname(path), { recursive: true, mode: OWNER_ONLY_DIR });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', OWNER_ONLY_FILE);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    unlinkSync(temporary);
  }
}
