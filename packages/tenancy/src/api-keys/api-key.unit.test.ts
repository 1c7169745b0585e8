import { describe, expect, it } from 'vitest';
import {
  API_KEY_BODY_LENGTH,
  apiKeyEnvironment,
  apiKeyEnvironmentFor,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  sameApiKeyHash,
} from './api-key.ts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const decode = (body: string) => [...body].reduce((value, char) => value * 62n + BigInt(ALPHABET.indexOf(char)), 0n);
const fixed = (byte: number) => () => Buffer.alloc(32, byte);

describe('generateApiKey', () => {
  it('is fe_test_ or fe_live_ followed by 43 base62 characters', () => {
    expect(generateApiKey('test')).toMatch(/^fe_test_[0-9A-Za-z]{43}$/);
    expect(generateApiKey('live')).toMatch(/^fe_live_[0-9A-Za-z]{43}$/);
  });

  it('writes the 32 bytes as one number in base 62, zero-padded to a fixed length', () => {
    expect(generateApiKey('test', fixed(0))).toBe(`fe_test_${'0'.repeat(43)}`);
    const max = generateApiKey('live', fixed(0xff)).slice('fe_live_'.length);
    expect(max).toHaveLength(API_KEY_BODY_LENGTH);
    expect(decode(max)).toBe((1n << 256n) - 1n);
    const bytes = Buffer.from('0123456789abcdef0123456789abcdef');
    expect(decode(generateApiKey('test', () => bytes).slice(8))).toBe(BigInt(`0x${bytes.toString('hex')}`));
  });

  it('never repeats, and every character position after the first is uniform over the alphabet', () => {
    const keys = Array.from({ length: 5000 }, () => generateApiKey('test'));
    expect(new Set(keys).size).toBe(keys.length);
    // 5000 keys x 42 positions = 210000 characters, ~3387 per symbol (sd ~58, so ±10% is ~6 sd):
    // a `byte % 62` encoding would put the first 8 symbols ~20% above the mean.
    const counts = new Map<string, number>();
    for (const key of keys) for (const char of key.slice(9)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (keys.length * 42) / 62;
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.1);
  });
});

describe('isWellFormedApiKey', () => {
  const good = generateApiKey('test');

  it('accepts generated keys of both environments', () => {
    expect(isWellFormedApiKey(good)).toBe(true);
    expect(isWellFormedApiKey(generateApiKey('live', fixed(0xff)))).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['not a string', 42],
    ['another prefix', good.replace('fe_test_', 'fe_prod_')],
    ['uppercase prefix', good.replace('fe_test_', 'FE_TEST_')],
    ['one character short', good.slice(0, -1)],
    ['one character long', `${good}a`],
    ['a character outside base62', `${good.slice(0, -1)}-`],
    ['surrounding whitespace', ` ${good.slice(1)}`],
    ['a body above 2^256 - 1', `fe_test_${'z'.repeat(43)}`],
  ])('refuses %s', (_, key) => {
    expect(isWellFormedApiKey(key)).toBe(false);
  });

  it('reads the environment from the prefix, and maps DIAN environments to prefixes', () => {
    expect(apiKeyEnvironment(generateApiKey('live'))).toBe('live');
    expect(apiKeyEnvironment(good)).toBe('test');
    expect(apiKeyEnvironment('fe_live_nope')).toBeUndefined();
    expect(apiKeyEnvironmentFor('1')).toBe('live');
    expect(apiKeyEnvironmentFor('2')).toBe('test');
  });
});

describe('hashApiKey and sameApiKeyHash', () => {
  it('hashes with SHA-256 (64 hex digits), the same key to the same hash', () => {
    const key = generateApiKey('test');
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'); // FIPS 180-2 example
  });

  it('compares two digests, refusing a different or malformed one', () => {
    const a = hashApiKey(generateApiKey('test'));
    const b = hashApiKey(generateApiKey('test'));
    expect(sameApiKeyHash(a, a)).toBe(true);
    expect(sameApiKeyHash(a, b)).toBe(false);
    expect(sameApiKeyHash(a, a.slice(0, 62))).toBe(false);
    expect(sameApiKeyHash('', '')).toBe(false);
  });
});
