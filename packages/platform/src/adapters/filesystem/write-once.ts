import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from './owner-only.ts';

/**
 * Writes a new owner-only key file once, via a hard link, so a crash never leaves half a file and of two racing
 * starts one keeps the other's file. False when the file already existed.
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
