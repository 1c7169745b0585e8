import { receivedInvoiceStream, type InvoiceEvent } from '@fe/contracts';
import type { AuditFinding, EventStore } from '@fe/platform';
import {
  evolveReceivedInvoice,
  initialReceivedInvoiceState,
  receivedInvoiceView,
  type ReceivedInvoiceIndex,
  type ReceivedInvoiceState,
} from '@fe/received-invoices';

/** Each received invoice rebuilt from its stream: its tenant, its view, the first import's time. */
export type RebuiltReceived = { stream: string; tenantId: string; cufe: string; importedAt: Date };

/**
 * Every received invoice's stream folded from the store, as the API and the portal fold it (receivedInvoiceView):
 * a stream whose fold gives no view (no import) is named in `unreadable`.
 */
export async function rebuildReceived(store: EventStore): Promise<{
  invoices: RebuiltReceived[];
  unreadable: string[];
  events: number;
  position: bigint;
}> {
  const states = new Map<string, { tenantId: string; state: ReceivedInvoiceState; firstImport?: string }>();
  let position = 0n;
  let events = 0;
  for (;;) {
    const page = await store.readAll({ after: position, limit: 1000 });
    if (page.length === 0) break;
    for (const { stream, envelope, position: at } of page) {
      position = at;
      if (!stream.startsWith(receivedInvoiceStream(envelope.tenant_id, ''))) continue;
      events++;
      const entry = states.get(stream) ?? { tenantId: envelope.tenant_id, state: initialReceivedInvoiceState() };
      entry.state = evolveReceivedInvoice(entry.state, envelope as InvoiceEvent);
      if (envelope.type === 'ReceivedInvoiceImported') entry.firstImport ??= envelope.occurred_at;
      states.set(stream, entry);
    }
  }
  const invoices: RebuiltReceived[] = [];
  const unreadable: string[] = [];
  for (const [stream, { tenantId, state, firstImport }] of states) {
    const view = receivedInvoiceView(state);
    if (view && firstImport) invoices.push({ stream, tenantId, cufe: view.cufe, importedAt: new Date(firstImport) });
    else unreadable.push(stream);
  }
  return { invoices, unreadable, events, position };
}

/**
 * The live list of received invoices (the index the API and the portal page through) against the rebuild: each
 * invoice listed once for its tenant, not before its first import, nothing listed without its stream. Only the
 * tenants that received something are paged: the index has no list of tenants.
 */
export async function receivedListDifferences(
  rebuilt: readonly RebuiltReceived[],
  live: ReceivedInvoiceIndex,
): Promise<{ subject: string; detail: string }[]> {
  const differences: { subject: string; detail: string }[] = [];
  for (const tenantId of new Set(rebuilt.map((r) => r.tenantId))) {
    const listed = new Map<string, Date>();
    for (let before: Date | undefined; ;) {
      const page = await live.list(tenantId, { limit: 200, ...(before ? { before } : {}) });
      for (const row of page) listed.set(row.cufe, row.importedAt);
      if (page.length < 200) break;
      before = page.at(-1)!.importedAt;
    }
    const mine = rebuilt.filter((r) => r.tenantId === tenantId);
    for (const invoice of mine) {
      const at = listed.get(invoice.cufe);
      if (!at) differences.push({ subject: invoice.stream, detail: 'imported, not in the live list' });
      else if (at < invoice.importedAt)
        differences.push({
          subject: invoice.stream,
          detail: `listed at ${at.toISOString()}, before its import at ${invoice.importedAt.toISOString()}`,
        });
    }
    for (const cufe of listed.keys())
      if (!mine.some((r) => r.cufe === cufe))
        differences.push({
          subject: receivedInvoiceStream(tenantId, cufe),
          detail: 'listed, but no import on its stream',
        });
  }
  return differences;
}

/**
 * `fe audit verify`'s side of it: each difference a READ_MODEL_DIFFERS. A running service lists an import just after
 * appending it, so differences are looked at again after `settleMs` and only those found twice are reported.
 */
export async function receivedListFindings(
  store: EventStore,
  live: ReceivedInvoiceIndex | undefined,
  settleMs = 2000,
): Promise<AuditFinding[]> {
  if (!live) return [];
  const compare = async () => {
    const { invoices, unreadable } = await rebuildReceived(store);
    return [
      ...unreadable.map((subject) => ({ subject, detail: 'no view: the stream has no import' })),
      ...(await receivedListDifferences(invoices, live)),
    ];
  };
  const first = await compare();
  if (first.length === 0) return [];
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const seen = new Set(first.map((d) => `${d.subject}\u0000${d.detail}`));
  return (await compare())
    .filter((d) => seen.has(`${d.subject}\u0000${d.detail}`))
    .map(({ subject, detail }) => ({
      code: 'READ_MODEL_DIFFERS' as const,
      subject,
      detail: `received invoices: ${detail}`,
    }));
}
