import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TenancyError } from '../errors.ts';
import { loadOrCreateMasterKey } from './master-key.ts';

const code = (c: string) => expect.objectContaining({ code: c }) as TenancyError;
const tempDir = () => mkdtempSync(join(tmpdir(), 'fe-master-key-'));

describe('loadOrCreateMasterKey', () => {
  it('creates 32 random bytes in a 0600 file (base64) inside a new directory, then reads the same key', () => {
    const dir = tempDir();
    const path = join(dir, 'secrets', 'master.key');
    const key = loadOrCreateMasterKey(path);
    expect(key.length).toBe(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toBe(`${key.toString('base64')}\n`);
    expect(loadOrCreateMasterKey(path).equals(key)).toBe(true);
    expect(readdirSync(join(dir, 'secrets'))).toEqual(['master.key']); // no temporary file left behind
    expect(loadOrCreateMasterKey(join(dir, 'other.key')).equals(key)).toBe(false);
  });

  it('reads a key file of 32 raw bytes too', () => {
    const path = join(tempDir(), 'raw.key');
    const raw = randomBytes(32);
    writeFileSync(path, raw);
    expect(loadOrCreateMasterKey(path).equals(raw)).toBe(true);
  });

  it('refuses a key file that is neither (MASTER_KEY_INVALID), without overwriting it', () => {
    const path = join(tempDir(), 'bad.key');
    writeFileSync(path, 'not a key\n');
    expect(() => loadOrCreateMasterKey(path)).toThrowError(code('MASTER_KEY_INVALID'));
    writeFileSync(path, `${randomBytes(16).toString('base64')}\n`);
    expect(() => loadOrCreateMasterKey(path)).toThrowError(code('MASTER_KEY_INVALID'));
    expect(readFileSync(path, 'utf8').length).toBeLessThan(30);
  });

  it('takes a key the caller decoded (environment override) and checks its length', () => {
    const key = randomBytes(32);
    expect(loadOrCreateMasterKey(key).equals(key)).toBe(true);
    expect(() => loadOrCreateMasterKey(randomBytes(31))).toThrowError(code('MASTER_KEY_INVALID'));
  });
});
