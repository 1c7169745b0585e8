// After a run every document number allocated must be final or say why not: no invoice stuck with no signal.
// expectEverySettled(eventStore, withinMs?) throws, listing each number still pending without a processing_error.
import { invoiceEventTypes, type InvoiceEventType } from '@fe/contracts';
import { parseRecorded, type EventStore } from '@fe/platform';
import { evolve, type InvoiceStatusView } from '@fe/invoice-status';

type Unsettled = { number: string; tenant: string; stage: string };

/** Checks every stream of the store (one per number allocated), retrying for `withinMs` while steps still run. */
export async function expectEverySettled(store: EventStore, withinMs = 30_000): Promise<{ numbers: number }> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const views = await foldAll(store);
    const unsettled: Unsettled[] = [...views.values()]
      .filter((v) => v.status === 'pending' && !v.processingHalt)
      .map((v) => ({ number: v.number, tenant: v.tenantId, stage: v.stage }));
    if (unsettled.length === 0) return { numbers: views.size };
    if (Date.now() > deadline)
      throw new Error(
        `${unsettled.length} of ${views.size} numbers are pending with no processing_error: ` +
          unsettled.map((u) => `${u.tenant}/${u.number} (${u.stage})`).join(', '),
      );
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Every document stream's status view, folded from the store as the projection would. */
async function foldAll(store: EventStore): Promise<Map<string, InvoiceStatusView>> {
  const views = new Map<string, InvoiceStatusView>();
  for (let after = 0n; ;) {
    const page = await store.readAll({ after, limit: 1000 });
    if (page.length === 0) return views;
    for (const recorded of page) {
      after = recorded.position;
      // Tenant events share the store, not the documents' streams.
      if (!invoiceEventTypes.includes(recorded.envelope.type as InvoiceEventType)) continue;
      const view = evolve(views.get(recorded.stream), parseRecorded(recorded));
      if (view) views.set(recorded.stream, view);
    }
  }
}
