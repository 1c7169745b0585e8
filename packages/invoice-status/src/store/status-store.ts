import type { InvoiceStatusView } from '../invoice-status.ts';

/**
 * Where the status views live, by invoice id or tenant cufe; `statusStoreContract` states what every adapter
 * must do. One writer per invoice at a time (one bus key), so read-then-write needs no lock.
 */
export interface StatusStore {
  get(invoiceId: string): Promise<InvoiceStatusView | undefined>;
  /** Event-store position of the last event folded into the row; undefined when it came without one. */
  positionOf(invoiceId: string): Promise<bigint | undefined>;
  /**
   * The view and its position (as `get` and `positionOf`) in one read: what folding the next event needs. An adapter
   * may answer from its own last save of the row, without a read (one writer per invoice at a time).
   */
  folded(invoiceId: string): Promise<{ view: InvoiceStatusView; position: bigint | undefined } | undefined>;
  /** Only this tenant's invoice: another tenant's cufe reads as absent. */
  findByCufe(tenantId: string, cufe: string): Promise<InvoiceStatusView | undefined>;
  /**
   * Insert or replace the row of `view.invoiceId`; without `position` the stored one is kept.
   * Resolves once this store's reads see the row; durable after `flushed()`.
   */
  save(view: InvoiceStatusView, position?: bigint): Promise<void>;
  /**
   * Highest consecutive seen for the tenant and prefix (the ingress's number hint reads the event store instead: it is
   * not this service's).
   */
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
