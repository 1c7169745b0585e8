import { hashApiKey, isWellFormedApiKey, sameApiKeyHash } from '../../api-keys/api-key.ts';
import { TenancyError } from '../../errors.ts';

/** An API key's row as every adapter reads it: instants in epoch milliseconds, null when unset. */
export type ApiKeyRecord = { hash: string; tenantId: string; expiresAt: number | null; revokedAt: number | null };

/** How long an authenticated key's row is reused without a query. */
const AUTH_CACHE_MS = 1000;
const HOUR_MS = 3_600_000;

/**
 * API-key authentication for every adapter: hash lookup, constant-time compare. Rows are cached for AUTH_CACHE_MS
 * since every request authenticates; own writes `forget()` at once, another process's take effect within it.
 */
export class ApiKeyAuthenticator {
  private readonly find: (hash: string) => Promise<ApiKeyRecord | undefined>;
  private readonly recent = new Map<string, { row: ApiKeyRecord | undefined; until: number }>();

  constructor(find: (hash: string) => Promise<ApiKeyRecord | undefined>) {
    this.find = find;
  }

  async authenticate(apiKey: string, now: Date): Promise<{ tenantId: string } | undefined> {
    if (!isWellFormedApiKey(apiKey)) return undefined;
    const hash = hashApiKey(apiKey);
    const row = await this.lookup(hash, now.getTime());
    // Keys are compared in constant time (docs/api.md, "Authentication and API keys"). The index
    // lookup compares hashes, not keys, so its timing says nothing usable about the key; the final
    // equality is still checked without early exits, so no later change to the lookup can turn it into an oracle.
    if (!row || !sameApiKeyHash(row.hash, hash)) return undefined;
    if (row.revokedAt !== null) return undefined;
    if (row.expiresAt !== null && now.getTime() >= row.expiresAt) return undefined;
    return { tenantId: row.tenantId };
  }

  forget(): void {
    this.recent.clear();
  }

  private async lookup(hash: string, nowMs: number): Promise<ApiKeyRecord | undefined> {
    const cached = this.recent.get(hash);
    if (cached && cached.until > nowMs) return cached.row;
    const row = await this.find(hash);
    if (this.recent.size >= 10_000) this.recent.clear();
    this.recent.set(hash, { row, until: nowMs + AUTH_CACHE_MS });
    return row;
  }
}

/** When a rotated key stops working: `now` + `graceHours` (GRACE_PERIOD_INVALID unless finite and ≥ 0). */
export function graceEnd(now: Date, graceHours: number): Date {
  if (!Number.isFinite(graceHours) || graceHours < 0) throw new TenancyError('GRACE_PERIOD_INVALID');
  return new Date(now.getTime() + Math.round(graceHours * HOUR_MS));
}
