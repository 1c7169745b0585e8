/**
 * Which invoices a tenant received, newest first: the list's keys only; each invoice's view is its stream. Written
 * after the import's append, again on a repeated import, so a crash between the two is mended by the next one.
 *
 *   await index.add('demo', cufe, new Date());
 *   const page = await index.list('demo', { limit: 50 });  // [{ cufe, importedAt }]
 */
export interface ReceivedInvoiceIndex {
  /** Adds the invoice once; a second add keeps the first time. */
  add(tenantId: string, cufe: string, importedAt: Date): Promise<void>;
  /** At most `limit` (1–200), newest first; `before` continues a page from an importedAt. */
  list(tenantId: string, options: { limit: number; before?: Date }): Promise<{ cufe: string; importedAt: Date }[]>;
  close(): Promise<void>;
}
