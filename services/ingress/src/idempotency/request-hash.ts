import { createHash } from 'node:crypto';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../http/json-body.ts';

/**
 * The fingerprint "same body" is judged by: SHA-256 of the JSON with object keys sorted, so a
 * client that re-serialises the same request (other key order, other whitespace) is not refused.
 * Its recursion is bounded by the parser's depth limit, checked again here for bodies from elsewhere.
 */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(stableJson(body, 0)).digest('hex');
}

function stableJson(value: unknown, depth: number): string {
  if (depth > MAX_JSON_DEPTH) throw jsonTooDeep();
  if (Array.isArray(value)) return `[${value.map((v) => stableJson(v, depth + 1)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k], depth + 1)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
