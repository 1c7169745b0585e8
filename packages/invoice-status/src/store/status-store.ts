import type { InvoiceStatusView } from '../invoice-status.ts';

/**
 * Where the status views live: one row per invoice, found by id (the projection) or by the
 * tenant's cufe (the status endpoint). Every method is async, so an adapter on a server
 * (PostgreSQL) honours the same port as the embedded one (node:sqlite); the contract suite
 * (`statusStoreContract`, `@fe/invoice-status/testing`) states what each must do.
 *
 *   await store.save(view, 42n); await store.flushed();    // 42n: event-store position folded in
 *   (await store.findByCufe('demo', cufe))?.status         // 'pending' | 'accepted' | 'rejected'
 *   await store.maxNumber('demo', 'SETP')                  // 990000007n; undefined for a fresh prefix
 *
 * Positions are event-store positions (bigint, up to 2^63 − 1); there is no default position:
 * a save without one keeps the row's. One writer per invoice at a time is assumed — the bus hands
 * an invoice's events (one key) to one handler of the group at a time — so the projection's
 * read-then-write needs no lock. Failures carry ProjectionError codes: CUFE_CONFLICT (another
 * invoice of the tenant holds the cufe), NUMBER_TOO_LARGE, STATUS_STORE_BUSY (retriable); an adapter on
 * a server reports it unreachable with the platform's STORE_UNAVAILABLE (retriable) instead.
 */
export interface StatusStore {
  get(invoiceId: string): Promise<InvoiceStatusView | undefined>;
  /** Event-store position of the last event folded into the row; undefined when it came without one. */
  positionOf(invoiceId: string): Promise<bigint | undefined>;
  /** Only this tenant's invoice: another tenant's cufe reads as absent. */
  findByCufe(tenantId: string, cufe: string): Promise<InvoiceStatusView | undefined>;
  /**
   * Insert or replace the row of `view.invoiceId`; without `position` the stored one is kept.
   * Resolves once this store's reads see the row; durable after `flushed()`.
   */
  save(view: InvoiceStatusView, position?: bigint): Promise<void>;
  /** Highest consecutive seen for the tenant and prefix (the ingress's number hint reads the event store instead: it is not this service's). */
  maxNumber(tenantId: string, prefix: string): Promise<bigint | undefined>;
  /** The tenant's latest `limit` invoices, most recently updated first (the admin portal's list). */
  listForTenant(tenantId: string, limit: number): Promise<InvoiceStatusView[]>;
  /** Every view, by invoice id (for rebuild comparisons; not for request paths). */
  all(): Promise<InvoiceStatusView[]>;
  /** Removes every view (before a rebuild). */
  clear(): Promise<void>;
  /**
   * Resolves when every save made so far is durable; rejects when their commit failed. An adapter
   * that commits each save before it resolves resolves at once; one that batches commits waits.
   */
  flushed(): Promise<void>;
  /** Commits what is pending and releases the connection; closing twice is harmless. */
  close(): Promise<void>;
}
