import type { InvoiceRequestedV2 } from '@fe/contracts';
import type { EventStore } from '@fe/platform';

/**
 * After a crash, the InvoiceRequested a dead request may have appended: bounded by the store head recorded when it
 * began. Rare path; correctness over speed.
 */
export async function findRequestedByKey(
  store: EventStore,
  after: bigint,
  tenantId: string,
  key: string,
): Promise<InvoiceRequestedV2 | undefined> {
  let position = after;
  for (;;) {
    const page = await store.readAll({ after: position, limit: 1000 });
    for (const recorded of page) {
      const event = recorded.envelope as InvoiceRequestedV2;
      if (event.type === 'InvoiceRequested' && event.tenant_id === tenantId && event.data.idempotency_key === key)
        return event;
    }
    if (page.length < 1000) return undefined;
    position = page[page.length - 1]!.position;
  }
}
