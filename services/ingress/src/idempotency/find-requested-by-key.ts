import { parseRecorded, type DocumentRequested, type EventStore } from '@fe/platform';

const firstEventTypes = {
  invoice: 'InvoiceRequested',
  credit: 'CreditNoteRequested',
  debit: 'DebitNoteRequested',
} as const;

/**
 * After a crash, the first event a dead request may have appended (an invoice's, or a note's numbered without a
 * ledger): bounded by the store head recorded when it began. Rare path; correctness over speed.
 */
export async function findRequestedByKey(
  store: EventStore,
  after: bigint,
  tenantId: string,
  key: string,
  document: keyof typeof firstEventTypes = 'invoice',
): Promise<DocumentRequested | undefined> {
  let position = after;
  for (;;) {
    const page = await store.readAll({ after: position, limit: 1000 });
    for (const recorded of page) {
      const { type, tenant_id: tenant, data } = recorded.envelope as { type: string; tenant_id: string; data: unknown };
      const own = (data as { idempotency_key?: string }).idempotency_key === key;
      if (type === firstEventTypes[document] && tenant === tenantId && own)
        return parseRecorded(recorded) as DocumentRequested; // a stored v1 note is read as v2
    }
    if (page.length < 1000) return undefined;
    position = page[page.length - 1]!.position;
  }
}
