import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TenancyError } from '../errors.ts';
import { createSecretBox } from './secret-box.ts';

const code = (c: string) => expect.objectContaining({ code: c }) as TenancyError;
const box = createSecretBox(randomBytes(32));
const secret = 'contraseña del .p12 😀';

describe('createSecretBox', () => {
  it('round-trips text and bytes, empty included, under the same context', () => {
    expect(box.open(box.seal(secret, 'p12-password/acme/1'), 'p12-password/acme/1').toString('utf8')).toBe(secret);
    const bytes = randomBytes(5000);
    expect(box.open(box.seal(bytes, 'p12/acme/1'), 'p12/acme/1').equals(bytes)).toBe(true);
    expect(box.open(box.seal('', 'x'), 'x').length).toBe(0);
  });

  it('writes version 1, a fresh 12-byte IV and a 16-byte tag before the ciphertext', () => {
    const a = box.seal(secret, 'c');
    const b = box.seal(secret, 'c');
    expect(a[0]).toBe(1);
    expect(a.length).toBe(1 + 12 + 16 + Buffer.byteLength(secret));
    expect(a.subarray(1, 13).equals(b.subarray(1, 13))).toBe(false);
    expect(a.subarray(29).equals(b.subarray(29))).toBe(false);
    expect(a.includes(Buffer.from(secret))).toBe(false);
  });

  it.each([
    ['the version byte', 0],
    ['the IV', 5],
    ['the tag', 20],
    ['the ciphertext', 35],
  ])('refuses a value with one bit flipped in %s (SECRET_UNREADABLE)', (_, index) => {
    const sealed = box.seal(secret, 'c');
    sealed[index]! ^= 0x01;
    expect(() => box.open(sealed, 'c')).toThrowError(code('SECRET_UNREADABLE'));
  });

  it('refuses a truncated or extended value', () => {
    const sealed = box.seal(secret, 'c');
    expect(() => box.open(sealed.subarray(0, sealed.length - 1), 'c')).toThrowError(code('SECRET_UNREADABLE'));
    expect(() => box.open(Buffer.concat([sealed, Buffer.of(0)]), 'c')).toThrowError(code('SECRET_UNREADABLE'));
    expect(() => box.open(sealed.subarray(0, 20), 'c')).toThrowError(code('SECRET_UNREADABLE'));
  });

  it('refuses another master key and another context (a value moved to another tenant or column)', () => {
    const sealed = box.seal(secret, 'p12-password/acme/1');
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'p12-password/acme/1')).toThrowError(code('SECRET_UNREADABLE'));
    expect(() => box.open(sealed, 'p12-password/other/1')).toThrowError(code('SECRET_UNREADABLE'));
    expect(() => box.open(sealed, 'p12-password/acme/2')).toThrowError(code('SECRET_UNREADABLE'));
  });

  it('says nothing about the plaintext when it refuses', () => {
    const sealed = box.seal(secret, 'c');
    sealed[40]! ^= 0xff;
    try {
      box.open(sealed, 'c');
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: 'SECRET_UNREADABLE', retriable: false });
      expect(String((error as Error).message)).not.toContain('contraseña');
      expect((error as Error).cause).toBeUndefined();
    }
  });

  it('accepts only a 32-byte master key (MASTER_KEY_INVALID)', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrowError(code('MASTER_KEY_INVALID'));
    expect(() => createSecretBox(randomBytes(33))).toThrowError(code('MASTER_KEY_INVALID'));
  });
});
