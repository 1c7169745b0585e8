import { createHash } from 'node:crypto';

/**
 * The fingerprint "same body" is judged by: SHA-256 of the JSON with object keys sorted, so a
 * client that re-serialises the same request (other key order, other whitespace) is not refused.
 */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(stableJson(body)).digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
