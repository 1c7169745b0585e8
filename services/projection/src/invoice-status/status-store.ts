import type { InvoiceStatusView } from './invoice-status.ts';

/**
 * Where the status views live: one row per invoice, found by id (the projection) or by the
 * tenant's cufe (the status endpoint). Synchronous, because the embedded adapter (node:sqlite)
 * is, and a read-then-write inside one bus handler then has no await for another handler to slip in.
 *
 *   store.save(view, 42n);                            // upsert; 42n = event-store position folded in
 *   store.findByCufe('demo', cufe)?.status           // 'pending' | 'accepted' | 'rejected'
 *   store.maxNumber('demo', 'SETP')                   // 990000007n, or undefined for a fresh prefix
 */
export interface StatusStore {
  get(invoiceId: string): InvoiceStatusView | undefined;
  /** Event-store position of the last event folded into the row; undefined when it came without one. */
  positionOf(invoiceId: string): bigint | undefined;
  /** Only this tenant's invoice: another tenant's cufe reads as absent. */
  findByCufe(tenantId: string, cufe: string): InvoiceStatusView | undefined;
  /** Insert or replace the row of `view.invoiceId`; without `position` the stored one is kept. */
  save(view: InvoiceStatusView, position?: bigint): void;
  /** Highest consecutive seen for the tenant and prefix: a hint for number allocation, not a guarantee. */
  maxNumber(tenantId: string, prefix: string): bigint | undefined;
  /** Every view, by invoice id (for rebuild comparisons; not for request paths). */
  all(): InvoiceStatusView[];
  /** Removes every view (before a rebuild). */
  clear(): void;
  /** Resolves when every save made so far is durable (an adapter that batches commits); absent = at once. */
  flushed?(): Promise<void>;
}
