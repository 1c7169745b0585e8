import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DianEnvironment } from '@fe/dian-domain';
import type { ApiKeyEnvironment } from '../ports/tenant-directory.ts';

/**
 * API keys (docs/api.md, "Authentication and API keys"): 32 random bytes read as one number in base 62, so no
 * character is likelier than another. Not stretched: 256 random bits cannot be guessed, and lookup is per request.
 */
export const API_KEY_PREFIX = { test: 'fe_test_', live: 'fe_live_' } as const satisfies Record<
  ApiKeyEnvironment,
  string
>;
export const API_KEY_BODY_LENGTH = 43;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const WELL_FORMED = /^fe_(test|live)_[0-9A-Za-z]{43}$/;
const RANDOM_BYTES = 32;
const MAX = 1n << 256n;

/** `random` is injectable for tests of the encoding only. */
export function generateApiKey(
  environment: ApiKeyEnvironment,
  random: (size: number) => Uint8Array = randomBytes,
): string {
  const bytes = random(RANDOM_BYTES);
  if (bytes.length !== RANDOM_BYTES) throw new RangeError(`expected ${RANDOM_BYTES} random bytes`);
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
  const digits: string[] = [];
  for (let i = 0; i < API_KEY_BODY_LENGTH; i++) {
    digits.push(ALPHABET[Number(value % 62n)]!);
    value /= 62n;
  }
  return API_KEY_PREFIX[environment] + digits.reverse().join('');
}

/**
 * Prefix, length, alphabet and range (the body must be the base62 form of a 256-bit number).
 * Cheap and local: a caller refuses a malformed key before any database lookup.
 */
export function isWellFormedApiKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length !== API_KEY_PREFIX.test.length + API_KEY_BODY_LENGTH) return false;
  return WELL_FORMED.test(key) && decodeBody(key.slice(API_KEY_PREFIX.test.length)) < MAX;
}

export function apiKeyEnvironment(key: string): ApiKeyEnvironment | undefined {
  if (!isWellFormedApiKey(key)) return undefined;
  return key.startsWith(API_KEY_PREFIX.live) ? 'live' : 'test';
}

/** Which key prefix a tenant in this DIAN environment gets: production '1' → live, habilitación '2' → test. */
export function apiKeyEnvironmentFor(environment: DianEnvironment): ApiKeyEnvironment {
  return environment === '1' ? 'live' : 'test';
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Constant-time equality of two SHA-256 hex digests (after the lookup found a row by hash). */
export function sameApiKeyHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === 32 && right.length === 32 && timingSafeEqual(left, right);
}

function decodeBody(body: string): bigint {
  let value = 0n;
  for (const char of body) value = value * 62n + BigInt(ALPHABET.indexOf(char));
  return value;
}
