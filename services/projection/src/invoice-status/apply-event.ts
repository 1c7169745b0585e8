import type { InvoiceEvent } from '@fe/contracts';
import { evolve, type InvoiceStatusView } from '@fe/invoice-status';
import type { StatusStore } from '@fe/invoice-status';

export type ApplyOutcome =
  | { kind: 'changed'; view: InvoiceStatusView }
  /** Folded, but the view is what it was (a replayed creation, the last event again). */
  | { kind: 'unchanged' }
  /** The row already holds this store position: a replay by the relay after a restart. */
  | { kind: 'already_folded' }
  /** No view to fold into: the invoice's InvoiceRequested was never seen. */
  | { kind: 'orphan' };

/**
 * Folds one event into its stored row, the one write path of the live projection and a rebuild. An event at or
 * below the row's position is skipped, so a republished older event cannot rewrite a newer view.
 */
export async function applyEvent(
  store: StatusStore,
  event: InvoiceEvent,
  target: { invoiceId: string; position: bigint | undefined },
): Promise<ApplyOutcome> {
  const { invoiceId, position } = target;
  const stored = await store.folded(invoiceId);
  const folded = stored?.position;
  if (position !== undefined && folded !== undefined && position <= folded) return { kind: 'already_folded' };
  const current = stored?.view;
  const next = evolve(current, event);
  if (!next) return { kind: 'orphan' };
  if (next === current) return { kind: 'unchanged' };
  await store.save(next, position);
  return { kind: 'changed', view: next };
}
