import { isDeepStrictEqual } from 'node:util';
import { topology } from '@fe/contracts';
import { parseRecorded, type EventStore } from '@fe/platform';
import { applyEvent } from './apply-event.ts';
import type { InvoiceStatusView } from '@fe/invoice-status';
import { SqliteStatusStore } from '@fe/invoice-status';
import type { StatusStore } from '@fe/invoice-status';

export type RebuildResult = {
  /** Invoice events folded. */
  events: number;
  /** Invoices with a view afterwards. */
  views: number;
  /** Events whose invoice was never requested (none in a healthy store). */
  orphans: number;
  /** The last event-store position read. */
  position: bigint;
};

const folded = new Set<string>(topology.projection.consumes);

/**
 * Rebuilds the read model from the event store. Stop the live projection before rebuilding its own store; a
 * rebuild into a fresh store can run beside it.
 */
export async function rebuildStatusViews(
  eventStore: EventStore,
  target: StatusStore,
  options: { pageSize?: number } = {},
): Promise<RebuildResult> {
  const limit = options.pageSize ?? 500;
  await target.clear();
  const invoices = new Set<string>();
  let after = 0n;
  let events = 0;
  let orphans = 0;
  for (;;) {
    const page = await eventStore.readAll({ after, limit });
    if (page.length === 0) break;
    for (const recorded of page) {
      after = recorded.position;
      if (!folded.has(recorded.envelope.type)) continue; // tenant events share the store
      const event = parseRecorded(recorded);
      const invoiceId = event.invoice_id ?? recorded.stream;
      events++;
      const outcome = await applyEvent(target, event, { invoiceId, position: recorded.position });
      if (outcome.kind === 'orphan') orphans++;
      else invoices.add(invoiceId);
    }
  }
  await target.flushed();
  return { events, views: invoices.size, orphans, position: after };
}

/**
 * Invoice ids whose views differ between two sets, sorted; `[]` when the projection equals a rebuild.
 */
export function diffViews(a: Iterable<InvoiceStatusView>, b: Iterable<InvoiceStatusView>): string[] {
  const left = new Map([...a].map((view) => [view.invoiceId, view]));
  const right = new Map([...b].map((view) => [view.invoiceId, view]));
  const ids = new Set([...left.keys(), ...right.keys()]);
  return [...ids].filter((id) => !isDeepStrictEqual(left.get(id), right.get(id))).sort();
}

/** One field of one invoice's view that differs between the live read model and a rebuild, as JSON. */
type ViewDifference = { invoiceId: string; field: string; live: string; rebuilt: string };

/** Every field that differs, per invoice (sorted); a view on one side only is one difference, field `view`. */
export function viewDifferences(
  live: Iterable<InvoiceStatusView>,
  rebuilt: Iterable<InvoiceStatusView>,
): ViewDifference[] {
  const left = new Map([...live].map((view) => [view.invoiceId, view]));
  const right = new Map([...rebuilt].map((view) => [view.invoiceId, view]));
  const shown = (value: unknown) => (value === undefined ? 'absent' : JSON.stringify(value).slice(0, 200));
  const differences: ViewDifference[] = [];
  for (const invoiceId of [...new Set([...left.keys(), ...right.keys()])].sort()) {
    const [a, b] = [left.get(invoiceId), right.get(invoiceId)];
    if (!a || !b) {
      differences.push({ invoiceId, field: 'view', live: a ? 'present' : 'absent', rebuilt: b ? 'present' : 'absent' });
      continue;
    }
    const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const field of fields) {
      const [x, y] = [(a as Record<string, unknown>)[field], (b as Record<string, unknown>)[field]];
      if (!isDeepStrictEqual(x, y)) differences.push({ invoiceId, field, live: shown(x), rebuilt: shown(y) });
    }
  }
  return differences;
}

/**
 * Rebuilds into a throw-away in-memory store and compares it with `live`: the check that "the
 * projection equals a rebuild from the event store". Returns the differing invoice ids.
 */
export async function diffAgainstRebuild(eventStore: EventStore, live: StatusStore): Promise<string[]> {
  const rebuilt = new SqliteStatusStore(':memory:');
  try {
    await rebuildStatusViews(eventStore, rebuilt);
    return diffViews(await live.all(), await rebuilt.all());
  } finally {
    await rebuilt.close();
  }
}
