/**
 * Idempotency-Key bookkeeping (docs/api.md, "Idempotency-Key"); `idempotencyStoreContract` states what every
 * adapter must do. A lease is alive while `now` < the begin's `now` + `leaseMs`.
 */
export type StoredResponse = { statusCode: number; headers: Record<string, string>; body: unknown };

export type BeginResult =
  | { outcome: 'started' }
  /** The first request finished: answer with its response again. */
  | { outcome: 'replay'; response: StoredResponse }
  /** Same key, different body: 422 IDEMPOTENCY_KEY_REUSED. */
  | { outcome: 'mismatch' }
  /** Same key first used on another endpoint (a key belongs to one): 422 IDEMPOTENCY_KEY_REUSED. */
  | { outcome: 'other_endpoint'; endpoint: string }
  /** The first request is still running (its lease is alive): 409 IDEMPOTENCY_IN_PROGRESS. */
  | { outcome: 'in_progress' }
  /**
   * The first request died (lease expired) before it finished. `storeHead` is the event-store
   * position when it began: whatever it appended is after it, so the caller can find its invoice.
   */
  | { outcome: 'taken_over'; storeHead: bigint };

export type BeginInput = {
  tenantId: string;
  key: string;
  /**
   * The route the key is used on (`invoice`, `credit-note`, `debit-note`). Rows kept from before endpoints were
   * recorded have none, and match any endpoint until they are purged.
   */
  endpoint: string;
  requestHash: string;
  now: Date;
  leaseMs: number;
  storeHead: bigint;
};

export interface IdempotencyStore {
  /** Atomic per tenant and key: of concurrent begins with one key, exactly one starts. */
  begin(input: BeginInput): Promise<BeginResult>;
  /** Keeps the response (status, headers, JSON body) that later begins with the same body replay. */
  complete(tenantId: string, key: string, response: StoredResponse): Promise<void>;
  /** Forgets a key whose request failed without effect (5xx, 429), so the client may retry it. */
  release(tenantId: string, key: string): Promise<void>;
  /** Deletes keys created (first begun) strictly before `cutoff`; returns how many. */
  purgeCreatedBefore(cutoff: Date): Promise<number>;
  /** Releases the connection; closing twice is harmless. */
  close(): Promise<void>;
}
