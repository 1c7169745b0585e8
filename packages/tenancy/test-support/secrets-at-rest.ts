// What a registry must never store in plaintext, and the check both adapters' tests run on their bytes.
import { expect } from 'vitest';

export type StoredSecrets = {
  password: string;
  pin: string;
  apiKeys: string[];
  masterKey: Uint8Array;
  p12: Uint8Array;
};

/**
 * Fails when `bytes` (a file, a table dump) holds any secret, an API key's body, the master key (raw or base64) or a
 * 32-byte slice of the .p12.
 */
export function expectNoSecretIn(bytes: Buffer, secrets: StoredSecrets): void {
  const masterKey = Buffer.from(secrets.masterKey);
  expect(bytes.includes('acme')).toBe(true); // the search works: the tenant id is there
  for (const secret of [
    secrets.password,
    secrets.pin,
    ...secrets.apiKeys,
    ...secrets.apiKeys.map((key) => key.slice(8)),
    masterKey.toString('base64'),
  ]) {
    expect(bytes.includes(secret), 'a secret at rest').toBe(false);
  }
  expect(bytes.includes(masterKey)).toBe(false);
  const p12 = Buffer.from(secrets.p12);
  for (let offset = 0; offset + 32 <= p12.length; offset += 256) {
    expect(bytes.includes(p12.subarray(offset, offset + 32))).toBe(false);
  }
}
