import type { DocumentRequested } from '@fe/platform';
import { evolve, type InvoiceStatusView } from '@fe/invoice-status';
import type { IngressConfig } from '../config.ts';
import type { StoredResponse } from '../idempotency/idempotency-store.ts';
import type { InvoiceOutcomes } from './invoice-outcomes.ts';

export type WaitPorts = {
  outcomes: InvoiceOutcomes;
  /** The HTTP answer for a document's current view (status code, Location, body with fresh links). */
  answer(view: InvoiceStatusView): Promise<StoredResponse>;
  config: Pick<IngressConfig, 'waitBudgetMs'>;
};

/**
 * Waits for the verdict and its PDF (drawn after it), or for a step that gave up (nothing more will
 * happen until an operator acts), then answers with whatever is known.
 */
export async function waitAndAnswer(
  ports: WaitPorts,
  requested: DocumentRequested,
  waitMs: number | undefined,
): Promise<StoredResponse> {
  const done = (v: InvoiceStatusView) =>
    (v.status !== 'pending' && v.pdfKey !== undefined) || v.processingHalt !== undefined;
  const budget = Math.min(ports.config.waitBudgetMs, waitMs ?? Infinity);
  const view = await ports.outcomes.waitFor(requested.invoice_id!, done, budget);
  return ports.answer(view ?? evolve(undefined, requested)!);
}
